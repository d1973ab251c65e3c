import { countsEachCall, idempotent, withRetries } from './retry.js';
import { signatureFor } from './signing.js';

/**
 * The seller center's calls that the storefront makes, as docs/member-site.md documents them:
 * the public catalog (no key, cached with ETags) and the signed calls of `/api/internal/*`.
 *
 * The answers' shapes, as far as the storefront reads them:
 *
 * @typedef {object} CatalogProduct
 * @property {string} id
 * @property {string} title
 * @property {string} description
 * @property {number} price Whole US dollars.
 * @property {string | null} thumbnail_url The main thumbnail, absolute or relative to the seller center.
 * @property {number} file_count
 * @property {string} created_at
 * @property {string} updated_at
 *
 * @typedef {object} CreatorPage `GET /api/public/sellers/{nickname}`
 * @property {{ id: string, nickname: string, bio: string | null, avatarUrl: string | null, memberSince: string }} seller
 * @property {CatalogProduct[]} products Active products, newest first.
 *
 * @typedef {object} CatalogFile
 * @property {string} id
 * @property {string} file_original_name
 * @property {string} file_extension
 * @property {number} file_size Bytes.
 * @property {string} file_type
 * @property {number} version The newest version's number: 1 for the file as first attached,
 *   more once the seller has added versions (the buyer gets the newest).
 * @property {string | null} versionLabel The seller's name for that version (`2nd edition`).
 * @property {boolean} is_sample Given away whole: also listed in `samples`.
 * @property {number} sample_pages A PDF's first pages offered as a sample; 0 for none.
 *
 * @typedef {object} CatalogSample What a visitor may read before buying.
 * @property {string} id
 * @property {string} fileName The file's name.
 * @property {'file' | 'pdf_pages'} kind The whole file, or a PDF's first `pages` pages.
 * @property {number | null} pages
 * @property {number} size Bytes of the sample.
 * @property {string} url Needs no signature, may be cached and never counts a download.
 *
 * @typedef {object} CatalogThumbnail
 * @property {string} id
 * @property {string} s3_url
 * @property {string} image_original_name
 * @property {0 | 1} is_main 1 marks the main thumbnail.
 *
 * @typedef {object} ProductPage `GET /api/public/sellers/{nickname}/products/{productId}`
 * @property {{ id: string, nickname: string, avatarUrl: string | null }} seller
 * @property {CatalogProduct} product
 * @property {CatalogFile[]} files In the product's order.
 * @property {CatalogThumbnail[]} thumbnails The main one first.
 * @property {CatalogSample[]} samples In the files' order.
 *
 * @typedef {object} Purchase The body of `POST /api/internal/purchases`.
 * @property {string} orderId The store's order id: a sale is recorded once per order id.
 * @property {string} productId
 * @property {string} customerEmail
 * @property {string} paymentMethod
 * @property {number} amount Whole won: what the buyer paid (0 for a free copy with a code).
 * @property {string} purchasedAt ISO 8601; sent with every attempt so that a retry is the same call.
 * @property {string} [discountCode] The code the order's use was held with (`redeemDiscount`).
 * @property {number} [listAmount] The price before the code, whole won.
 * @property {string} [buyerName] As the buyer gave it at checkout.
 * @property {string} [source] Where the buyer's visit came from: the referrer's host.
 * @property {string} [utmSource] The UTM fields of the visit's landing page.
 * @property {string} [utmMedium]
 * @property {string} [utmCampaign]
 * @property {string} [buyerCountry] ISO 3166-1 alpha-2, as the store's proxy told it.
 * @property {string} [buyerLocale] The language of the pages the buyer used.
 * @property {boolean} [marketingConsent] The buyer ticked the box for news at checkout.
 *
 * @typedef {object} ViewItem An item of `POST /api/internal/views`.
 * @property {string} productId
 * @property {number} count
 * @property {string} day yyyy-MM-dd in the seller center's time zone.
 * @property {string} [source]
 * @property {string} [utmSource]
 * @property {string} [utmMedium]
 * @property {string} [utmCampaign]
 * @property {string} [country]
 *
 * @typedef {object} RecordedSale
 * @property {string} purchaseId
 * @property {string} orderId
 * @property {number} amount
 * @property {string} purchasedAt
 *
 * @typedef {object} Delivery `POST /api/internal/deliveries` → 201 `{ delivery }`
 * @property {string} id
 * @property {string} orderId
 * @property {string} fileId
 * @property {string} fileName
 * @property {number} size
 * @property {string} downloadUrl Works without any header until `expiresAt`.
 * @property {string} expiresAt
 * @property {number} downloadsUsed
 * @property {number | null} downloadsLimit null: unlimited.
 *
 * @typedef {object} ViewsAnswer `POST /api/internal/views` → 202
 * @property {number} accepted
 * @property {number} unknown
 *
 * @typedef {object} CodeCheck The body of `POST /api/internal/discounts/validate`.
 * @property {string} productId
 * @property {string} code As the buyer typed it, any case.
 * @property {number} amount The price before the code, whole won.
 *
 * @typedef {object} DiscountCheck `POST /api/internal/discounts/validate` → 200
 * @property {{ code: string, kind: 'percent' | 'fixed', percent: number | null, amount: number | null }} discount
 * @property {number} discountAmount What the code takes off.
 * @property {number} finalAmount What the buyer pays; 0 is a free copy.
 *
 * @typedef {object} Redemption `POST /api/internal/discounts/redeem` → 201 `{ redemption }`
 * @property {string} orderId
 * @property {string} code The code as the seller center keeps it (capitals): the purchase names it.
 * @property {number} discountAmount
 * @property {number} finalAmount
 * @property {string} expiresAt Until when the use is held for the order's purchase.
 */

