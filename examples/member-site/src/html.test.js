import { describe, expect, it } from 'vitest';
import { escapeHtml, html, SafeHtml, safeUrl } from './html.js';
import { creatorPage, orderPage, productPage } from './pages.js';

const hostile = `<script>alert("x")</script>' onmouseover='alert(1)' & "quoted"`;
const assetBase = 'http://seller.test/';

describe('escapeHtml', () => {
  it('escapes the five characters that can open markup or close an attribute', () => {
    expect(escapeHtml(`<a href="x" title='y'>&amp;</a>`)).toBe(
      '&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;amp;&lt;/a&gt;',
    );
  });
});

describe('html', () => {
  it('escapes every value, in text and in attributes', () => {
    const page = html`<p title="${hostile}">${hostile}</p>`.toString();
    expect(page).not.toContain('<script');
    expect(page).not.toContain(`' onmouseover='`);
    expect(page).toBe(`<p title="${escapeHtml(hostile)}">${escapeHtml(hostile)}</p>`);
  });

  it('keeps nested html and arrays of it as markup, and writes nothing for null, undefined and false', () => {
    const items = ['<b>', 'ok'].map((text) => html`<li>${text}</li>`);
    const page = html`<ul>${items}</ul>${null}${undefined}${false}${0}`;
    expect(page).toBeInstanceOf(SafeHtml);
    expect(page.toString()).toBe('<ul><li>&lt;b&gt;</li><li>ok</li></ul>0');
  });

  it('escapes a string that merely looks like markup', () => {
    expect(html`${'<i>not markup</i>'}`.toString()).toBe('&lt;i&gt;not markup&lt;/i&gt;');
  });
});

describe('safeUrl', () => {
  it('lets http(s) addresses through and resolves the seller center’s relative ones', () => {
    expect(safeUrl('https://cdn.example.com/a.png', assetBase)).toBe(
      'https://cdn.example.com/a.png',
    );
    expect(safeUrl('/storage/public/a b.png', assetBase)).toBe(
      'http://seller.test/storage/public/a%20b.png',
    );
  });

  it('turns addresses that could run script, and broken ones, into #', () => {
    for (const url of [
      'javascript:alert(1)',
      ' JavaScript:alert(1)',
      'data:text/html,<b>',
      'vbscript:x',
      'http://[::1',
      null,
      '',
    ]) {
      expect(safeUrl(url, assetBase)).toBe('#');
    }
  });
});

describe('the pages', () => {
  const product = {
    id: 'p"1',
    title: hostile,
    description: `${hostile}\nsecond line`,
    price: 12,
    thumbnail_url: 'javascript:alert(1)',
    file_count: 1,
    created_at: '2026-01-01T00:00:00.000Z',
    updated_at: '2026-01-01T00:00:00.000Z',
  };

  /** @param {string} page */
  function expectInert(page) {
    expect(page).not.toContain('<script');
    expect(page).not.toContain('javascript:');
    // The quotes of the hostile text stay escaped: they cannot close an attribute.
    expect(page).not.toContain(`' onmouseover='`);
    expect(page).not.toContain('"quoted"');
  }

  it('write what sellers wrote as text, never as markup', () => {
    const creator = creatorPage(
      {
        seller: {
          id: 's1',
          nickname: 'mina',
          bio: hostile,
          avatarUrl: 'javascript:alert(1)',
          memberSince: '2026-01-01T00:00:00.000Z',
        },
        products: [product],
      },
      { assetBase, krwPerUsd: 1380 },
    ).toString();
    expectInert(creator);
    expect(creator).toContain(escapeHtml(hostile));
    expect(creator).toContain('₩16,560');

    const detail = productPage(
      {
        seller: { id: 's1', nickname: 'mina', avatarUrl: null },
        product,
        files: [
          {
            id: 'f1',
            file_original_name: `<img src=x onerror=alert(1)>.pdf`,
            file_extension: 'pdf',
            file_size: 2048,
            file_type: 'application/pdf',
          },
        ],
        thumbnails: [
          { id: 't1', s3_url: 'javascript:alert(1)', image_original_name: hostile, is_main: 1 },
        ],
      },
      { assetBase, krwPerUsd: 1380, problem: hostile, email: `"><script>x</script>` },
    ).toString();
    expectInert(detail);
    expect(detail).not.toContain('<img src=x');
    expect(detail).toContain('value="&quot;&gt;&lt;script&gt;x&lt;/script&gt;"');
    // The product id, in a path, is encoded for the address and escaped for the attribute.
    expect(detail).toContain('action="/mina/products/p%221/buy"');
  });

  it('write what buyers typed as text on the order page', () => {
    const page = orderPage({
      id: 'order-1',
      nickname: 'mina',
      productId: 'p1',
      productTitle: hostile,
      customerEmail: `<script>@x.y`,
      paymentMethod: `<b>cash</b>`,
      amount: 16_560,
      purchasedAt: '2026-01-01T00:00:00.000Z',
      state: 'recorded',
      files: [{ id: 'f1', name: hostile, size: 10, downloads: { used: 1, limit: 5 } }],
      attribution: { source: hostile, utmCampaign: hostile },
      buyerLocale: 'en',
      marketingConsent: false,
    }).toString();
    expectInert(page);
    expect(page).toContain('&lt;b&gt;cash&lt;/b&gt;');
    expect(page).toContain('1 of 5 downloads used');
  });
});
