import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { SafeHtml, safeUrl } from './html.js';
import {
  creatorPage,
  creatorPath,
  discountRefusalText,
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
 *   POST /{nickname}/products/{id}/buy                with intent=apply: the code's price
 *                                                     (POST /api/internal/discounts/validate);
 *                                                     else the code's hold (…/redeem), the test
 *                                                     payment → POST /api/internal/purchases, or
 *                                                     on a declined payment the hold freed
 *                                                     (DELETE …/redemptions/{orderId})
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
 * @typedef {import('./pages.js').Checkout} Checkout
 * @typedef {import('./seller-center.js').ProductPage} ProductPage
 */

const stylesheet = readFileSync(new URL('./style.css', import.meta.url));
/** The same pattern as the seller center's: something@something.something, no spaces. */
const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** The seller center's limit of `buyerName`. */
const maxNameLength = 100;
/** The longest code the seller center looks up; a longer one is no code of any seller. */
const maxCodeLength = 64;
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
   * The checkout form: with `intent=apply` (the "Apply code" button, and Enter in any field)
   * it shows the price a discount code gives; otherwise it is the buy button.
   *
   * @param {string} nickname
   * @param {string} productId
   * @param {URLSearchParams} form
   * @param {Visit} visit
   */
  async function checkout(nickname, productId, form, visit) {
    const page = await sellerCenter.productPage(nickname, productId);
    if (!page) return notFound('This product is not on sale.');
    const filled = readCheckout(form);
    const listAmount = Math.round(page.product.price * config.krwPerUsd);
    /**
     * The product page again, with the form as the buyer filled it.
     *
     * @param {number} status
     * @param {{ problem?: string, discount?: import('./pages.js').AppliedDiscount }} [extra]
     */
    const again = (status, extra = {}) =>
      reply(
        status,
        productPage(page, {
          assetBase,
          krwPerUsd: config.krwPerUsd,
          checkout: filled,
          ...extra,
        }),
      );
    return form.get('intent') === 'apply'
      ? applyCode(page, filled, listAmount, again)
      : buy(page, filled, listAmount, visit, again);
  }

  /**
   * Checks the typed code and shows the price it gives; nothing is held yet.
   *
   * @param {ProductPage} page
   * @param {Checkout} filled
   * @param {number} listAmount
   * @param {(status: number, extra?: { problem?: string, discount?: import('./pages.js').AppliedDiscount }) => Answer} again
   */
  async function applyCode(page, { discountCode: code }, listAmount, again) {
    if (!code) return again(400, { problem: 'Enter a discount code.' });
    if (code.length > maxCodeLength) {
      return again(400, { problem: discountRefusalText('discount_not_found', code) });
    }
    try {
      const check = await sellerCenter.validateDiscount({
        productId: page.product.id,
        code,
        amount: listAmount,
      });
      return again(200, {
        discount: {
          code: check.discount.code,
          discountAmount: check.discountAmount,
          finalAmount: check.finalAmount,
        },
      });
    } catch (error) {
      if (!isRefusal(error)) throw error;
      return again(400, { problem: discountRefusalText(error.code, code) });
    }
  }

  /**
   * The buy button: checks the form, holds a use of the discount code (if any) for the order,
   * takes the (test) payment, records the order and reports the sale. The price comes from the
   * catalog and the code's hold, never from the form.
   *
   * @param {ProductPage} page
   * @param {Checkout} filled
   * @param {number} listAmount
   * @param {Visit} visit
   * @param {(status: number, extra?: { problem?: string }) => Answer} again
   */
  async function buy(page, filled, listAmount, visit, again) {
    const { email, buyerName, paymentMethod, discountCode: code } = filled;
    /** @param {string} problem */
    const refuse = (problem) => again(400, { problem });
    if (!emailPattern.test(email) || email.length > 254) {
      return refuse('Enter a valid e-mail address.');
    }
    if (buyerName.length > maxNameLength) {
      return refuse(`Your name can be at most ${maxNameLength} characters long.`);
    }
    if (!Object.hasOwn(paymentMethods, paymentMethod)) return refuse('Choose a payment method.');
    if (code.length > maxCodeLength) return refuse(discountRefusalText('discount_not_found', code));

    const order = orders.create({
      nickname: page.seller.nickname,
      productId: page.product.id,
      productTitle: page.product.title,
      customerEmail: email,
      buyerName,
      paymentMethod,
      amount: listAmount,
      discount: undefined,
      files: page.files.map((file) => ({
        id: file.id,
        name: file.file_original_name,
        size: file.file_size,
        downloads: undefined,
      })),
      attribution: visit.attribution,
      buyerLocale: pageLanguage,
      marketingConsent: filled.marketingConsent,
    });

    if (code) {
      // One use of the code is held for this order until its purchase is recorded (or the
      // hold lapses): two buyers can never both pay with the last use.
      try {
        const redemption = await sellerCenter.redeemDiscount({
          orderId: order.id,
          productId: order.productId,
          code,
          amount: listAmount,
        });
        order.amount = redemption.finalAmount;
        order.discount = { code: redemption.code, listAmount };
      } catch (error) {
        orders.remove(order.id);
        if (isRefusal(error)) return refuse(discountRefusalText(error.code, code));
        // No answer: a use may be held for the order all the same. Free it.
        await release(order);
        throw error;
      }
    }

    // A real store charges the buyer here, through its payment provider, and goes on only
    // once the payment is taken. This one takes a test payment, declined when the buyer asks.
    // A free copy (the code takes off the whole price) charges nothing.
    if (order.amount > 0 && filled.declinePayment) {
      orders.remove(order.id);
      if (order.discount) await release(order);
      return again(402, {
        problem:
          'Your payment was declined, so nothing was charged. Try again or choose another payment method.',
      });
    }

    const refusal = await report(order);
    if (refusal) {
      // A real store gives the payment back here.
      orders.remove(order.id);
      if (order.discount) await release(order);
      return refuse(`The seller center refused this order (${refusal.code}); nothing was charged.`);
    }
    // Reported, or still to be reported: the order page says which.
    return redirect(orderPath(order.id));
  }

  /**
   * Frees the use of the discount code held for an order that will not be paid. Should the
   * seller center not answer, the hold lapses by itself.
   *
   * @param {Order} order
   */
  async function release(order) {
    try {
      await sellerCenter.releaseDiscount(order.id);
    } catch (error) {
      log(`discount code held for order ${order.id} not released: ${String(error)}`);
    }
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
        ...(order.discount && {
          discountCode: order.discount.code,
          listAmount: order.discount.listAmount,
        }),
        ...purchaseFields(order),
      });
      order.state = 'recorded';
      return undefined;
    } catch (error) {
      const final = isRefusal(error);
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
        return checkout(first, third, await readForm(), visit);
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
function purchaseFields({ attribution, buyerName, buyerLocale, marketingConsent }) {
  const { country, ...origin } = attribution;
  return {
    ...origin,
    ...(buyerName && { buyerName }),
    ...(country && { buyerCountry: country }),
    buyerLocale,
    ...(marketingConsent && { marketingConsent }),
  };
}

/**
 * The checkout form's fields, trimmed.
 *
 * @param {URLSearchParams} form
 * @returns {Checkout}
 */
function readCheckout(form) {
  return {
    email: (form.get('email') ?? '').trim(),
    buyerName: (form.get('buyerName') ?? '').trim(),
    paymentMethod: form.get('paymentMethod') ?? '',
    // Only a ticked box is consent; an unticked one sends nothing (it withdraws nothing).
    marketingConsent: form.get('marketingConsent') === 'yes',
    discountCode: (form.get('discountCode') ?? '').trim(),
    declinePayment: form.get('testPayment') === 'decline',
  };
}

/**
 * The seller center refused the call for good (a 4xx other than 429): its `code` says why.
 * Anything else (no answer, a 5xx after the retries) is not the buyer's to fix.
 *
 * @param {unknown} error
 * @returns {error is SellerCenterError}
 */
function isRefusal(error) {
  return error instanceof SellerCenterError && error.status < 500 && error.status !== 429;
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
