import { describe, expect, it } from 'vitest';
import { twitterShareUrl } from './share-links';

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
