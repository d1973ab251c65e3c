import { describe, expect, it } from 'vitest';
import { createSecretBox } from './secret-box.ts';

const key = 'k'.repeat(40);
const other = 'o'.repeat(40);

describe('secret box', () => {
  it('seals so that the stored text does not reveal the secret, and opens it again', () => {
    const box = createSecretBox(key);
    const sealed = box.seal('JBSWY3DPEHPK3PXP');
    expect(sealed).not.toContain('JBSWY3DPEHPK3PXP');
    expect(sealed).toMatch(/^v1\./);
    expect(box.seal('JBSWY3DPEHPK3PXP')).not.toBe(sealed);
    expect(box.open(sealed)).toBe('JBSWY3DPEHPK3PXP');
  });

  it('refuses a changed text and another key; a retired key still opens', () => {
    const sealed = createSecretBox(key).seal('secret');
    const parts = sealed.split('.');
    const body = parts[2] ?? '';
    const flipped = `${body[0] === 'A' ? 'B' : 'A'}${body.slice(1)}`;
    const tampered = [parts[0], parts[1], flipped, parts[3]].join('.');
    expect(() => createSecretBox(key).open(tampered)).toThrow();
    expect(() => createSecretBox(other).open(sealed)).toThrow();
    expect(createSecretBox(other, [key]).open(sealed)).toBe('secret');
  });
});
