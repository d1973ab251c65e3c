import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { isValidationCode, validationMessages } from './validation-messages.ts';

const sourceDir = path.dirname(fileURLToPath(import.meta.url));

function sourceFiles(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(directory, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

/**
 * The message keys written in the contract's schemas: `message: 'key'` and `error: 'key'`
 * (issues and schema options) and a key as the last argument of a call (`.min(1, 'key')`,
 * `.refine(check, 'key')`, `optionalText(500, 'key')`).
 */
function messageKeysInSource(): Map<string, string> {
  const patterns = [/\b(?:message|error):\s*'(\w+)'/g, /,\s*'(\w+)'\s*\)/g];
  const keys = new Map<string, string>();
  for (const file of sourceFiles(sourceDir)) {
    if (file.endsWith('validation-messages.ts')) continue;
    const text = readFileSync(file, 'utf8');
    for (const pattern of patterns) {
      for (const match of text.matchAll(pattern)) {
        const key = match[1] as string;
        if (!keys.has(key)) keys.set(key, path.relative(sourceDir, file));
      }
    }
  }
  return keys;
}

describe('validationMessages', () => {
  const used = messageKeysInSource();

  it('finds the keys of the schemas (the scan itself works)', () => {
    for (const key of [
      'titleRequired',
      'nicknameLength',
      'settlementFieldRequired',
      'pageInvalid',
    ]) {
      expect(used.has(key), key).toBe(true);
    }
  });

  it.each([...used])('has an English text for %s (%s)', (key) => {
    expect(isValidationCode(key)).toBe(true);
  });

  it('holds sentences, not keys', () => {
    for (const [key, text] of Object.entries(validationMessages)) {
      expect(text, key).toMatch(/^[A-Z].*[.]$/);
      expect(text, key).not.toContain('{{');
    }
  });

  it('is no lookup of inherited names', () => {
    expect(isValidationCode('toString')).toBe(false);
    expect(isValidationCode('constructor')).toBe(false);
  });
});
