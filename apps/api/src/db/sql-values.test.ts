import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { parseRows, sqlInteger, sqlTimestamp } from './sql-values.ts';

describe('raw query values', () => {
  it('reads whole numbers as either driver returns them', () => {
    expect(sqlInteger.parse(42)).toBe(42);
    expect(sqlInteger.parse('9007199254740991')).toBe(Number.MAX_SAFE_INTEGER);
    expect(sqlInteger.parse(12n)).toBe(12);
  });

  it('refuses what is not a safe whole number rather than rounding it', () => {
    for (const value of ['9007199254740993', '1.5', '', 'twelve', null]) {
      expect(sqlInteger.safeParse(value).success, String(value)).toBe(false);
    }
  });

  it('reads timestamps from a Date or from text, and refuses text that is none', () => {
    const at = new Date('2026-03-01T00:30:00.123Z');
    expect(sqlTimestamp.parse(at)).toEqual(at);
    expect(sqlTimestamp.parse('2026-03-01 09:30:00.123+09')).toEqual(at);
    expect(sqlTimestamp.safeParse('yesterday').success).toBe(false);
  });

  it('parses every row of a result, and refuses a result without rows', () => {
    const row = z.object({ count: sqlInteger });
    expect(parseRows(row, { rows: [{ count: '3' }, { count: 4 }] })).toEqual([
      { count: 3 },
      { count: 4 },
    ]);
    expect(() => parseRows(row, { rows: [{ count: 'x' }] })).toThrow();
    expect(() => parseRows(row, {})).toThrow('query result without rows');
  });
});
