import { describe, expect, it } from 'vitest';
import { guardedRedirect, publicRedirect, screensFor } from './router';

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

describe('screensFor (what the first URL loads before the first render)', () => {
  it('follows the route table', () => {
    expect(screensFor('/', 'valid')).toEqual(['app', 'dashboard']);
    expect(screensFor('/products', 'valid')).toEqual(['app', 'products']);
    expect(screensFor('/products/create', 'valid')).toEqual(['app', 'productCreate']);
    expect(screensFor('/products/p-1', 'valid')).toEqual(['app', 'productDetail']);
    expect(screensFor('/products/p-1/edit', 'valid')).toEqual(['app', 'productEdit']);
    expect(screensFor('/no/such/page', 'valid')).toEqual(['app', 'notFound']);
    expect(screensFor('/signup', 'missing')).toEqual(['signup']);
  });

  it('loads the page that a redirect leads to', () => {
    expect(screensFor('/profile', 'missing')).toEqual(['login']);
    expect(screensFor('/', 'expired')).toEqual(['login']);
    expect(screensFor('/login', 'valid')).toEqual(['app', 'dashboard']);
  });
});
