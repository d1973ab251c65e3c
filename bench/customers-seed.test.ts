import { PGlite } from '@electric-sql/pglite';
import { afterAll, describe, expect, it } from 'vitest';
import { nonNegative, textHash } from './scenarios/customers.ts';

describe('the customers scenario’s hashes', () => {
  const db = new PGlite();
  afterAll(() => db.close());

  it('keep the one integer abs() refuses, −2³¹', async () => {
    await expect(db.query('select abs((-2147483648)::int)')).rejects.toThrow(/out of range/);
    const { rows } = await db.query<{ value: number }>(
      `select ${nonNegative('(-2147483648)::int')} as value`,
    );
    expect(rows[0]?.value).toBe(0);
  });

  it('spread texts over non-negative integers, keeping the hash of a positive one', async () => {
    const { rows } = await db.query<{ hash: number; raw: number }>(
      `select ${textHash(`'product' || g`)} as hash, hashtext('product' || g) as raw
       from generate_series(1, 200) g`,
    );
    expect(rows.every((row) => row.hash >= 0)).toBe(true);
    for (const row of rows.filter((one) => one.raw >= 0)) expect(row.hash).toBe(row.raw);
    expect(new Set(rows.map((row) => row.hash)).size).toBe(200);
  });
});
