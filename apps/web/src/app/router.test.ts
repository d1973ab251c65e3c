import { matchRoutes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { guardedRedirect, publicRedirect, routes } from './router';

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

describe('route table', () => {
  const matched = (pathname: string) =>
    (matchRoutes(routes, pathname) ?? []).map((match) => match.route.path ?? '(shell)');

  it('shows the public pages on their own', () => {
    expect(matched('/login')).toEqual(['/login']);
    expect(matched('/signup')).toEqual(['/signup']);
    expect(matched('/terms')).toEqual(['/terms']);
    expect(matched('/privacy')).toEqual(['/privacy']);
    expect(matched('/forgot-password')).toEqual(['/forgot-password']);
    expect(matched('/reset-password')).toEqual(['/reset-password']);
  });

  it('puts every other page, unknown URLs included, inside the signed-in shell', () => {
    expect(matched('/')).toEqual(['(shell)', '(shell)']);
    expect(matched('/products/p-1/edit')).toEqual(['(shell)', '/products/:productId/edit']);
    expect(matched('/sales')).toEqual(['(shell)', '/sales']);
    expect(matched('/settings/developer')).toEqual(['(shell)', '/settings/developer']);
    expect(matched('/no/such/page')).toEqual(['(shell)', '*']);
  });
});
