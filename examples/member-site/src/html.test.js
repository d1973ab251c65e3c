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
            version: 2,
            versionLabel: hostile,
            is_sample: false,
            sample_pages: 0,
          },
        ],
        thumbnails: [
          { id: 't1', s3_url: 'javascript:alert(1)', image_original_name: hostile, is_main: 1 },
        ],
        samples: [],
      },
      {
        assetBase,
        krwPerUsd: 1380,
        problem: hostile,
        checkout: {
          email: `"><script>x</script>`,
          buyerName: hostile,
          paymentMethod: 'card',
          marketingConsent: false,
          discountCode: hostile,
          declinePayment: false,
        },
      },
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
      buyerName: hostile,
      paymentMethod: `<b>cash</b>`,
      amount: 16_560,
      discount: undefined,
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

describe('the product page’s samples and versions', () => {
  /** @type {import('./seller-center.js').CatalogFile} */
  const file = {
    id: 'f1',
    file_original_name: 'walks.pdf',
    file_extension: 'pdf',
    file_size: 2048,
    file_type: 'application/pdf',
    version: 1,
    versionLabel: null,
    is_sample: false,
    sample_pages: 3,
  };
  /**
   * @param {Partial<import('./seller-center.js').ProductPage>} parts
   */
  const render = (parts) =>
    productPage(
      {
        seller: { id: 's1', nickname: 'mina', avatarUrl: null },
        product: {
          id: 'p1',
          title: 'Seoul walks',
          description: '',
          price: 12,
          thumbnail_url: null,
          file_count: 1,
          created_at: '2026-01-01T00:00:00.000Z',
          updated_at: '2026-03-15T08:00:00.000Z',
        },
        files: [file],
        thumbnails: [],
        samples: [],
        ...parts,
      },
      { assetBase, krwPerUsd: 1380 },
    ).toString();

  it('links each sample by its unsigned address, saying what it is, its name escaped', () => {
    const page = render({
      samples: [
        {
          id: 'v1',
          fileName: hostile,
          kind: 'pdf_pages',
          pages: 3,
          size: 1536,
          url: 'http://seller.test/api/public/samples/v1/pdf_pages',
        },
        {
          id: 'v2',
          fileName: 'map.pdf',
          kind: 'pdf_pages',
          pages: 1,
          size: 900,
          url: '/api/public/samples/v2/pdf_pages',
        },
        {
          id: 'v3',
          fileName: 'cover.png',
          kind: 'file',
          pages: null,
          size: 300,
          url: 'javascript:alert(1)',
        },
      ],
    });
    expect(page).toContain('<h2>Try before you buy</h2>');
    expect(page).toContain(
      `<a href="http://seller.test/api/public/samples/v1/pdf_pages">${escapeHtml(hostile)}</a> <span class="muted">first 3 pages · 1.5 KB</span>`,
    );
    expect(page).toContain(
      '<a href="http://seller.test/api/public/samples/v2/pdf_pages">map.pdf</a> <span class="muted">first page · 900 B</span>',
    );
    expect(page).toContain(
      '<a href="#">cover.png</a> <span class="muted">the whole file · 300 B</span>',
    );
    expect(page).not.toContain('javascript:');
    expect(page).not.toContain('<script');
  });

  it('shows no samples heading without samples, and no version for a file never replaced', () => {
    const page = render({});
    expect(page).not.toContain('Try before you buy');
    expect(page).not.toContain('updated');
  });

  it('shows a replaced file’s version label, or number, with the product’s last change', () => {
    const labelled = render({ files: [{ ...file, version: 3, versionLabel: `2nd <ed>` }] });
    expect(labelled).toContain('· 2nd &lt;ed&gt;, updated March 15, 2026</span>');
    const numbered = render({ files: [{ ...file, version: 2 }] });
    expect(numbered).toContain('· version 2, updated March 15, 2026</span>');
  });
});
