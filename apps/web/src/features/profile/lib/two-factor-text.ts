/** The setup key in groups of four (`ABCD EFGH …`): easier to read and to type into an app. */
export function groupSecret(secret: string): string {
  return (secret.match(/.{1,4}/g) ?? []).join(' ');
}

/** The name of the downloaded recovery codes. */
export const recoveryCodesFileName = 'seller-center-recovery-codes.txt';

/** The text of that file: a title, what the codes are for, then one code a line. */
export function recoveryCodesText({
  title,
  note,
  codes,
}: {
  title: string;
  note: string;
  codes: readonly string[];
}): string {
  return [title, note, '', ...codes, ''].join('\n');
}

/** What a QR code needs of the `qrcode` package's module matrix. */
export interface QrModules {
  size: number;
  get(row: number, column: number): number;
}

/** The quiet zone that QR readers need around the code, in modules. */
export const qrMargin = 4;

/**
 * The dark modules of a QR code as one SVG path (a unit square each), inside a square of
 * `size + 2 × qrMargin` units.
 */
export function qrPath(modules: QrModules): string {
  let path = '';
  for (let row = 0; row < modules.size; row++) {
    for (let column = 0; column < modules.size; column++) {
      if (modules.get(row, column)) path += `M${column + qrMargin} ${row + qrMargin}h1v1h-1z`;
    }
  }
  return path;
}
