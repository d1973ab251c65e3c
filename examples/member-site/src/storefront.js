import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { SafeHtml, safeUrl } from './html.js';
import {
  creatorPage,
  creatorPath,
  homePage,
  messagePage,
  orderPage,
  orderPath,
  pageLanguage,
  paymentMethods,
  productPage,
} from './pages.js';
import { SellerCenterError } from './seller-center.js';

/**
 * The storefront's web server: its routes, each a few lines over the seller center's calls.
 *
 *   GET  /                                            find a creator
 *   GET  /{nickname}                                  creator page (public catalog)
 *   GET  /{nickname}/products/{id}                    product page (public catalog; counts a view
 *                                                     unless a bot's or the seller's: visits.js)
 *   POST /{nickname}/products/{id}/buy                test payment → POST /api/internal/purchases
 *   GET  /my-orders/{orderId}                         the buyer's download page
 *   POST /my-orders/{orderId}/report                  reports the purchase again, same order id
 *   POST /my-orders/{orderId}/files/{fileId}/download → POST /api/internal/deliveries → the file
 *
 * The creator and product pages are where the seller center's share links point
 * (`<MEMBER_SITE_URL>/<nickname>`, `…/products/<id>`). Nicknames are lowercase letters and
 * digits only, so the store's own paths (`my-orders`, `style.css`, `favicon.ico`,
 * `health-check`) never take one's place.
 *
 * @typedef {object} StorefrontParts
 * @property {import('./config.js').Config} config
 * @property {import('./seller-center.js').SellerCenter} sellerCenter
 * @property {import('./orders.js').OrderBook} orders
 * @property {import('./view-counter.js').ViewCounter} views
 * @property {(headers: import('node:http').IncomingHttpHeaders, url: URL) => Visit} readVisit
 * @property {(message: string) => void} [log]
 *
 * @typedef {import('node:http').IncomingMessage} Request
 * @typedef {import('node:http').ServerResponse} Response
 * @typedef {import('./orders.js').Order} Order
 * @typedef {import('./visits.js').Visit} Visit
 */

const stylesheet = readFileSync(new URL('./style.css', import.meta.url));
/** The same pattern as the seller center's: something@something.something, no spaces. */
const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** A form is a few fields: anything longer is refused. */
const maxFormBytes = 16 * 1024;

/**
 * No script runs on these pages, so even a value that escaped escaping could not run any.
 * Images come from the seller center or its storage (another origin, perhaps S3).
 */
const securityHeaders = {
  'content-security-policy':
    "default-src 'none'; style-src 'self'; img-src 'self' https: http:; base-uri 'none'; frame-ancestors 'none'",
  'x-content-type-options': 'nosniff',
  // The download page's address is the buyer's key to it: never send it elsewhere.
  'referrer-policy': 'no-referrer',
};

