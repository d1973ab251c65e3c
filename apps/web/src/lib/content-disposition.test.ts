import { describe, expect, it } from 'vitest';
import { fileNameFromDisposition } from './content-disposition';

describe('fileNameFromDisposition', () => {
  it('reads the quoted name the server sends', () => {
    expect(fileNameFromDisposition('attachment; filename="sales-all-2026-11-21.csv"')).toBe(
      'sales-all-2026-11-21.csv',
    );
  });

  it('prefers the RFC 5987 name and reads bare names', () => {
    expect(
      fileNameFromDisposition(
        `attachment; filename="a.csv"; filename*=UTF-8''%ED%8C%90%EB%A7%A4.csv`,
      ),
    ).toBe('판매.csv');
    expect(fileNameFromDisposition('attachment; filename=report.csv')).toBe('report.csv');
  });

  it('drops path parts and answers nothing without a name', () => {
    expect(fileNameFromDisposition('attachment; filename="../../etc/passwd"')).toBe('passwd');
    expect(fileNameFromDisposition('attachment')).toBeUndefined();
    expect(fileNameFromDisposition(null)).toBeUndefined();
  });

  it('reads quoted names with escaped quotes, and nothing from a broken RFC 8187 name', () => {
    expect(fileNameFromDisposition('attachment; filename="say \\"hi\\".pdf"')).toBe('say "hi".pdf');
    expect(fileNameFromDisposition("attachment; filename*=UTF-8''%E0%A4%A")).toBeUndefined();
  });
});
