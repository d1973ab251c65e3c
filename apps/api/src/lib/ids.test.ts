import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { isUuid } from './ids.ts';

describe('isUuid', () => {
  it('knows the ids the database issues, in either case', () => {
    const id = randomUUID();
    expect(isUuid(id)).toBe(true);
    expect(isUuid(id.toUpperCase())).toBe(true);
    expect(isUuid('00000000-0000-0000-0000-000000000000')).toBe(true);
  });

  it('refuses anything else, so that it is answered as not found', () => {
    for (const value of [
      '',
      'abc',
      `${randomUUID()} `,
      `{${randomUUID()}}`,
      randomUUID().replaceAll('-', ''),
      '../x',
      'g0000000-0000-0000-0000-000000000000',
    ]) {
      expect(isUuid(value), value).toBe(false);
    }
  });
});
