/**
 * `make`, called once for each distinct list of arguments, its result kept and given again after:
 * for the browser's Intl formats, which cost far more to build than to use, while a screen
 * formats many values on every render. The arguments are told apart as text (`undefined` as '').
 */
export function madeOnce<A extends readonly (string | number | undefined)[], T>(
  make: (...args: A) => T,
): (...args: A) => T {
  const made = new Map<string, T>();
  return (...args) => {
    const key = args.join('/');
    let value = made.get(key);
    if (value === undefined) {
      value = make(...args);
      made.set(key, value);
    }
    return value;
  };
}
