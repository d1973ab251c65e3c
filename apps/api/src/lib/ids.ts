/**
 * Whether a path or body value has the shape of the ids the database issues (a UUID, any
 * version, either case). A value of another shape names nothing: the caller answers it as
 * "not found" without asking the database, which would refuse it as no uuid at all.
 */
export function isUuid(value: string): boolean {
  return uuidShape.test(value);
}

/**
 * A uuid sent in either case, as the database gives it back: in lower case. An id taken from a
 * call this way compares equal to the stored one.
 */
export function uuidAsStored(value: string): string {
  return value.toLowerCase();
}

const uuidShape = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
