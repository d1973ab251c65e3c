import { matchRoutes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { guardedRedirect, publicRedirect } from './route-parts';
import { isPublicPath, loadSignedInRoutes, publicRoutes } from './router';

describe('access guard', () => {
  it('lets a valid session in and sends anyone else to /login', () => {
    expect(guardedRedirect('valid')).toBeNull();
    expect(guardedRedirect('missing')).toBe('/login');
    expect(guardedRedirect('expired')).toBe('/login');
  });

  it('sends a signed-in seller from the public pages to the dashboard', () => {
    expect(publicRedirect('valid')).toBe('/');
    expect(publicRedirect('missing')).toBeNull();
    expect(publicRedirect('expired')).toBeNull();
  });
});

describe('route tables', () => {
  const matched = async (pathname: string) =>
    (matchRoutes([...publicRoutes, ...(await loadSignedInRoutes())], pathname) ?? []).map(
      (match) => match.route.path ?? '(shell)',
    );

  it('shows the public pages on their own', async () => {
    expect(await matched('/login')).toEqual(['/login']);
    expect(await matched('/signup')).toEqual(['/signup']);
    expect(await matched('/terms')).toEqual(['/terms']);
    expect(await matched('/privacy')).toEqual(['/privacy']);
    expect(await matched('/forgot-password')).toEqual(['/forgot-password']);
    expect(await matched('/reset-password')).toEqual(['/reset-password']);
  });

  it('puts every other page, unknown URLs included, inside the signed-in shell', async () => {
    expect(await matched('/')).toEqual(['(shell)', '(shell)']);
    expect(await matched('/products/p-1/edit')).toEqual(['(shell)', '/products/:productId/edit']);
    expect(await matched('/sales')).toEqual(['(shell)', '/sales']);
    expect(await matched('/settings/developer')).toEqual(['(shell)', '/settings/developer']);
    expect(await matched('/no/such/page')).toEqual(['(shell)', '*']);
  });

  it('needs the signed-in table for every page but the public ones', () => {
    expect(isPublicPath('/login')).toBe(true);
    expect(isPublicPath('/unsubscribe/t-1')).toBe(true);
    expect(isPublicPath('/terms')).toBe(true);
    expect(isPublicPath('/')).toBe(false);
    expect(isPublicPath('/products/p-1')).toBe(false);
    expect(isPublicPath('/no/such/page')).toBe(false);
  });
});
