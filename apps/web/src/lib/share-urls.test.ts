import { describe, expect, it } from 'vitest';
import { creatorPageUrl, productPageUrl, twitterShareUrl } from './share-urls';

describe('member site links', () => {
  it('builds the creator page from the member site and the nickname', () => {
    expect(creatorPageUrl('https://member.example.com', 'shop1')).toBe(
      'https://member.example.com/shop1',
    );
    expect(creatorPageUrl('https://member.example.com/', 'shop1')).toBe(
      'https://member.example.com/shop1',
    );
  });

  it('puts a product under its creator page, encoded', () => {
    expect(productPageUrl('https://member.example.com/', 'shop1', 'a b')).toBe(
      'https://member.example.com/shop1/products/a%20b',
    );
  });
});

describe('twitterShareUrl', () => {
  it('puts the link and the text into the tweet intent, encoded', () => {
    const href = new URL(
      twitterShareUrl('https://member.example.com/shop1', 'Mes produits & plus !'),
    );
    expect(href.origin + href.pathname).toBe('https://twitter.com/intent/tweet');
    expect(href.searchParams.get('url')).toBe('https://member.example.com/shop1');
    expect(href.searchParams.get('text')).toBe('Mes produits & plus !');
  });
});
