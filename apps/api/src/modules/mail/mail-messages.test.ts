import { languages } from '@seller/contract/languages';
import { describe, expect, it } from 'vitest';
import { formatWon, mailTemplates, renderMail } from './mail-messages.ts';

const samples = {
  passwordReset: { url: 'https://seller.example.com/reset-password?token=abc', minutes: 60 },
  passwordChanged: {
    when: '24 Nov 2026, 14:05',
    url: 'https://seller.example.com/forgot-password',
  },
  newSignIn: {
    when: '24 Nov 2026, 14:05',
    address: '203.0.113.9',
    failedAttempts: 12,
    url: 'https://seller.example.com/forgot-password',
  },
  sale: {
    product: 'Pottery basics',
    amount: '₩13,800',
    net: '₩12,420',
    when: '24 Nov 2026, 14:05',
    url: 'https://seller.example.com/sales?period=today',
  },
  dailySummary: {
    day: '23 Nov 2026',
    count: 3,
    amount: '₩41,400',
    net: '₩37,260',
    top: [{ title: 'Pottery basics', count: 3, amount: '₩41,400' }],
    url: 'https://seller.example.com/sales?period=week',
  },
} as const;

describe('mail messages', () => {
  it('writes won amounts as the sales screens do', () => {
    expect(formatWon(15000, 'ko')).toBe('15,000원');
    expect(formatWon(15000, 'zh')).toBe('15,000韩元');
    expect(formatWon(15000, 'en')).toBe('₩15,000');
    expect(formatWon(1234567.4, 'fr')).toMatch(/^₩1\s?234\s?567$/u);
  });

  it.each(mailTemplates)('%s exists in every language, each its own words', (template) => {
    const subjects = new Set<string>();
    for (const language of languages) {
      const mail = renderMail(template, language, samples[template] as never);
      expect(mail.subject.length, language).toBeGreaterThan(5);
      expect(mail.html).toContain(`<html lang="${language}">`);
      expect(mail.text).not.toContain('<');
      subjects.add(mail.subject);
    }
    expect(subjects.size).toBe(languages.length);
  });

  it('puts the link in both parts and escapes values in the HTML', () => {
    const mail = renderMail('newSignIn', 'ko', {
      ...samples.newSignIn,
      address: '<script>alert(1)</script>',
    });
    expect(mail.text).toContain(samples.newSignIn.url);
    expect(mail.html).toContain(`href="${samples.newSignIn.url}"`);
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain('&lt;script&gt;');
    expect(mail.text).toContain('12');
  });
});