/** @param {StorefrontParts} parts */
export function createStorefront({
  config,
  sellerCenter,
  orders,
  views,
  readVisit,
  log = console.warn,
}) {
  const assetBase = `${config.sellerCenterUrl}/`;

  /** @param {string} nickname */
  async function showCreator(nickname) {
    const page = await sellerCenter.creatorPage(nickname);
    if (!page) return notFound('This creator has no page here.');
    return ok(creatorPage(page, { assetBase, krwPerUsd: config.krwPerUsd }));
  }

  /**
   * @param {string} nickname
   * @param {string} productId
   * @param {Visit} visit
   */
  async function showProduct(nickname, productId, visit) {
    const page = await sellerCenter.productPage(nickname, productId);
    if (!page) return notFound('This product is not on sale.');
    if (visit.counted) views.add(page.product.id, 1, visit.attribution);
    return ok(productPage(page, { assetBase, krwPerUsd: config.krwPerUsd }));
  }

  /**
   * The buy button: checks the form, takes the (test) payment, records the order and reports
   * the sale. The price comes from the catalog, never from the form.
   *
   * @param {string} nickname
   * @param {string} productId
   * @param {URLSearchParams} form
   * @param {Visit} visit
   */
  async function buy(nickname, productId, form, visit) {
    const page = await sellerCenter.productPage(nickname, productId);
    if (!page) return notFound('This product is not on sale.');
    const email = (form.get('email') ?? '').trim();
    const paymentMethod = form.get('paymentMethod') ?? '';
    // Only a ticked box is consent; an unticked one sends nothing (it withdraws nothing).
    const marketingConsent = form.get('marketingConsent') === 'yes';
    /** @param {string} problem */
    const refuse = (problem) =>
      reply(
        400,
        productPage(page, {
          assetBase,
          krwPerUsd: config.krwPerUsd,
          problem,
          email,
          marketingConsent,
        }),
      );
    if (!emailPattern.test(email) || email.length > 254) {
      return refuse('Enter a valid e-mail address.');
    }
    if (!Object.hasOwn(paymentMethods, paymentMethod)) return refuse('Choose a payment method.');

    // A real store charges the buyer here, through its payment provider, and goes on only
    // once the payment is taken. This one takes a test payment: nothing to do.
    const order = orders.create({
      nickname: page.seller.nickname,
      productId: page.product.id,
      productTitle: page.product.title,
      customerEmail: email,
      paymentMethod,
      amount: Math.round(page.product.price * config.krwPerUsd),
      files: page.files.map((file) => ({
        id: file.id,
        name: file.file_original_name,
        size: file.file_size,
        downloads: undefined,
      })),
      attribution: visit.attribution,
      buyerLocale: pageLanguage,
      marketingConsent,
    });
    const refusal = await report(order);
    if (refusal) {
      // A real store gives the payment back here.
      orders.remove(order.id);
      return refuse(`The seller center refused this order (${refusal.code}); nothing was charged.`);
    }
    // Reported, or still to be reported: the order page says which.
    return redirect(orderPath(order.id));
  }

  /**
   * Tells the seller center about the sale. Safe to repeat: the seller center records a sale
   * once per order id, and every report of an order is the same call (same `purchasedAt`).
   * Answers the refusal when the seller center refused it for good.
   *
   * @param {Order} order
   * @returns {Promise<SellerCenterError | undefined>}
   */
  async function report(order) {
    try {
      await sellerCenter.recordPurchase({
        orderId: order.id,
        productId: order.productId,
        customerEmail: order.customerEmail,
        paymentMethod: order.paymentMethod,
        amount: order.amount,
        purchasedAt: order.purchasedAt,
        ...purchaseFields(order),
      });
      order.state = 'recorded';
      return undefined;
    } catch (error) {
      const final =
        error instanceof SellerCenterError && error.status < 500 && error.status !== 429;
      log(`order ${order.id} not reported${final ? '' : ' yet'}: ${String(error)}`);
      return final ? error : undefined;
    }
  }

  /** @param {Order} order */
  async function showOrder(order) {
    if (order.state === 'recorded') await refreshFiles(order);
    return { ...ok(orderPage(order)), private: true };
  }

  /**
   * The files a buyer may download are the product's current ones: the seller may have added
   * or replaced some since the order. When the product is no longer in the catalog (taken off
   * sale, deleted), the files as they were at the order are still delivered.
   *
   * @param {Order} order
   */
  async function refreshFiles(order) {
    let page;
    try {
      page = await sellerCenter.productPage(order.nickname, order.productId);
    } catch (error) {
      log(`files of order ${order.id} not refreshed: ${String(error)}`);
      return;
    }
    if (!page) return;
    const before = new Map(order.files.map((file) => [file.id, file]));
    order.files = page.files.map((file) => ({
      id: file.id,
      name: file.file_original_name,
      size: file.file_size,
      downloads: before.get(file.id)?.downloads,
    }));
  }

  /**
   * A download: asks the seller center for one delivery of the file (which counts it) and
   * sends the browser to its short-lived address, which serves the file as an attachment.
   *
   * @param {Order} order
   * @param {string} fileId
   */
  async function download(order, fileId) {
    if (order.state !== 'recorded') await report(order);
    if (order.state !== 'recorded') return redirect(orderPath(order.id));
    const file = order.files.find((candidate) => candidate.id === fileId);
    const fileName = file?.name ?? 'This file';
    /** @type {import('./pages.js').DownloadProblem} */
    let problem;
    try {
      const delivery = await sellerCenter.requestDelivery({ orderId: order.id, fileId });
      if (file) file.downloads = { used: delivery.downloadsUsed, limit: delivery.downloadsLimit };
      return redirect(safeUrl(delivery.downloadUrl, assetBase));
    } catch (error) {
      if (!(error instanceof SellerCenterError) || error.status >= 500) {
        log(`delivery of ${fileId} for order ${order.id} failed: ${String(error)}`);
        problem = { kind: 'unavailable' };
      } else if (error.code === 'download_limit_reached') {
        problem = { kind: 'limit', fileName, limit: file?.downloads?.limit ?? null };
      } else if (error.code === 'sale_refunded') {
        problem = { kind: 'refunded' };
      } else if (error.code === 'not_found') {
        problem = { kind: 'gone', fileName };
      } else {
        log(`delivery of ${fileId} for order ${order.id} refused: ${String(error)}`);
        problem = { kind: 'unavailable' };
      }
      const status = error instanceof SellerCenterError && error.status < 500 ? error.status : 502;
      return { ...reply(status, orderPage(order, { problem })), private: true };
    }
  }

  /**
   * @param {string} method
   * @param {string[]} path The address's segments, decoded.
   * @param {URLSearchParams} query
   * @param {() => Promise<URLSearchParams>} readForm
   * @param {Visit} visit
   * @returns {Promise<Answer>}
   */
  async function route(method, path, query, readForm, visit) {
    const [first, second, third, fourth, fifth] = path;
    if (method === 'GET') {
      if (path.length === 0) {
        // The home page's form asks for a nickname: off to that creator's page.
        const nickname = query.get('nickname')?.trim().toLowerCase();
        return nickname ? redirect(creatorPath(nickname)) : ok(homePage());
      }
      if (first === 'style.css' && path.length === 1) {
        return { status: 200, type: 'text/css; charset=utf-8', body: stylesheet };
      }
      if (first === 'favicon.ico' && path.length === 1) return { status: 204 };
      if (first === 'health-check' && path.length === 1) {
        return { status: 200, type: 'text/plain; charset=utf-8', body: 'ok' };
      }
      if (first === 'my-orders' && second && path.length === 2) {
        const order = orders.get(second);
        return order ? showOrder(order) : notFound('There is no such order.');
      }
      if (first && path.length === 1) return showCreator(first);
      if (first && second === 'products' && third && path.length === 3) {
        return showProduct(first, third, visit);
      }
    }
    if (method === 'POST') {
      if (first === 'my-orders' && second) {
        const order = orders.get(second);
        if (!order) return notFound('There is no such order.');
        if (third === 'report' && path.length === 3) {
          await report(order);
          return redirect(orderPath(order.id));
        }
        if (third === 'files' && fourth && fifth === 'download' && path.length === 5) {
          return download(order, fourth);
        }
      }
      if (first && second === 'products' && third && fourth === 'buy' && path.length === 4) {
        return buy(first, third, await readForm(), visit);
      }
    }
    return notFound('There is no such page.');
  }

  return createServer(async (request, response) => {
    /** @type {Answer} */
    let answer;
    try {
      const url = new URL(request.url ?? '/', 'http://storefront');
      const path = url.pathname
        .split('/')
        .filter((segment) => segment !== '')
        .map((segment) => decodeURIComponent(segment));
      const visit = readVisit(request.headers, url);
      answer = await route(
        request.method ?? 'GET',
        path,
        url.searchParams,
        () => readForm(request),
        visit,
      );
      // The visit is kept (and its half hour starts again) with each page.
      if (visit.cookie && answer.type?.startsWith('text/html')) {
        answer = { ...answer, cookie: visit.cookie };
      }
    } catch (error) {
      if (error instanceof URIError) {
        answer = notFound('There is no such page.');
      } else if (error instanceof FormError) {
        answer = reply(error.status, messagePage('Not accepted', error.message));
      } else {
        // The seller center did not answer (after the retries), or answered 5xx.
        log(`${request.method} ${request.url} failed: ${String(error)}`);
        answer = reply(
          502,
          messagePage(
            'Please try again',
            'The shop cannot reach the seller center at the moment. Try again in a moment.',
          ),
        );
      }
    }
    send(response, answer);
  });
}

