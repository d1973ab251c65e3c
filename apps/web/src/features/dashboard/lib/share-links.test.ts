import { describe, expect, it } from 'vitest';
import { creatorPageUrl, twitterShareUrl } from './share-links';

describe('share links', () => {
  it('builds the creator page from the member site and the nickname', () => {
    expect(creatorPageUrl('https://member.example.com', 'shop1')).toBe(
      'https://member.example.com/shop1',
    );
    expect(creatorPageUrl('https://member.example.com/', 'shop1')).toBe(
      'https://member.example.com/shop1',
    );
  });

  it('puts the link and the text into the tweet intent, encoded', () => {
    const href = new URL(
      twitterShareUrl('https://member.example.com/shop1', 'Mes produits & plus !'),
    );
    expect(href.origin + href.pathname).toBe('https://twitter.com/intent/tweet');
    expect(href.searchParams.get('url')).toBe('https://member.example.com/shop1');
    expect(href.searchParams.get('text')).toBe('Mes produits & plus !');
  });
});
