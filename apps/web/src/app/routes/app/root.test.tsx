// @vitest-environment jsdom
import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearSession } from '@/lib/auth-token';
import { i18n } from '@/lib/i18n';
import { currentUrl, renderApp } from '@/testing/render-app';
import { signUpSeller } from '@/testing/seller-api';

interface LanguageCall {
  language: unknown;
  status: number;
}

/** The calls that tell the server the seller's language, with the server's answers. */
function recordLanguageCalls(): LanguageCall[] {
  const calls: LanguageCall[] = [];
  const fetch = globalThis.fetch;
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const response = await fetch(input, init);
    const url = new URL(String(input), window.location.href);
    if (url.pathname === '/api/auth/language') {
      expect(init?.method).toBe('PUT');
      const body: { language?: unknown } = JSON.parse(String(init?.body));
      calls.push({ language: body.language, status: response.status });
    }
    return response;
  });
  return calls;
}

afterEach(async () => {
  vi.restoreAllMocks();
  // Signed out first: switching back is no seller's choice.
  clearSession();
  await act(() => i18n.changeLanguage('en'));
});

describe('the language of a signed-in seller', () => {
  it('is kept on the account each time the seller switches it, and only then', async () => {
    await signUpSeller();
    await renderApp('/');
    await screen.findByText(/^Welcome, /);
    const calls = recordLanguageCalls();

    await act(() => i18n.changeLanguage('ko'));
    await waitFor(() => expect(calls).toEqual([{ language: 'ko', status: 204 }]));
    // The same language again is nothing new.
    await act(() => i18n.changeLanguage('ko'));
    await act(() => i18n.changeLanguage('tr'));
    await waitFor(() =>
      expect(calls).toEqual([
        { language: 'ko', status: 204 },
        { language: 'tr', status: 204 },
      ]),
    );
  });

  it('is not sent while signed out, and becomes the account’s at sign-in', async () => {
    const seller = await signUpSeller();
    clearSession();
    const calls = recordLanguageCalls();
    const { user } = await renderApp('/login');
    await act(() => i18n.changeLanguage('fr'));
    await user.type(await screen.findByLabelText('E-mail'), seller.email);
    await user.type(screen.getByLabelText('Mot de passe'), seller.password);
    expect(calls).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Se connecter' }));
    await waitFor(() => expect(currentUrl()).toBe('/'));
    await waitFor(() => expect(calls).toEqual([{ language: 'fr', status: 204 }]));
  });
});