/**
 * What a route answers.
 *
 * @typedef {object} Answer
 * @property {number} status
 * @property {string} [type]
 * @property {string | Buffer} [body]
 * @property {string} [location]
 * @property {boolean} [private] A buyer's page: never stored by a cache.
 * @property {string} [cookie] The visit's `Set-Cookie`.
 */

/**
 * @param {number} status
 * @param {SafeHtml} page
 * @returns {Answer}
 */
function reply(status, page) {
  return { status, type: 'text/html; charset=utf-8', body: page.toString() };
}

/** @param {SafeHtml} page */
const ok = (page) => reply(200, page);

/** @param {string} message */
const notFound = (message) => reply(404, messagePage('Not found', message));

/**
 * After a form, the browser goes to the next page with a GET (303).
 *
 * @param {string} location
 * @returns {Answer}
 */
const redirect = (location) => ({ status: 303, location });

/**
 * @param {Response} response
 * @param {Answer} answer
 */
function send(response, answer) {
  response.writeHead(answer.status, {
    ...securityHeaders,
    'cache-control': answer.private ? 'no-store' : 'no-cache',
    ...(answer.type ? { 'content-type': answer.type } : {}),
    ...(answer.location ? { location: answer.location } : {}),
    ...(answer.cookie ? { 'set-cookie': answer.cookie } : {}),
  });
  response.end(answer.body);
}

/**
 * The purchase's fields about the buyer and where the visit came from (the seller center
 * names the source and keeps the consent on the buyer's customer record). Only what is known
 * is sent: an absent field is no claim.
 *
 * @param {Order} order
 */
function purchaseFields({ attribution, buyerLocale, marketingConsent }) {
  const { country, ...origin } = attribution;
  return {
    ...origin,
    ...(country && { buyerCountry: country }),
    buyerLocale,
    ...(marketingConsent && { marketingConsent }),
  };
}

class FormError extends Error {
  /**
   * @param {number} status
   * @param {string} message
   */
  constructor(status, message) {
    super(message);
    this.status = status;
  }
}

/**
 * The fields of a posted form (`application/x-www-form-urlencoded`).
 *
 * @param {Request} request
 * @returns {Promise<URLSearchParams>}
 */
async function readForm(request) {
  const type = request.headers['content-type'] ?? '';
  if (!type.startsWith('application/x-www-form-urlencoded')) {
    throw new FormError(415, 'Send the form as the page does.');
  }
  /** @type {Buffer[]} */
  const chunks = [];
  let length = 0;
  for await (const chunk of request) {
    length += chunk.length;
    if (length > maxFormBytes) throw new FormError(413, 'This form is too long.');
    chunks.push(chunk);
  }
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}
