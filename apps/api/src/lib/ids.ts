/**
 * Whether a path or body value has the shape of the ids the database issues (a UUID, any
 * version, either case). A value of another shape names nothing: the caller answers it as
 * "not found" without asking the database, which would refuse it as no uuid at all.
 */
export function isUuid(value: string): boolean {
  return uuidShape.test(value);
}

const uuidShape = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
