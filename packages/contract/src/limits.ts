/** Business constants and limits, shared by server and web; what they mean: docs/product-rules.md. */

/** The largest amount of one sale (and so of a refund or a discount), in KRW. */
export const maxPurchaseAmount = 100_000_000_000;

export const limits = {
  nickname: { min: 3, max: 20 },
  signupPassword: { min: 6 },
  newPassword: { min: 8 },
  password: { max: 128 },
  email: { max: 254 },
  bio: { max: 500 },
  displayName: { max: 100 },
  title: { max: 200 },
  description: { max: 10_000 },
  price: { min: 1, max: 1_000_000 },
  thumbnails: { max: 5, maxBytes: 10 * 1024 * 1024 },
  productFiles: { max: 10, maxBytes: 5 * 1024 * 1024 * 1024 },
  avatar: { maxBytes: 5 * 1024 * 1024 },
  multipart: {
    thresholdBytes: 100 * 1024 * 1024,
    /** The part size the web app sends (5 MiB); other clients may choose any allowed size. */
    partBytes: 5 * 1024 * 1024,
    /** Every part but the last needs at least this many bytes, as on S3. */
    minPartBytes: 5 * 1024 * 1024,
    /** No part may be larger, as on S3. */
    maxPartBytes: 5 * 1024 * 1024 * 1024,
    maxParts: 10_000,
    parallelParts: 4,
  },
  largeUploadNoticeBytes: 524_288_000,
  /** What a sale may tell of its buyer and where they came from. */
  buyer: { name: 100, source: 100, utm: 200 },
  /** The customers list's search text; the sales a buyer's page shows. */
  customers: { query: 200, salesShown: 100 },
  transactions: { defaultLimit: 20, maxLimit: 100, defaultPage: 1 },
  /** Downloads a buyer has of each file of a sale, per product; 0 is unlimited. */
  downloadLimit: { min: 0, max: 100, default: 5, unlimited: 0 },
  /** A PDF file's first pages offered as a sample; 0 is none. */
  samplePages: { min: 0, max: 20 },
  /** A product file version's label and changelog. */
  versionLabel: { max: 100 },
  versionChangelog: { max: 5_000 },
  activity: { defaultLimit: 20, maxLimit: 100 },
  dailySales: { defaultDays: 30, maxDays: 365 },
  /**
   * The days the database stores and the API writes back as `YYYY-MM-DD`: years 0001 to 9999.
   * An instant must be a day inside them too, so that its local day in any time zone (±14 h)
   * is still one of them.
   */
  dates: {
    firstDay: '0001-01-01',
    lastDay: '9999-12-31',
    firstInstant: '0001-01-02T00:00:00.000Z',
    lastInstant: '9999-12-30T23:59:59.999Z',
  },
  /** The conversion report's period of local days, both included. */
  conversion: { defaultDays: 30, maxDays: 366 },
  commission: { introMonths: 6, introRate: 0, standardRate: 0.1 },
  currenciesSupported: 135,
  redirectAfterSaveMs: 1000,
  copyConfirmationMs: 2000,
  settlementSuccessMs: 3000,
  requestRetries: 3,
  /** Discount codes: products one code may name, its largest limit of uses, codes made at once. */
  discounts: { maxProducts: 100, maxUses: 1_000_000, maxBulkCodes: 5_000 },
  /**
   * Mail to buyers: the seller's subject and text (characters), the products and versions one
   * mail may name.
   */
  broadcasts: { subjectMax: 150, bodyMax: 10_000, maxProducts: 100, maxVersions: 20 },
} as const;

export const salesPeriods = ['all', 'today', 'week', 'month'] as const;
export type SalesPeriod = (typeof salesPeriods)[number];

export const productStatuses = ['pending', 'active', 'inactive', 'deleted'] as const;
export type ProductStatus = (typeof productStatuses)[number];
