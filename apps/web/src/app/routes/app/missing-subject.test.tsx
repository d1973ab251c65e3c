// @vitest-environment jsdom
import { randomUUID } from 'node:crypto';
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '@/lib/i18n';
import { currentUrl, renderApp } from '@/testing/render-app';
import { signUpSeller } from '@/testing/seller-api';

afterEach(async () => {
  await act(() => i18n.changeLanguage('en'));
});

/** Opens `path` with the interface in `language`. */
async function open(path: string, language: string) {
  const view = await renderApp(path);
  await act(() => i18n.changeLanguage(language));
  return view;
}

describe('a page about something that does not exist', () => {
  it.each([
    ['a product id that is no product', () => `/products/${randomUUID()}`],
    ['the edit form of such a product', () => `/products/${randomUUID()}/edit`],
    ['an id that is no id at all', () => '/products/not-a-product'],
  ])("%s shows the not-found page in the seller's language", async (_name, path) => {
    await signUpSeller();
    await open(path(), 'ko');
    const page = await screen.findByTestId('not-found');
    within(page).getByRole('heading', { name: '페이지를 찾을 수 없습니다' });
    // Nothing of the server's English answer, nor of the product screens' error box.
    expect(screen.queryByTestId('product-error')).toBeNull();
    expect(document.body.textContent).not.toMatch(/not found/i);
    // Inside the signed-in shell, as an unknown address is.
    expect(screen.getByRole('navigation', { name: '주 메뉴' })).toBeTruthy();
  });

  it('is in Chinese for a Chinese seller, and goes away with the next page', async () => {
    await signUpSeller();
    const { user } = await open(`/products/${randomUUID()}`, 'zh');
    const page = await screen.findByTestId('not-found');
    expect(page.textContent).toContain('页面不存在');
    await user.click(within(page).getByRole('link'));
    await waitFor(() => expect(currentUrl()).toBe('/'));
    await waitFor(() => expect(screen.queryByTestId('not-found')).toBeNull());
  });

  it('shows for an unknown address as well, in Japanese for a Japanese seller', async () => {
    await signUpSeller();
    await open('/no/such/page', 'ja');
    const page = await screen.findByTestId('not-found');
    within(page).getByRole('heading', { level: 1 });
    expect(page.textContent).toContain('ページが見つかりません');
    expect(screen.getByRole('navigation', { name: 'メインナビゲーション' })).toBeTruthy();
  });
});
