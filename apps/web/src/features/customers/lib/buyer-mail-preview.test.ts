import { languages } from '@seller/contract/languages';
import { describe, expect, it } from 'vitest';
import { previewBuyerMail } from './buyer-mail-preview';

const input = {
  subject: 'Summer sale',
  body: 'Everything is 20 % off.',
  sellerName: 'minji',
  sellerContact: 'minji@example.com',
  products: [{ title: 'Guide', versions: [{ label: 'v2.0', number: 2, changelog: 'Chapter 9' }] }],
  origin: 'https://seller.example.com',
};

describe('the preview of a mail to buyers', () => {
  it('marks a Korean marketing subject with (광고), and no other', () => {
    expect(previewBuyerMail('ko', { ...input, kind: 'marketing' }).subject).toBe(
      '(광고) Summer sale',
    );
    expect(previewBuyerMail('ko', { ...input, kind: 'product_update' }).subject).toBe(
      'Summer sale',
    );
    for (const language of languages.filter((language) => language !== 'ko')) {
      expect(previewBuyerMail(language, { ...input, kind: 'marketing' }).subject).toBe(
        'Summer sale',
      );
    }
  });

  it("frames the seller's text, names the seller and the contact in every language", () => {
    for (const language of languages) {
      const mail = previewBuyerMail(language, { ...input, kind: 'marketing' });
      const text = mail.blocks.map((block) => block.text).join('\n');
      expect(mail.blocks).toContainEqual({ type: 'sellerText', text: input.body });
      expect(text).toContain('minji@example.com');
      expect(text).toContain('https://seller.example.com/unsubscribe/');
    }
  });

  it('quotes the versions of a product update under the product', () => {
    const mail = previewBuyerMail('fr', { ...input, kind: 'product_update' });
    expect(mail.blocks.map((block) => block.type)).toEqual([
      'greeting',
      'sellerText',
      'productHeading',
      'changelogHeading',
      'changelog',
      'footer',
      'footer',
      'footer',
    ]);
    expect(mail.blocks[2]?.text).toBe('À propos de Guide');
    expect(mail.blocks[3]?.text).toBe('Nouveautés de v2.0');
  });
});
