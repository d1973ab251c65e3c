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
  refund: {
    product: 'Pottery basics',
    kind: 'chargeback',
    amount: '₩5,000',
    net: '₩4,500',
    saleDay: '24 Nov 2026',
    when: '25 Nov 2026, 10:15',
    url: 'https://seller.example.com/sales?day=2026-11-24',
  },
  dailySummary: {
    day: '23 Nov 2026',
    count: 3,
    amount: '₩41,400',
    net: '₩37,260',
    top: [{ title: 'Pottery basics', count: 3, amount: '₩41,400' }],
    url: 'https://seller.example.com/sales?period=week',
  },
  payout: {
    amount: '₩120,000',
    method: 'bank',
    reference: 'KB-20261124-0042',
    when: '24 Nov 2026, 14:05',
    balance: '₩3,400',
    url: 'https://seller.example.com/settlement',
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
      // Every text found (a missing one would show its key) and every value filled in.
      for (const part of [mail.subject, mail.text, mail.html]) {
        expect(part, language).not.toContain(`${template}.`);
        expect(part, language).not.toContain('{{');
      }
      subjects.add(mail.subject);
    }
    expect(subjects.size).toBe(languages.length);
  });

  it('tells a refund from a chargeback in every language', () => {
    for (const language of languages) {
      const chargeback = renderMail('refund', language, samples.refund);
      const refund = renderMail('refund', language, { ...samples.refund, kind: 'refund' });
      expect(refund.text, language).not.toBe(chargeback.text);
      for (const mail of [refund, chargeback]) {
        expect(mail.text, language).toContain('Pottery basics');
        expect(mail.text, language).not.toContain('{{');
      }
    }
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

  it('words the daily summary for one sale or several', () => {
    const several = { ...samples.dailySummary, top: [...samples.dailySummary.top] };
    const one = { ...several, count: 1 };
    expect(renderMail('dailySummary', 'en', one).subject).toBe(
      'Your sales on 23 Nov 2026: 1 sale, ₩41,400',
    );
    expect(renderMail('dailySummary', 'en', several).subject).toBe(
      'Your sales on 23 Nov 2026: 3 sales, ₩41,400',
    );
    expect(renderMail('dailySummary', 'fr', one).text).toContain('vous avez fait 1 vente pour');
    expect(renderMail('dailySummary', 'fr', several).text).toContain(
      'vous avez fait 3 ventes pour',
    );
    expect(renderMail('dailySummary', 'ko', one).subject).toBe(
      '23 Nov 2026 판매 요약: 1건, ₩41,400',
    );
  });

  it('lists the best products of the day, each with its own count', () => {
    const mail = renderMail('dailySummary', 'en', {
      ...samples.dailySummary,
      top: [
        { title: 'Pottery basics', count: 2, amount: '₩27,600' },
        { title: 'Glazes', count: 1, amount: '₩13,800' },
      ],
    });
    expect(mail.text).toContain('1. Pottery basics: 2 × ₩27,600\n2. Glazes: 1 × ₩13,800');
    expect(mail.html).toContain(
      '<p>1. Pottery basics: 2 × ₩27,600</p>\n<p>2. Glazes: 1 × ₩13,800</p>',
    );
  });

  it('writes values as they are: plain in the text, escaped in the HTML, never read as texts', () => {
    const product = `Tom & Jerry's "{{count}}" $t(greeting) A/B`;
    const mail = renderMail('sale', 'en', { ...samples.sale, product });
    expect(mail.subject).toBe(`New sale: ${product} (₩13,800)`);
    expect(mail.text).toContain(`You sold “${product}” on`);
    expect(mail.html).toContain(
      'You sold “Tom &amp; Jerry&#39;s &quot;{{count}}&quot; $t(greeting) A/B” on',
    );
    expect(mail.html).toContain(
      '<title>New sale: Tom &amp; Jerry&#39;s &quot;{{count}}&quot; $t(greeting) A/B (₩13,800)</title>',
    );
  });

  it('says how a payout went, its reference only when there is one, and the balance left', () => {
    const mail = renderMail('payout', 'en', samples.payout);
    expect(mail.subject).toBe('Payout sent: ₩120,000');
    expect(mail.text).toContain('We sent you ₩120,000 by bank transfer on 24 Nov 2026, 14:05.');
    expect(mail.text).toContain('Transfer reference: KB-20261124-0042.');
    expect(mail.text).toContain('Your balance is now ₩3,400.');
    const plain = renderMail('payout', 'ko', {
      ...samples.payout,
      method: 'alipay',
      reference: null,
    });
    expect(plain.text).toContain('Alipay');
    expect(plain.text).not.toContain('KB-20261124-0042');
  });
});
