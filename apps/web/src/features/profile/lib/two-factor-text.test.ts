import { describe, expect, it } from 'vitest';
import { groupSecret, qrMargin, qrPath, recoveryCodesText } from './two-factor-text';

describe('the setup key', () => {
  it('reads in groups of four', () => {
    expect(groupSecret('JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP')).toBe(
      'JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP',
    );
    expect(groupSecret('ABCDEF')).toBe('ABCD EF');
    expect(groupSecret('')).toBe('');
  });
});

describe('the recovery codes file', () => {
  it('has a title, a note, then one code a line', () => {
    expect(
      recoveryCodesText({
        title: 'Codes',
        note: 'Once each.',
        codes: ['AAAAA-BBBBB', 'CCCCC-DDDDD'],
      }),
    ).toBe('Codes\nOnce each.\n\nAAAAA-BBBBB\nCCCCC-DDDDD\n');
  });
});

describe('the QR code path', () => {
  it('draws a unit square for each dark module, inside the quiet zone', () => {
    const dark = new Set(['0,0', '1,1']);
    const path = qrPath({ size: 2, get: (row, column) => (dark.has(`${row},${column}`) ? 1 : 0) });
    expect(path).toBe(`M${qrMargin} ${qrMargin}h1v1h-1zM${qrMargin + 1} ${qrMargin + 1}h1v1h-1z`);
  });
});
