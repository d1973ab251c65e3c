import { errorCodes } from '@seller/contract/errors';
import en from '@seller/locales/app/en.json';
import fr from '@seller/locales/app/fr.json';
import ja from '@seller/locales/app/ja.json';
import ko from '@seller/locales/app/ko.json';
import tr from '@seller/locales/app/tr.json';
import zh from '@seller/locales/app/zh.json';
import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { ApiError, clientErrorCodes } from './api-error';
import { errorMessage, errorMessageKeys } from './error-messages';

const locales = { en, ko, zh, ja, fr, tr } as const;

/** The text at a dotted key of a locale file, if there is one. */
function textAt(tree: unknown, key: string): unknown {
  return key
    .split('.')
    .reduce<unknown>(
      (node, part) =>
        node !== null && typeof node === 'object'
          ? (node as Record<string, unknown>)[part]
          : undefined,
      tree,
    );
}

/** A `t` that answers the key itself, so that the chosen key can be read. */
const keyOf = ((key: string) => key) as unknown as TFunction;

describe('error messages', () => {
  const codes = [...errorCodes, ...Object.values(clientErrorCodes)];

  it.each(codes)('%s has a text in every language', (code) => {
    const key = errorMessageKeys[code];
    for (const [language, tree] of Object.entries(locales)) {
      const text = textAt(tree, key);
      expect(typeof text === 'string' && text.trim() !== '', `${language}: ${key}`).toBe(true);
    }
  });

  it('maps nothing but the codes the contract and the client define', () => {
    expect(Object.keys(errorMessageKeys).sort()).toEqual([...codes].sort());
  });

  it('says a catalogue code in its own words, never in the server’s English', () => {
    const error = new ApiError({ status: 409, code: 'email_taken', serverMessage: 'Taken!' });
    expect(errorMessage(keyOf, error, 'fallback')).toBe('apiError.emailTaken');
  });

  it('shows the server’s sentence only for a code this build does not know', () => {
    const unknown = new ApiError({
      status: 418,
      code: clientErrorCodes.unknown,
      serverMessage: 'A new kind of refusal.',
    });
    expect(errorMessage(keyOf, unknown, 'fallback')).toBe('A new kind of refusal.');
    const bare = new ApiError({ status: 502, code: clientErrorCodes.unknown });
    expect(errorMessage(keyOf, bare, 'fallback')).toBe('fallback');
  });

  it('finds the API error behind an upload failure, and falls back for anything else', () => {
    const cause = new ApiError({ status: 429, code: 'rate_limited' });
    expect(errorMessage(keyOf, new Error('Upload failed', { cause }), 'fallback')).toBe(
      'apiError.rateLimited',
    );
    expect(errorMessage(keyOf, new Error('boom'), 'fallback')).toBe('fallback');
  });
});
