import { describe, expect, it } from 'vitest';
import { creatorPageUrl } from './share-links';

describe('share links', () => {
  it('builds the creator page from the member site and the nickname', () => {
    expect(creatorPageUrl('https://member.example.com', 'shop1')).toBe(
      'https://member.example.com/shop1',
    );
    expect(creatorPageUrl('https://member.example.com/', 'shop1')).toBe(
      'https://member.example.com/shop1',
    );
  });
});
