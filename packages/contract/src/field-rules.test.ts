import { describe, expect, it } from 'vitest';
import { emailIssue, presentedPasswordIssue } from './field-rules.ts';
import { emailSchema, presentedPasswordSchema } from './fields.ts';

/** The first message a schema reports, as a form resolver shows it; undefined when valid. */
function firstIssue(schema: typeof emailSchema | typeof presentedPasswordSchema, value: string) {
  const result = schema.safeParse(value);
  return result.success ? undefined : result.error.issues[0]?.message;
}

const emails = [
  '',
  ' ',
  '   \t ',
  'seller',
  'seller@',
  '@example.com',
  'seller@example',
  'seller@example.com',
  '  seller@example.com  ',
  'sel ler@example.com',
  'seller@exa mple.com',
  'a@b.c',
  'seller@@example.com',
  'seller@example..com',
  `${'a'.repeat(242)}@example.com`,
  `${'a'.repeat(243)}@example.com`,
  ` ${'a'.repeat(242)}@example.com `,
  '판매자@예시.한국',
];

const passwords = ['', ' ', 'a', 'secret123', '  padded  ', 'x'.repeat(1024), 'x'.repeat(1025)];

describe('zod-free field rules', () => {
  it.each(emails)('reports what emailField reports for %j', (value) => {
    expect(emailIssue(value)).toBe(firstIssue(emailSchema, value));
  });

  it.each(passwords.map((value) => [value.length, value]))(
    'reports what presentedPasswordField reports for a password of %i characters',
    (_length, value) => {
      expect(presentedPasswordIssue(value)).toBe(firstIssue(presentedPasswordSchema, value));
    },
  );
});
