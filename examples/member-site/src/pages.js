import { html, safeUrl } from './html.js';

/**
 * The storefront's pages, rendered on the server. Every value goes through `html`, which
 * escapes it; addresses from the seller center go through `safeUrl` as well.
 *
 * @typedef {import('./html.js').SafeHtml} SafeHtml
 * @typedef {import('./seller-center.js').CreatorPage} CreatorPage
 * @typedef {import('./seller-center.js').ProductPage} ProductPage
 * @typedef {import('./orders.js').Order} Order
 */

/** The test payment's methods, by the codes the seller center knows (it shows them by name). */
export const paymentMethods = /** @type {const} */ ({
  card: 'Card',
  kakaopay: 'KakaoPay',
  naverpay: 'Naver Pay',
  alipay: 'Alipay',
  wechatpay: 'WeChat Pay',
  paypal: 'PayPal',
});

const wonFormat = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'KRW' });
const dayFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' });

/** @param {number} dollars */
export const usd = (dollars) => `$${dollars.toLocaleString('en-US')}`;
/** @param {number} won */
export const krw = (won) => wonFormat.format(won);

/** @param {number} bytes */
export function fileSize(bytes) {
  if (bytes < 1024) return `${bytes} B`;
  const units = ['KB', 'MB', 'GB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${value.toFixed(value < 10 ? 1 : 0)} ${units[unit]}`;
}

/**
 * The language of the pages, told with each purchase as `buyerLocale`: a store with pages in
 * several languages sends the one the buyer read (`ko`, `zh`, `ja`, `en`, `fr` or `tr`).
 */
export const pageLanguage = 'en';

/**
 * A whole page.
 *
 * @param {string} title
 * @param {SafeHtml} main
 */
export function layout(title, main) {
  return html`<!doctype html>
<html lang="${pageLanguage}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title} · Member site</title>
<link rel="stylesheet" href="/style.css">
</head>
<body>
<header><a href="/" class="brand">Member site</a><span class="note">A reference storefront: payments are tests, no money moves.</span></header>
<main>
${main}
</main>
</body>
</html>
`;
}

export function homePage() {
  return layout(
    'Welcome',
    html`<h1>Find a creator</h1>
<form method="get" action="/" class="stack">
<label for="nickname">Creator’s nickname</label>
<input id="nickname" name="nickname" required autocomplete="off" pattern="[a-z0-9]+">
<button type="submit">Open their page</button>
</form>`,
  );
}

/**
 * @param {string} title
 * @param {string} message
 */
export function messagePage(title, message) {
  return layout(title, html`<h1>${title}</h1><p>${message}</p><p><a href="/">Home</a></p>`);
}

/**
 * A creator's page: who they are and what they sell.
 *
 * @param {CreatorPage} page
 * @param {{ assetBase: string, krwPerUsd: number }} options
 */
export function creatorPage({ seller, products }, { assetBase, krwPerUsd }) {
  const productCards = products.map(
    (product) => html`<li class="card">
<a href="${productPath(seller.nickname, product.id)}">
${product.thumbnail_url ? html`<img src="${safeUrl(product.thumbnail_url, assetBase)}" alt="" loading="lazy">` : null}
<h2>${product.title}</h2>
</a>
<p class="price">${usd(product.price)} <span>${krw(Math.round(product.price * krwPerUsd))}</span></p>
<p class="muted">${product.file_count === 1 ? '1 file' : `${product.file_count} files`}</p>
</li>`,
  );
  return layout(
    seller.nickname,
    html`<section class="creator">
${seller.avatarUrl ? html`<img class="avatar" src="${safeUrl(seller.avatarUrl, assetBase)}" alt="">` : null}
<div>
<h1>${seller.nickname}</h1>
${seller.bio ? html`<p class="bio">${seller.bio}</p>` : null}
<p class="muted">Creator since ${dayFormat.format(new Date(seller.memberSince))}</p>
</div>
</section>
${
  products.length === 0
    ? html`<p>No products on sale yet.</p>`
    : html`<ul class="grid" aria-label="Products">${productCards}</ul>`
}`,
  );
}

/**
 * The checkout form as the buyer filled it (empty before they did).
 *
 * @typedef {object} Checkout
 * @property {string} email
 * @property {string} buyerName Optional: empty when not given.
 * @property {string} paymentMethod A key of `paymentMethods`.
 * @property {boolean} marketingConsent
 * @property {string} discountCode As typed; empty for none.
 * @property {boolean} declinePayment The test payment is to be declined (to try a failed payment).
 *
 * @typedef {object} AppliedDiscount What a discount code gives, as the seller center checked it.
 * @property {string} code
 * @property {number} discountAmount Whole won off the price.
 * @property {number} finalAmount Whole won to pay; 0 is a free copy.
 */

/** @type {Checkout} */
const emptyCheckout = {
  email: '',
  buyerName: '',
  paymentMethod: 'card',
  marketingConsent: false,
  discountCode: '',
  declinePayment: false,
};

/**
 * Why a discount code was refused, in words, by the seller center's code.
 *
 * @param {string} refusal The error's `code`.
 * @param {string} typed The code as the buyer typed it.
 */
export function discountRefusalText(refusal, typed) {
  switch (refusal) {
    case 'discount_not_found':
      return `There is no discount code “${typed}”. Check how it is spelled.`;
    case 'discount_inactive':
      return `The code “${typed}” cannot be used at this time: it has not started yet or has ended.`;
    case 'discount_used_up':
      return `The code “${typed}” has been used as many times as it may be.`;
    case 'discount_not_applicable':
      return `The code “${typed}” does not apply to this product.`;
    case 'discount_below_minimum':
      return `The code “${typed}” applies only to a higher price.`;
    default:
      return `The code “${typed}” cannot be used (${refusal}).`;
  }
}

/**
 * What a sample is: a PDF's first pages, or a file given away whole.
 *
 * @param {import('./seller-center.js').CatalogSample} sample
 */
function sampleText({ kind, pages }) {
  if (kind === 'pdf_pages') return pages === 1 ? 'first page' : `first ${pages} pages`;
  if (pages === null) return 'the whole file';
  return pages === 1 ? 'the whole file, 1 page' : `the whole file, ${pages} pages`;
}

/**
 * A file that has changed since it was first put on sale: its version's label (or number) and
 * when. The catalog tells no date per file, so the date is the product's last change, which is
 * at or after the file's newest version.
 *
 * @param {import('./seller-center.js').CatalogFile} file
 * @param {string} updatedAt The product's `updated_at`.
 */
function versionText(file, updatedAt) {
  const name = file.versionLabel ?? `version ${file.version}`;
  return `${name}, updated ${dayFormat.format(new Date(updatedAt))}`;
}

/**
 * A product's page: its pictures, files, samples and the checkout form.
 *
 * @param {ProductPage} page
 * @param {{ assetBase: string, krwPerUsd: number, problem?: string, checkout?: Checkout, discount?: AppliedDiscount }} options
 */
export function productPage({ seller, product, files, thumbnails, samples }, options) {
  const { assetBase, krwPerUsd, problem, checkout = emptyCheckout, discount } = options;
  const price = Math.round(product.price * krwPerUsd);
  const toPay = discount ? discount.finalAmount : price;
  return layout(
    product.title,
    html`<p><a href="${creatorPath(seller.nickname)}">← ${seller.nickname}</a></p>
<article class="product">
<div class="gallery">
${thumbnails.map(
  (thumbnail) =>
    html`<img src="${safeUrl(thumbnail.s3_url, assetBase)}" alt="${thumbnail.image_original_name}"${thumbnail.is_main ? html` class="main"` : null}>`,
)}
</div>
<div class="stack">
<h1>${product.title}</h1>
<p class="price">${usd(product.price)} <span>${krw(price)}</span></p>
<p class="description">${product.description}</p>
<h2>What you get</h2>
<ul class="files">
${files.map(
  (file) =>
    html`<li>${file.file_original_name} <span class="muted">${file.file_extension.toUpperCase()} · ${fileSize(file.file_size)}</span>${file.version > 1 ? html` <span class="muted version">· ${versionText(file, product.updated_at)}</span>` : null}</li>`,
)}
</ul>
${
  samples.length === 0
    ? null
    : html`<h2>Try before you buy</h2>
<ul class="files samples" aria-label="Samples">
${samples.map(
  (sample) =>
    html`<li><a href="${safeUrl(sample.url, assetBase)}">${sample.fileName}</a> <span class="muted">${sampleText(sample)} · ${fileSize(sample.size)}</span></li>`,
)}
</ul>`
}
<form method="post" action="${productPath(seller.nickname, product.id)}/buy" class="stack buy">
<h2>Buy</h2>
${problem ? html`<p class="problem" role="alert">${problem}</p>` : null}
<label for="email">Your e-mail</label>
<input id="email" name="email" type="email" required autocomplete="email" value="${checkout.email}">
<label for="buyerName">Your name (optional)</label>
<input id="buyerName" name="buyerName" autocomplete="name" maxlength="100" value="${checkout.buyerName}">
<label for="discountCode">Discount code</label>
<span class="code">
<input id="discountCode" name="discountCode" autocomplete="off" autocapitalize="characters" maxlength="64" value="${checkout.discountCode}">
<button type="submit" name="intent" value="apply" formnovalidate class="secondary">Apply code</button>
</span>
${
  discount
    ? html`<p class="discount" role="status">Code ${discount.code}: ${krw(discount.discountAmount)} off. ${discount.finalAmount === 0 ? 'Your copy is free.' : html`You pay <strong>${krw(discount.finalAmount)}</strong> instead of ${krw(price)}.`}</p>`
    : null
}
<fieldset>
<legend>Payment method (test)</legend>
${Object.entries(paymentMethods).map(
  ([code, name]) =>
    html`<label class="choice"><input type="radio" name="paymentMethod" value="${code}"${code === checkout.paymentMethod ? html` checked` : null}> ${name}</label>`,
)}
<label class="choice"><input type="checkbox" name="testPayment" value="decline"${checkout.declinePayment ? html` checked` : null}> Decline this test payment</label>
</fieldset>
<label class="choice"><input type="checkbox" name="marketingConsent" value="yes"${checkout.marketingConsent ? html` checked` : null}> Send me news of ${seller.nickname}’s new products by e-mail</label>
<button type="submit">${toPay === 0 ? 'Get it free' : `Pay ${krw(toPay)}`}</button>
</form>
</div>
</article>`,
  );
}

/**
 * What `/my-orders/{id}` may say beside the files, after a download was refused.
 *
 * @typedef {{ kind: 'limit', fileName: string, limit: number | null }
 *   | { kind: 'refunded' }
 *   | { kind: 'gone', fileName: string }
 *   | { kind: 'unavailable' }} DownloadProblem
 */

/** @param {DownloadProblem} problem */
function problemText(problem) {
  switch (problem.kind) {
    case 'limit':
      return problem.limit === null
        ? `Download limit reached for “${problem.fileName}”.`
        : `Download limit reached: you have used all ${problem.limit} downloads of “${problem.fileName}”. The seller can give you more.`;
    case 'refunded':
      return 'This order was refunded, so its files can no longer be downloaded.';
    case 'gone':
      return `“${problem.fileName}” is no longer part of this product.`;
    case 'unavailable':
      return 'The download could not start: the seller center did not answer. Try again in a moment.';
  }
}

/**
 * The buyer's download page.
 *
 * @param {Order} order
 * @param {{ problem?: DownloadProblem }} [options]
 */
export function orderPage(order, { problem } = {}) {
  const recorded = order.state === 'recorded';
  return layout(
    `Order ${order.productTitle}`,
    html`<h1>Thank you!</h1>
<p>Order <code>${order.id}</code>: <a href="${productPath(order.nickname, order.productId)}">${order.productTitle}</a> by ${order.nickname}, ${paidText(order)}. A receipt goes to ${order.customerEmail}.</p>
${problem ? html`<p class="problem" role="alert">${problemText(problem)}</p>` : null}
${
  recorded
    ? html`<h2>Your downloads</h2>
<p class="muted">Each link works for a few minutes; come back to this page to download again.</p>
<ul class="files">
${order.files.map(
  (file) => html`<li>
<form method="post" action="${orderPath(order.id)}/files/${encodeURIComponent(file.id)}/download">
<span>${file.name} <span class="muted">${fileSize(file.size)}</span></span>
<button type="submit" aria-label="Download ${file.name}">Download</button>
${file.downloads ? html`<span class="muted">${downloadsText(file.downloads)}</span>` : null}
</form>
</li>`,
)}
</ul>`
    : html`<p role="status">Your payment went through; we are still telling the seller. Your downloads appear here once they know.</p>
<form method="post" action="${orderPath(order.id)}/report"><button type="submit">Try again</button></form>`
}`,
  );
}

/**
 * What the buyer paid, and with which code.
 *
 * @param {Order} order
 */
function paidText({ amount, paymentMethod, discount }) {
  if (!discount) return `${krw(amount)} paid with ${paymentMethodName(paymentMethod)}`;
  if (amount === 0) return `free with the code ${discount.code}`;
  return `${krw(amount)} paid with ${paymentMethodName(paymentMethod)}, the code ${discount.code} taking ${krw(discount.listAmount - amount)} off ${krw(discount.listAmount)}`;
}

/** @param {{ used: number, limit: number | null }} downloads */
function downloadsText({ used, limit }) {
  return limit === null ? `${used} downloaded` : `${used} of ${limit} downloads used`;
}

/** @param {string} code */
function paymentMethodName(code) {
  return Object.hasOwn(paymentMethods, code)
    ? paymentMethods[/** @type {keyof typeof paymentMethods} */ (code)]
    : code;
}

/**
 * A creator's page: the address the seller center's share links use (`<member site>/<nickname>`).
 *
 * @param {string} nickname
 */
export const creatorPath = (nickname) => `/${encodeURIComponent(nickname)}`;
/**
 * @param {string} nickname
 * @param {string} productId
 */
export const productPath = (nickname, productId) =>
  `${creatorPath(nickname)}/products/${encodeURIComponent(productId)}`;

/**
 * The buyer's download page. `my-orders` holds a hyphen, which no nickname has.
 *
 * @param {string} orderId
 */
export const orderPath = (orderId) => `/my-orders/${encodeURIComponent(orderId)}`;