/** An error answer of the seller center: `{ error, code }` with its HTTP status. */
export class SellerCenterError extends Error {
  /**
   * @param {number} status
   * @param {string} code `not_found`, `conflict`, `download_limit_reached`, `sale_refunded`…
   * @param {string} message
   */
  constructor(status, code, message) {
    super(message);
    this.name = 'SellerCenterError';
    this.status = status;
    this.code = code;
  }
}

/**
 * @typedef {object} SellerCenterOptions
 * @property {string} baseUrl
 * @property {string} secret
 * @property {Partial<import('./retry.js').RetryOptions>} [retry] Backoff settings (tests shorten them).
 * @property {number} [timeoutMs] How long one attempt may take.
 */

/** @param {SellerCenterOptions} options */
export function createSellerCenter({ baseUrl, secret, retry = {}, timeoutMs = 10_000 }) {
  /**
   * The catalog's answers by URL, with their ETag. A fresh one (within the `max-age` of its
   * `Cache-Control`) is used as it is; a stale one is asked again with `If-None-Match`, and a
   * 304 keeps it without the seller center sending the page again.
   *
   * @type {Map<string, { etag: string, body: unknown, freshUntil: number }>}
   */
  const catalogCache = new Map();
  const catalogCacheSize = 500;

  /**
   * A catalog page, or null when the seller center answers 404 (unknown creator, a product
   * that is not on sale).
   *
   * @param {string} path
   * @returns {Promise<unknown>}
   */
  async function catalogGet(path) {
    const url = `${baseUrl}${path}`;
    const cached = catalogCache.get(url);
    if (cached && cached.freshUntil > Date.now()) return cached.body;

    /** @type {Response} */
    let response;
    try {
      response = await withRetries(
        () =>
          fetch(url, {
            headers: {
              accept: 'application/json',
              ...(cached ? { 'if-none-match': cached.etag } : {}),
            },
            signal: AbortSignal.timeout(timeoutMs),
          }),
        { policy: idempotent, ...retry },
      );
    } catch (error) {
      // Unreachable: a page seen before is better than an error page.
      if (cached) return cached.body;
      throw error;
    }
    if (response.status >= 500 && cached) {
      await response.body?.cancel();
      return cached.body;
    }
    if (response.status === 304 && cached) {
      cached.freshUntil = Date.now() + maxAgeMs(response);
      return cached.body;
    }
    if (response.status === 404) {
      catalogCache.delete(url);
      await response.body?.cancel();
      return null;
    }
    const body = await answerOf(response);
    const etag = response.headers.get('etag');
    if (etag) {
      catalogCache.delete(url);
      catalogCache.set(url, { etag, body, freshUntil: Date.now() + maxAgeMs(response) });
      // Forget the oldest page beyond the cache's size (a Map keeps insertion order).
      if (catalogCache.size > catalogCacheSize) {
        const oldest = catalogCache.keys().next().value;
        if (oldest !== undefined) catalogCache.delete(oldest);
      }
    }
    return body;
  }

  /**
   * A signed call of the internal API: the body is serialised once, and each attempt signs
   * those same bytes with a fresh timestamp. A call without a payload sends no body and no
   * content type, and is signed over the empty string.
   *
   * @param {string} method
   * @param {string} path
   * @param {unknown} payload
   * @param {import('./retry.js').RetryPolicy} policy
   * @returns {Promise<{ status: number, body: unknown }>}
   */
  async function signedCall(method, path, payload, policy) {
    const body = payload === undefined ? '' : JSON.stringify(payload);
    const response = await withRetries(
      () =>
        fetch(`${baseUrl}${path}`, {
          method,
          headers: {
            ...(body ? { 'content-type': 'application/json' } : {}),
            'x-signature': signatureFor(secret, body),
          },
          body: body || undefined,
          signal: AbortSignal.timeout(timeoutMs),
        }),
      { policy, ...retry },
    );
    return { status: response.status, body: await answerOf(response) };
  }

  return {
    /**
     * @param {string} nickname
     * @returns {Promise<CreatorPage | null>}
     */
    async creatorPage(nickname) {
      const page = await catalogGet(`/api/public/sellers/${encodeURIComponent(nickname)}`);
      return /** @type {CreatorPage | null} */ (page);
    },

    /**
     * @param {string} nickname
     * @param {string} productId
     * @returns {Promise<ProductPage | null>}
     */
    async productPage(nickname, productId) {
      const page = await catalogGet(
        `/api/public/sellers/${encodeURIComponent(nickname)}/products/${encodeURIComponent(productId)}`,
      );
      return /** @type {ProductPage | null} */ (page);
    },

    /**
     * Records a sale once per `orderId`: 201 the first time, 200 when it was already recorded
     * (a retry whose first answer was lost).
     *
     * @param {Purchase} purchase
     * @returns {Promise<RecordedSale>}
     */
    async recordPurchase(purchase) {
      const { body } = await signedCall('POST', '/api/internal/purchases', purchase, idempotent);
      return /** @type {{ sale: RecordedSale }} */ (body).sale;
    },

    /**
     * Adds views to products, up to 1,000 products a call. Views have no id: a call retried
     * after its answer was lost counts twice, so the view counter retries on its own schedule.
     *
     * @param {ViewItem[]} views
     * @returns {Promise<ViewsAnswer>}
     */
    async recordViews(views) {
      const { body } = await signedCall(
        'POST',
        '/api/internal/views',
        { views },
        { retryStatus: () => false, retryError: () => false },
      );
      return /** @type {ViewsAnswer} */ (body);
    },

    /**
     * Asks for one download of a file of an order. Every 201 counts one download, so only
     * failures that prove nothing was counted are retried (see retry.js).
     *
     * @param {{ orderId: string, fileId: string }} request
     * @returns {Promise<Delivery>}
     */
    async requestDelivery(request) {
      const { body } = await signedCall(
        'POST',
        '/api/internal/deliveries',
        request,
        countsEachCall,
      );
      return /** @type {{ delivery: Delivery }} */ (body).delivery;
    },

    /**
     * What a discount code gives on a product at a price, holding nothing: the price shown
     * before the buyer pays. A code that does not apply is a SellerCenterError with its code
     * (`discount_not_found`, `discount_inactive`, `discount_used_up`,
     * `discount_not_applicable`, `discount_below_minimum`).
     *
     * @param {CodeCheck} check
     * @returns {Promise<DiscountCheck>}
     */
    async validateDiscount(check) {
      const { body } = await signedCall(
        'POST',
        '/api/internal/discounts/validate',
        check,
        idempotent,
      );
      return /** @type {DiscountCheck} */ (body);
    },

    /**
     * Holds one use of the code for the order, when the buyer pays: refused like
     * `validateDiscount`. Held once per order id (the same call again answers the same hold),
     * so it is retried like a purchase.
     *
     * @param {CodeCheck & { orderId: string }} request
     * @returns {Promise<Redemption>}
     */
    async redeemDiscount(request) {
      const { body } = await signedCall(
        'POST',
        '/api/internal/discounts/redeem',
        request,
        idempotent,
      );
      return /** @type {{ redemption: Redemption }} */ (body).redemption;
    },

    /**
     * Frees the order's held use at once (its payment failed), rather than when the hold
     * lapses. Answers 204 whether or not a use was held: safe to repeat.
     *
     * @param {string} orderId
     */
    async releaseDiscount(orderId) {
      await signedCall(
        'DELETE',
        `/api/internal/discounts/redemptions/${encodeURIComponent(orderId)}`,
        undefined,
        idempotent,
      );
    },

    /**
     * An address the seller center gave (an image, a download), absolute: with the local
     * storage driver and no PUBLIC_URL it gives paths of its own origin.
     *
     * @param {string} url
     */
    absoluteUrl(url) {
      return new URL(url, `${baseUrl}/`).toString();
    },
  };
}

/** @typedef {ReturnType<typeof createSellerCenter>} SellerCenter */

/**
 * The JSON of a 2xx answer; any other answer becomes a SellerCenterError with the seller
 * center's code (or `http_<status>` when the answer is not the seller center's JSON).
 *
 * @param {Response} response
 * @returns {Promise<unknown>}
 */
async function answerOf(response) {
  const text = await response.text();
  /** @type {unknown} */
  let body = null;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    // Not JSON: a proxy's error page, for instance.
  }
  if (response.ok) return body;
  const error = /** @type {{ code?: unknown, error?: unknown } | null} */ (body);
  throw new SellerCenterError(
    response.status,
    typeof error?.code === 'string' ? error.code : `http_${response.status}`,
    typeof error?.error === 'string'
      ? error.error
      : `The seller center answered ${response.status}`,
  );
}

/**
 * How long an answer may be used without asking again: its `Cache-Control: max-age`.
 *
 * @param {Response} response
 */
function maxAgeMs(response) {
  const match = /(?:^|,)\s*max-age=(\d+)/.exec(response.headers.get('cache-control') ?? '');
  return match?.[1] ? Number(match[1]) * 1000 : 0;
}
