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
 * A product's page: its pictures, files and the buy form.
 *
 * @param {ProductPage} page
 * @param {{ assetBase: string, krwPerUsd: number, problem?: string, email?: string, marketingConsent?: boolean }} options
 */
export function productPage({ seller, product, files, thumbnails }, options) {
  const { assetBase, krwPerUsd, problem, email, marketingConsent } = options;
  const price = Math.round(product.price * krwPerUsd);
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
    html`<li>${file.file_original_name} <span class="muted">${file.file_extension.toUpperCase()} · ${fileSize(file.file_size)}</span></li>`,
)}
</ul>
<form method="post" action="${productPath(seller.nickname, product.id)}/buy" class="stack buy">
<h2>Buy</h2>
${problem ? html`<p class="problem" role="alert">${problem}</p>` : null}
<label for="email">Your e-mail</label>
<input id="email" name="email" type="email" required autocomplete="email" value="${email ?? ''}">
<fieldset>
<legend>Payment method (test)</legend>
${Object.entries(paymentMethods).map(
  ([code, name], index) =>
    html`<label class="choice"><input type="radio" name="paymentMethod" value="${code}"${index === 0 ? html` checked` : null}> ${name}</label>`,
)}
</fieldset>
<label class="choice"><input type="checkbox" name="marketingConsent" value="yes"${marketingConsent ? html` checked` : null}> Send me news of ${seller.nickname}’s new products by e-mail</label>
<button type="submit">Pay ${krw(price)}</button>
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
<p>Order <code>${order.id}</code>: <a href="${productPath(order.nickname, order.productId)}">${order.productTitle}</a> by ${order.nickname}, ${krw(order.amount)} paid with ${paymentMethodName(order.paymentMethod)}. A receipt goes to ${order.customerEmail}.</p>
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
