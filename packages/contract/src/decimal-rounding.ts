/**
 * Rounding of prices converted at an exchange rate, done on the decimals as written rather than
 * on binary floats: 45 × 1380.1 is 62104.5 exactly and rounds to 62105, where the float product
 * (62104.49999…) would round down. Halves go up (towards +∞), as `Math.round` does.
 */

/** A finite number as an integer and a power of ten: 13.05 → 1305 and 2. */
function decimalOf(value: number): { units: bigint; scale: number } {
  const [mantissa = '0', exponent = '0'] = String(value).toLowerCase().split('e');
  const [whole = '0', fraction = ''] = mantissa.split('.');
  const scale = fraction.length - Number(exponent);
  const units = BigInt(`${whole}${fraction}`);
  return scale >= 0 ? { units, scale } : { units: units * 10n ** BigInt(-scale), scale: 0 };
}

/** `numerator ÷ denominator` (denominator > 0) rounded half up to a whole number. */
function roundQuotient(numerator: bigint, denominator: bigint): bigint {
  const twice = 2n * numerator + denominator;
  const divisor = 2n * denominator;
  const quotient = twice / divisor;
  // BigInt division truncates towards zero; rounding half up needs the floor.
  return twice % divisor !== 0n && twice < 0n ? quotient - 1n : quotient;
}

/**
 * `a × b ÷ c` rounded half up to `digits` decimals (c defaults to 1; a zero or negative c gives
 * 0). Every operand is taken as the decimal it prints as.
 */
export function roundedProduct(a: number, b: number, digits: number, c = 1): number {
  if (!Number.isFinite(a) || !Number.isFinite(b) || !Number.isFinite(c) || !(c > 0)) return 0;
  const x = decimalOf(a);
  const y = decimalOf(b);
  const z = decimalOf(c);
  // a·b/c = (x.units·y.units·10^z.scale) / (z.units·10^(x.scale+y.scale)); times 10^digits.
  const numerator = x.units * y.units * 10n ** BigInt(z.scale + digits);
  const denominator = z.units * 10n ** BigInt(x.scale + y.scale);
  return Number(roundQuotient(numerator, denominator)) / 10 ** digits;
}
