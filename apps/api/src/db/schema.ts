import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  pgView,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

export const sellers = pgTable(
  'sellers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Null once the account is deleted: the address is free to sign up again. */
    email: text('email'),
    nickname: text('nickname'),
    passwordHash: text('password_hash').notNull(),
    bio: text('bio'),
    avatarUrl: text('avatar_url'),
    /** Bumped on password change and logout: tokens carrying an older value are refused. */
    tokenVersion: integer('token_version').notNull().default(0),
    /** The language the seller last used in the web app: mail is written in it. */
    language: text('language'),
    /**
     * The authenticator secret, sealed with TOTP_ENCRYPTION_KEY. Set by the setup step; two
     * factors are required only once `totpEnabledAt` is set too.
     */
    totpSecret: text('totp_secret'),
    totpEnabledAt: timestamp('totp_enabled_at', { withTimezone: true }),
    /** The last time step whose code was accepted: a code is never accepted twice. */
    totpLastStep: bigint('totp_last_step', { mode: 'number' }),
    /** Mail about sales: `each` sale, a `daily` summary, or `never`. */
    saleNotifications: text('sale_notifications').notNull().default('daily'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** Set when the seller deletes the account; the row stays for the trade records. */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('sellers_email_lower_key').on(sql`lower(${table.email})`),
    uniqueIndex('sellers_nickname_key').on(table.nickname),
    index('sellers_created_at_idx').on(table.createdAt),
  ],
);

export type SellerRow = typeof sellers.$inferSelect;

export const products = pgTable(
  'products',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    sellerId: uuid('seller_id')
      .notNull()
      .references(() => sellers.id),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    /** Whole US dollars. */
    price: integer('price').notNull(),
    /** pending (under review), active, inactive, deleted (soft delete: the row stays). */
    status: text('status').notNull(),
    viewCount: integer('view_count').notNull().default(0),
    /** Downloads of each file a buyer gets per purchase; 0 is unlimited. */
    downloadLimit: integer('download_limit').notNull().default(5),
    /** Each delivered PDF carries the buyer's email and order id on every page. */
    pdfStamp: boolean('pdf_stamp').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (table) => [
    index('products_seller_created_idx').on(table.sellerId, table.createdAt),
    check(
      'products_status_check',
      sql`${table.status} in ('pending', 'active', 'inactive', 'deleted')`,
    ),
    check('products_price_check', sql`${table.price} > 0`),
    check(
      'products_download_limit_check',
      sql`${table.downloadLimit} >= 0 and ${table.downloadLimit} <= 100`,
    ),
  ],
);

export type ProductRow = typeof products.$inferSelect;

export const productFiles = pgTable(
  'product_files',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id),
    /** The upload's storage key; unique so that one upload is attached once. */
    storageKey: text('storage_key').notNull(),
    originalName: text('original_name').notNull(),
    extension: text('extension').notNull(),
    contentType: text('content_type').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    position: integer('position').notNull(),
    /**
     * The newest version's number and label: the storage key, name, extension, type and size
     * above are the newest version's too (what a delivery serves).
     */
    version: integer('version').notNull().default(1),
    versionLabel: text('version_label'),
    /** Given away whole in the public catalog. */
    isSample: boolean('is_sample').notNull().default(false),
    /** A PDF's first pages offered as a PDF of their own in the public catalog; 0 is none. */
    samplePages: integer('sample_pages').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('product_files_storage_key_key').on(table.storageKey),
    index('product_files_product_idx').on(table.productId, table.position),
    check(
      'product_files_sample_pages_check',
      sql`${table.samplePages} >= 0 and ${table.samplePages} <= 20`,
    ),
  ],
);

export type ProductFileRow = typeof productFiles.$inferSelect;

/**
 * Every version of a product file, the first one included; all stay stored. The file's row
 * mirrors the newest. `sha256` is the bytes' hash, computed when the version is added or, for a
 * first version, at its first delivery; `sampleKey` holds the sample pages made from this
 * version (the file's `sample_pages` at the time).
 */
export const productFileVersions = pgTable(
  'product_file_versions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    fileId: uuid('file_id')
      .notNull()
      .references(() => productFiles.id, { onDelete: 'cascade' }),
    number: integer('number').notNull(),
    label: text('label'),
    changelog: text('changelog'),
    storageKey: text('storage_key').notNull(),
    originalName: text('original_name').notNull(),
    extension: text('extension').notNull(),
    contentType: text('content_type').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    sha256: text('sha256'),
    /** Pages of a PDF, once read; null for other files or before the first read. */
    pageCount: integer('page_count'),
    sampleKey: text('sample_key'),
    samplePages: integer('sample_pages'),
    sampleSize: bigint('sample_size', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('product_file_versions_file_number_key').on(table.fileId, table.number),
    uniqueIndex('product_file_versions_storage_key_key').on(table.storageKey),
  ],
);

export type ProductFileVersionRow = typeof productFileVersions.$inferSelect;

export const productThumbnails = pgTable(
  'product_thumbnails',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id),
    storageKey: text('storage_key').notNull(),
    originalName: text('original_name').notNull(),
    isMain: boolean('is_main').notNull().default(false),
    position: integer('position').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('product_thumbnails_storage_key_key').on(table.storageKey),
    index('product_thumbnails_product_idx').on(table.productId, table.position),
    uniqueIndex('product_thumbnails_one_main_key').on(table.productId).where(sql`${table.isMain}`),
  ],
);

export type ProductThumbnailRow = typeof productThumbnails.$inferSelect;

export const exchangeRates = pgTable(
  'exchange_rates',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Won and yuan per US dollar, exact decimals (read back as strings). */
    krw: numeric('krw', { precision: 18, scale: 6 }).notNull(),
    cny: numeric('cny', { precision: 18, scale: 6 }).notNull(),
    rateDate: date('rate_date', { mode: 'string' }).notNull(),
    /** seeded (first start), internal_api, command or provider. */
    source: text('source').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('exchange_rates_latest_idx').on(table.rateDate, table.createdAt),
    uniqueIndex('exchange_rates_one_seed_key')
      .on(table.source)
      .where(sql`${table.source} = 'seeded'`),
    check('exchange_rates_positive_check', sql`${table.krw} > 0 and ${table.cny} > 0`),
  ],
);

export type ExchangeRateRow = typeof exchangeRates.$inferSelect;

export const uploadKinds = ['file', 'image', 'avatar'] as const;
export type UploadKindValue = (typeof uploadKinds)[number];
export const uploadStates = ['pending', 'uploading', 'completed', 'aborted'] as const;
export type UploadState = (typeof uploadStates)[number];

/**
 * Every upload a seller starts: the server issues the key, remembers what was declared and
 * follows it from pending to completed (or aborted). Products and avatars attach only
 * completed uploads of the same seller, once; the sweeper removes the unattached ones.
 */
export const uploads = pgTable(
  'uploads',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    sellerId: uuid('seller_id')
      .notNull()
      .references(() => sellers.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: uploadKinds }).notNull(),
    /** `sellers/<sellerId>/<uuid>.<ext>`, never derived from the file name. */
    storageKey: text('storage_key').notNull(),
    /** The store's multipart upload id; null for single-PUT uploads. */
    multipartUploadId: text('multipart_upload_id'),
    originalName: text('original_name').notNull(),
    extension: text('extension').notNull(),
    /** The canonical type, kept for downloads whatever the browser reported. */
    contentType: text('content_type').notNull(),
    /** The `Content-Type` a single-PUT URL is signed for; null when any type is accepted. */
    signedContentType: text('signed_content_type'),
    /**
     * Bytes announced when the upload started; 64-bit because product files reach 5 GB. Null for
     * a multipart upload started without a size: its limit is checked when it completes.
     */
    declaredSize: bigint('declared_size', { mode: 'number' }),
    /** Bytes stored, known once the upload is completed. */
    size: bigint('size', { mode: 'number' }),
    state: text('state', { enum: uploadStates }).notNull().default('pending'),
    /** Unfinished uploads expire at this time; completed ones are swept after it if unattached. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    attachedAt: timestamp('attached_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('uploads_storage_key_key').on(table.storageKey),
    index('uploads_seller_created_idx').on(table.sellerId, table.createdAt),
    index('uploads_sweep_idx')
      .on(table.expiresAt)
      .where(sql`${table.attachedAt} is null and ${table.state} <> 'aborted'`),
    check('uploads_kind_check', sql`${table.kind} in ('file', 'image', 'avatar')`),
    check(
      'uploads_state_check',
      sql`${table.state} in ('pending', 'uploading', 'completed', 'aborted')`,
    ),
    check('uploads_declared_size_check', sql`${table.declaredSize} > 0`),
    check(
      'uploads_completed_size_check',
      sql`${table.state} <> 'completed' or ${table.size} is not null`,
    ),
  ],
);

export type UploadRow = typeof uploads.$inferSelect;

// ---- Sales ----------------------------------------------------------------------------------
// Money is in KRW, whole won, in bigint columns. A sale keeps the commission rate in force when
// it happened. The rollups below are written in the same transaction as each sale so that the
// statistics never sum the sales table per request; `sales_daily` is keyed by the day in the
// configured TIME_ZONE (rebuild the rollups with `npm run sales:rebuild-rollups` after changing it).

export const sales = pgTable(
  'sales',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The member site's order id: one sale per order, whatever the retries. */
    orderId: text('order_id').notNull(),
    sellerId: uuid('seller_id')
      .notNull()
      .references(() => sellers.id),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id),
    customerEmail: text('customer_email').notNull(),
    paymentMethod: text('payment_method').notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    /** Basis points: 0 in the seller's first six months, 1000 (10 %) after. */
    commissionRate: integer('commission_rate_bp').notNull(),
    commissionAmount: bigint('commission_amount', { mode: 'number' }).notNull(),
    netAmount: bigint('net_amount', { mode: 'number' }).notNull(),
    purchasedAt: timestamp('purchased_at', { withTimezone: true }).notNull(),
    /**
     * What the sale's refunds and chargebacks took back so far: the sum of its `refunds` rows,
     * kept here so that a refund locks one row to check what is left. Amount, commission and
     * net above never change: the ledger reads them as the sale's entry.
     */
    refundedAmount: bigint('refunded_amount', { mode: 'number' }).notNull().default(0),
    refundedCommission: bigint('refunded_commission', { mode: 'number' }).notNull().default(0),
    /**
     * Downloads the buyer was given since the sale or the seller's last reset, all files
     * together, and when the last one was given (a reset keeps it): kept on the sale, written
     * with each delivery, so that the transactions list reads them without counting deliveries.
     */
    downloadCount: integer('download_count').notNull().default(0),
    lastDownloadAt: timestamp('last_download_at', { withTimezone: true }),
    /**
     * The discount code the buyer used (in capitals), the price before it and what it took off
     * (`list_amount - amount`); `discount_over_limit` when no live hold covered the use and the
     * code did not apply (unknown, archived, out of its dates, used up…): recorded all the same.
     */
    discountCode: text('discount_code'),
    listAmount: bigint('list_amount', { mode: 'number' }),
    discountAmount: bigint('discount_amount', { mode: 'number' }),
    discountOverLimit: boolean('discount_over_limit').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** What the member site told of the buyer and where they came from; null when it did not. */
    buyerName: text('buyer_name'),
    buyerCountry: text('buyer_country'),
    buyerLocale: text('buyer_locale'),
    marketingConsent: boolean('marketing_consent'),
    source: text('source'),
    utmSource: text('utm_source'),
    utmMedium: text('utm_medium'),
    utmCampaign: text('utm_campaign'),
  },
  (table) => [
    uniqueIndex('sales_order_id_key').on(table.orderId),
    // A customer's sales, newest first (their page and who a product update reaches).
    index('sales_seller_customer_idx').on(
      table.sellerId,
      sql`lower(${table.customerEmail})`,
      table.purchasedAt.desc(),
    ),
    // Newest-first pages of one seller, bounded by time: the transactions list and the export.
    index('sales_seller_purchased_idx').on(
      table.sellerId,
      table.purchasedAt.desc(),
      table.id.desc(),
    ),
    // A free copy (amount 0) only with a discount code.
    check(
      'sales_amount_check',
      sql`${table.amount} > 0 or (${table.amount} = 0 and ${table.discountCode} is not null)`,
    ),
    check(
      'sales_commission_check',
      sql`${table.commissionAmount} >= 0 and ${table.netAmount} = ${table.amount} - ${table.commissionAmount}`,
    ),
    check(
      'sales_refunded_amount_check',
      sql`${table.refundedAmount} >= 0 and ${table.refundedAmount} <= ${table.amount}`,
    ),
    check('sales_download_count_check', sql`${table.downloadCount} >= 0`),
    check(
      'sales_refunded_commission_check',
      sql`${table.refundedCommission} >= 0 and ${table.refundedCommission} <= ${table.commissionAmount}`,
    ),
  ],
);

export type SaleRow = typeof sales.$inferSelect;

// ---- Discount codes -------------------------------------------------------------------------
// A discount holds the rules and its running figures (uses, revenue, discount given), written in
// the same statement as each sale that uses it; its codes (the main one and the single-use ones
// made in bulk) are rows of `discount_codes`; a held use for an order is a `discount_redemptions`
// row until its purchase (`used_at`) or its expiry. Rules: docs/product-rules.md.

export const discountKinds = ['percent', 'fixed'] as const;

export const discounts = pgTable(
  'discounts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    sellerId: uuid('seller_id')
      .notNull()
      .references(() => sellers.id),
    /** The main code, in capitals. */
    code: text('code').notNull(),
    kind: text('kind', { enum: discountKinds }).notNull(),
    percent: integer('percent'),
    amount: bigint('amount', { mode: 'number' }),
    /** Empty: every product of the seller. */
    productIds: uuid('product_ids').array().notNull().default(sql`'{}'::uuid[]`),
    maxUses: integer('max_uses'),
    startsAt: timestamp('starts_at', { withTimezone: true }),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    minAmount: bigint('min_amount', { mode: 'number' }).notNull().default(0),
    uses: integer('uses').notNull().default(0),
    revenue: bigint('revenue', { mode: 'number' }).notNull().default(0),
    discountGiven: bigint('discount_given', { mode: 'number' }).notNull().default(0),
    singleUseCodes: integer('single_use_codes').notNull().default(0),
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('discounts_seller_created_idx').on(table.sellerId, table.createdAt.desc(), table.id),
    check(
      'discounts_value_check',
      sql`(${table.kind} = 'percent' and ${table.percent} between 1 and 100 and ${table.amount} is null)
        or (${table.kind} = 'fixed' and ${table.amount} >= 1 and ${table.percent} is null)`,
    ),
    check('discounts_uses_check', sql`${table.uses} >= 0`),
  ],
);

export type DiscountRow = typeof discounts.$inferSelect;

export const discountCodes = pgTable(
  'discount_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    discountId: uuid('discount_id')
      .notNull()
      .references(() => discounts.id),
    sellerId: uuid('seller_id')
      .notNull()
      .references(() => sellers.id),
    /** In capitals. */
    code: text('code').notNull(),
    /** Made in bulk, usable once; the main code is not. */
    singleUse: boolean('single_use').notNull(),
    /** Its discount is archived: the letters are free for another code. */
    archived: boolean('archived').notNull().default(false),
    uses: integer('uses').notNull().default(0),
    /** The last use and its order. */
    usedAt: timestamp('used_at', { withTimezone: true }),
    orderId: text('order_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('discount_codes_seller_code_key')
      .on(table.sellerId, table.code)
      .where(sql`not ${table.archived}`),
    // Every code with its letters, archived ones too: the purchase looks a code up whether or
    // not it is archived (an order's live hold keeps counting), which the partial index above
    // cannot serve.
    index('discount_codes_seller_code_idx').on(table.sellerId, table.code),
    index('discount_codes_discount_idx').on(table.discountId, table.createdAt, table.id),
  ],
);

export type DiscountCodeRow = typeof discountCodes.$inferSelect;

export const discountRedemptions = pgTable(
  'discount_redemptions',
  {
    /** One held use per order. */
    orderId: text('order_id').primaryKey(),
    discountId: uuid('discount_id')
      .notNull()
      .references(() => discounts.id),
    codeId: uuid('code_id')
      .notNull()
      .references(() => discountCodes.id),
    code: text('code').notNull(),
    productId: uuid('product_id').notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    discountAmount: bigint('discount_amount', { mode: 'number' }).notNull(),
    finalAmount: bigint('final_amount', { mode: 'number' }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** Set by the purchase that used it; a used redemption no longer expires. */
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // The live holds of a discount, counted under its row's lock at each redeem.
    index('discount_redemptions_held_idx')
      .on(table.discountId, table.expiresAt)
      .where(sql`${table.usedAt} is null`),
    index('discount_redemptions_code_idx').on(table.codeId).where(sql`${table.usedAt} is null`),
  ],
);

export type DiscountRedemptionRow = typeof discountRedemptions.$inferSelect;

/**
 * Per seller and local day (TIME_ZONE) of the sales: count, gross and net, less refunds (a
 * refund counts on its sale's day; a fully refunded sale leaves `count` for `refunded_count`,
 * so that the transactions list, which still shows it, knows how many sales a day holds).
 */
export const salesDaily = pgTable(
  'sales_daily',
  {
    sellerId: uuid('seller_id')
      .notNull()
      .references(() => sellers.id),
    day: date('day', { mode: 'string' }).notNull(),
    count: integer('count').notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    net: bigint('net', { mode: 'number' }).notNull(),
    refundedCount: integer('refunded_count').notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.sellerId, table.day] })],
);

/** Per product: count, gross and net less refunds (as `sales_daily`), and the latest sale. */
export const productSales = pgTable(
  'product_sales',
  {
    productId: uuid('product_id')
      .primaryKey()
      .references(() => products.id),
    sellerId: uuid('seller_id')
      .notNull()
      .references(() => sellers.id),
    count: integer('count').notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    net: bigint('net', { mode: 'number' }).notNull(),
    lastSaleAt: timestamp('last_sale_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('product_sales_seller_idx').on(table.sellerId)],
);

/**
 * Product views per product, local day (TIME_ZONE), source, campaign and country, as the member
 * site reports them: the source by its normalised name (`lib/traffic-sources.ts`), each of the
 * three empty when not told. Written with the products' view counts, one statement per batch.
 */
export const productViewsDaily = pgTable(
  'product_views_daily',
  {
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id),
    sellerId: uuid('seller_id')
      .notNull()
      .references(() => sellers.id),
    day: date('day', { mode: 'string' }).notNull(),
    source: text('source').notNull(),
    campaign: text('campaign').notNull(),
    country: text('country').notNull(),
    views: bigint('views', { mode: 'number' }).notNull(),
  },
  (table) => [
    primaryKey({
      columns: [table.productId, table.day, table.source, table.campaign, table.country],
    }),
    // The conversion report reads one seller's days. `views` stays out of every index, so that
    // adding to a bucket is a heap-only update that writes no index entry.
    index('product_views_daily_seller_day_idx').on(table.sellerId, table.day),
  ],
);

export const viewDimensions = ['source', 'campaign', 'country'] as const;
export type ViewDimension = (typeof viewDimensions)[number];

/**
 * The views of all a seller's products per local day and source, per day and campaign, and per
 * day and country (`dimension` tells which, `value` is the source, campaign or country): the
 * sums of `product_views_daily` kept by the statement that adds to the buckets, so that the
 * conversion report reads a few dozen rows a day, not every product's buckets.
 */
export const sellerViewsDaily = pgTable(
  'seller_views_daily',
  {
    sellerId: uuid('seller_id')
      .notNull()
      .references(() => sellers.id),
    dimension: text('dimension', { enum: viewDimensions }).notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    value: text('value').notNull(),
    views: bigint('views', { mode: 'number' }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.sellerId, table.dimension, table.day, table.value] }),
    check(
      'seller_views_daily_dimension_check',
      sql`${table.dimension} in ('source', 'campaign', 'country')`,
    ),
  ],
);

/** The views of each product per local day, all sources together: the report by product. */
export const sellerProductViewsDaily = pgTable(
  'seller_product_views_daily',
  {
    sellerId: uuid('seller_id')
      .notNull()
      .references(() => sellers.id),
    day: date('day', { mode: 'string' }).notNull(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id),
    views: bigint('views', { mode: 'number' }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.sellerId, table.day, table.productId] })],
);

/** Per seller, all time, less refunds (as `sales_daily`). */
export const sellerSalesTotals = pgTable('seller_sales_totals', {
  sellerId: uuid('seller_id')
    .primaryKey()
    .references(() => sellers.id),
  count: integer('count').notNull(),
  amount: bigint('amount', { mode: 'number' }).notNull(),
  net: bigint('net', { mode: 'number' }).notNull(),
  refundedCount: integer('refunded_count').notNull().default(0),
});

export const marketingConsents = ['granted', 'withdrawn', 'none'] as const;
export type MarketingConsent = (typeof marketingConsents)[number];

/**
 * One buyer of a seller, by email without regard to case: kept current by every sale, refund
 * and consent change in their own transaction (never recomputed on read), so that a seller
 * with tens of thousands of buyers lists them from this table alone.
 */
export const customers = pgTable(
  'customers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    sellerId: uuid('seller_id')
      .notNull()
      .references(() => sellers.id),
    /** As the first sale wrote it; matched without regard to case. */
    email: text('email').notNull(),
    /** The latest the member site told (a sale that tells nothing keeps the earlier). */
    name: text('name'),
    country: text('country'),
    locale: text('locale'),
    purchases: integer('purchases').notNull().default(0),
    /** What the seller keeps of the buyer's sales: nets less what refunds took back. */
    totalNet: bigint('total_net', { mode: 'number' }).notNull().default(0),
    firstPurchaseAt: timestamp('first_purchase_at', { withTimezone: true }).notNull(),
    lastPurchaseAt: timestamp('last_purchase_at', { withTimezone: true }).notNull(),
    /** Every product the buyer bought, sorted, each once. */
    productIds: uuid('product_ids').array().notNull().default(sql`'{}'::uuid[]`),
    marketingConsent: text('marketing_consent', { enum: marketingConsents })
      .notNull()
      .default('none'),
    /** When the consent in force was given or withdrawn: an older change does not replace it. */
    consentAt: timestamp('consent_at', { withTimezone: true }),
    /** Whether the buyer takes mail about the products they bought. */
    productUpdates: boolean('product_updates').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('customers_seller_email_key').on(table.sellerId, sql`lower(${table.email})`),
    // The list's three orders, newest or largest first, and the export's keyset pages. The
    // filtered columns trail each key, so that counting and skipping a seller's buyers (tens of
    // thousands) reads the index alone, never the scattered table rows.
    ...(
      [
        ['last_purchase', 'lastPurchaseAt'],
        ['total_net', 'totalNet'],
        ['purchases', 'purchases'],
      ] as const
    ).map(([name, sort]) =>
      index(`customers_seller_${name}_idx`).on(
        table.sellerId,
        table[sort].desc(),
        table.id.desc(),
        table.country,
        table.marketingConsent,
        table.productIds,
        table.email,
        table.name,
      ),
    ),
    // What the list counts: a seller's buyers, of a country, of a consent, from this narrow
    // index alone (the wide ones above cost a page read per few dozen buyers).
    index('customers_seller_country_consent_idx').on(
      table.sellerId,
      table.country,
      table.marketingConsent,
    ),
    // The buyers of a product (a product is one seller's), for the count of that filter.
    index('customers_product_ids_idx').using('gin', table.productIds),
    // A search by part of an email or a name (`ILIKE '%text%'`) finds its few buyers by their
    // trigrams (the `pg_trgm` extension) instead of reading every buyer of the seller.
    index('customers_email_trgm_idx').using('gin', sql`${table.email} gin_trgm_ops`),
    index('customers_name_trgm_idx').using('gin', sql`${table.name} gin_trgm_ops`),
    check(
      'customers_marketing_consent_check',
      sql`${table.marketingConsent} in ('granted', 'withdrawn', 'none')`,
    ),
  ],
);
export type CustomerRow = typeof customers.$inferSelect;

export const broadcastKinds = ['product_update', 'marketing'] as const;
export const broadcastRecipientStates = ['queued', 'sent', 'failed', 'skipped'] as const;

/**
 * A seller's mail to buyers. Who it reaches and leaves out is counted once, in the
 * transaction that records it and its recipients.
 */
export const broadcasts = pgTable(
  'broadcasts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    sellerId: uuid('seller_id')
      .notNull()
      .references(() => sellers.id),
    kind: text('kind', { enum: broadcastKinds }).notNull(),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    productIds: uuid('product_ids').array().notNull().default(sql`'{}'::uuid[]`),
    /** Versions of the products' files whose label and changelog the mail quotes. */
    versionIds: uuid('version_ids').array().notNull().default(sql`'{}'::uuid[]`),
    recipients: integer('recipients').notNull(),
    excludedNoConsent: integer('excluded_no_consent').notNull(),
    excludedUnsubscribed: integer('excluded_unsubscribed').notNull(),
    excludedRefunded: integer('excluded_refunded').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('broadcasts_seller_created_idx').on(table.sellerId, table.createdAt.desc(), table.id),
    check('broadcasts_kind_check', sql`${table.kind} in ('product_update', 'marketing')`),
  ],
);

export type BroadcastRow = typeof broadcasts.$inferSelect;

/** One message of a broadcast: one per email, whatever the retries of its job. */
export const broadcastRecipients = pgTable(
  'broadcast_recipients',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    broadcastId: uuid('broadcast_id')
      .notNull()
      .references(() => broadcasts.id, { onDelete: 'cascade' }),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id),
    email: text('email').notNull(),
    /** The language of the mail's frame: the buyer's, else the seller's. */
    language: text('language').notNull(),
    /** `skipped`: the buyer unsubscribed between the broadcast and its sending. */
    state: text('state', { enum: broadcastRecipientStates }).notNull().default('queued'),
    /** When the message may go (a Korean marketing mail waits for 08:00 in Seoul). */
    sendAt: timestamp('send_at', { withTimezone: true }).notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    error: text('error'),
  },
  (table) => [
    uniqueIndex('broadcast_recipients_email_key').on(table.broadcastId, sql`lower(${table.email})`),
    index('broadcast_recipients_broadcast_state_idx').on(table.broadcastId, table.state),
    check(
      'broadcast_recipients_state_check',
      sql`${table.state} in ('queued', 'sent', 'failed', 'skipped')`,
    ),
  ],
);

export type BroadcastRecipientRow = typeof broadcastRecipients.$inferSelect;

/**
 * A buyer's one-click unsubscribe link for one kind of mail: random, issued with the first
 * broadcast of that kind that reaches the buyer, and the same ever after.
 */
export const unsubscribeTokens = pgTable(
  'unsubscribe_tokens',
  {
    token: text('token').primaryKey(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id),
    kind: text('kind', { enum: broadcastKinds }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('unsubscribe_tokens_customer_kind_key').on(table.customerId, table.kind),
    check('unsubscribe_tokens_kind_check', sql`${table.kind} in ('product_update', 'marketing')`),
  ],
);

export type UnsubscribeTokenRow = typeof unsubscribeTokens.$inferSelect;

export const refundKinds = ['refund', 'chargeback'] as const;
export type RefundKind = (typeof refundKinds)[number];

/**
 * A refund or chargeback of (part of) a sale, reported by the member site once per
 * `refund_id`. Insert-only: each row is one ledger entry.
 */
export const refunds = pgTable(
  'refunds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The member site's refund id: one refund per id, whatever the retries. */
    refundId: text('refund_id').notNull(),
    saleId: uuid('sale_id')
      .notNull()
      .references(() => sales.id),
    sellerId: uuid('seller_id')
      .notNull()
      .references(() => sellers.id),
    orderId: text('order_id').notNull(),
    kind: text('kind', { enum: refundKinds }).notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    /** The part of the sale's commission given back to the seller with this refund. */
    commissionReturned: bigint('commission_returned', { mode: 'number' }).notNull(),
    /** What the seller loses: amount less the commission returned. */
    netAmount: bigint('net_amount', { mode: 'number' }).notNull(),
    reason: text('reason'),
    refundedAt: timestamp('refunded_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('refunds_refund_id_key').on(table.refundId),
    index('refunds_seller_created_idx').on(table.sellerId, table.createdAt, table.id),
    index('refunds_sale_idx').on(table.saleId),
    check('refunds_kind_check', sql`${table.kind} in ('refund', 'chargeback')`),
    check('refunds_amount_check', sql`${table.amount} > 0`),
    check(
      'refunds_commission_check',
      sql`${table.commissionReturned} >= 0 and ${table.netAmount} = ${table.amount} - ${table.commissionReturned}`,
    ),
  ],
);

export type RefundRow = typeof refunds.$inferSelect;

/**
 * Every download link given to a buyer: one row per delivery, never edited, kept when the seller
 * resets the sale's downloads. The file's id, name and size are copied: a file removed from the
 * product later (no foreign key to it) is still named in the sale's history.
 */
export const deliveries = pgTable(
  'deliveries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    saleId: uuid('sale_id')
      .notNull()
      .references(() => sales.id),
    fileId: uuid('file_id').notNull(),
    fileName: text('file_name').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    /** When the link stops working. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** The version served (null for deliveries made before versions were kept). */
    versionId: uuid('version_id'),
    version: integer('version'),
    /** The served bytes' hash: the version's, or the stamped copy's. */
    sha256: text('sha256'),
    stamped: boolean('stamped').notNull().default(false),
    /**
     * The buyer's country (ISO 3166-1 alpha-2, null when unknown), network prefix (/24 of an
     * IPv4 address, /48 of an IPv6 one; never the whole address) and browser as the member site
     * reported them.
     */
    country: text('country'),
    networkPrefix: text('network_prefix'),
    userAgent: text('user_agent'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('deliveries_sale_created_idx').on(table.saleId, table.createdAt, table.id),
    // A version's downloads and buyers (the seller's version list).
    index('deliveries_version_idx').on(table.versionId),
  ],
);

export type DeliveryRow = typeof deliveries.$inferSelect;

/**
 * The stamped copy of a PDF version made for one sale, made once and reused by every later
 * delivery of that version to that buyer.
 */
export const stampedCopies = pgTable(
  'stamped_copies',
  {
    saleId: uuid('sale_id')
      .notNull()
      .references(() => sales.id),
    versionId: uuid('version_id')
      .notNull()
      .references(() => productFileVersions.id, { onDelete: 'cascade' }),
    storageKey: text('storage_key').notNull(),
    sha256: text('sha256').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.saleId, table.versionId] })],
);

export type StampedCopyRow = typeof stampedCopies.$inferSelect;

/**
 * Per sale and file, the downloads counted against the product's limit since the sale or the
 * seller's last reset (which deletes the sale's rows). One row to update per delivery, so that
 * two parallel deliveries at the limit cannot both pass.
 */
export const deliveryCounts = pgTable(
  'delivery_counts',
  {
    saleId: uuid('sale_id')
      .notNull()
      .references(() => sales.id),
    fileId: uuid('file_id').notNull(),
    count: integer('count').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.saleId, table.fileId] }),
    check('delivery_counts_count_check', sql`${table.count} > 0`),
  ],
);

export const payoutMethods = ['alipay', 'bank', 'paypal'] as const;
export type PayoutMethod = (typeof payoutMethods)[number];

/** Money paid out to a seller outside the system, recorded once per `payout_id`. Insert-only. */
export const payouts = pgTable(
  'payouts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The operator's payout id: one payout per id, whatever the retries. */
    payoutId: text('payout_id').notNull(),
    sellerId: uuid('seller_id')
      .notNull()
      .references(() => sellers.id),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    method: text('method', { enum: payoutMethods }).notNull(),
    reference: text('reference'),
    paidAt: timestamp('paid_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('payouts_payout_id_key').on(table.payoutId),
    index('payouts_seller_created_idx').on(table.sellerId, table.createdAt, table.id),
    check('payouts_amount_check', sql`${table.amount} > 0`),
    check('payouts_method_check', sql`${table.method} in ('alipay', 'bank', 'paypal')`),
  ],
);

export type PayoutRow = typeof payouts.$inferSelect;

export const ledgerEntryTypes = ['sale', 'refund', 'chargeback', 'payout'] as const;
export type LedgerEntryType = (typeof ledgerEntryTypes)[number];

/**
 * The seller's ledger: one entry per sale, refund or chargeback, and payout, read from those
 * insert-only tables (never a copy that could drift). Money the seller gains is positive, money
 * taken back or paid out negative; `at` is when the entry was recorded, and entries are ordered
 * by (`at`, `id`).
 */
export const ledgerEntries = pgView('ledger_entries', {
  id: uuid('id').notNull(),
  sellerId: uuid('seller_id').notNull(),
  type: text('type', { enum: ledgerEntryTypes }).notNull(),
  at: timestamp('at', { withTimezone: true }).notNull(),
  orderId: text('order_id'),
  saleId: uuid('sale_id'),
  gross: bigint('gross', { mode: 'number' }).notNull(),
  commission: bigint('commission', { mode: 'number' }).notNull(),
  net: bigint('net', { mode: 'number' }).notNull(),
}).as(
  sql`select id, seller_id, 'sale'::text as type, created_at as at, order_id, id as sale_id, amount as gross, commission_amount as commission, net_amount as net from sales
union all
select id, seller_id, kind as type, created_at as at, order_id, sale_id, -amount as gross, -commission_returned as commission, -net_amount as net from refunds
union all
select id, seller_id, 'payout'::text as type, created_at as at, null::text as order_id, null::uuid as sale_id, -amount as gross, 0::bigint as commission, -amount as net from payouts`,
);

// ---- Settlement -----------------------------------------------------------------------------

/** Payout details, one row per seller; an empty string is a field left empty. */
export const settlementInfos = pgTable('settlement_infos', {
  sellerId: uuid('seller_id')
    .primaryKey()
    .references(() => sellers.id),
  alipayPhone: text('alipay_phone').notNull().default(''),
  alipayRealName: text('alipay_real_name').notNull().default(''),
  bankName: text('bank_name').notNull().default(''),
  bankAccount: text('bank_account').notNull().default(''),
  bankAccountHolder: text('bank_account_holder').notNull().default(''),
  bankSwiftCode: text('bank_swift_code').notNull().default(''),
  bankBranch: text('bank_branch').notNull().default(''),
  paypalEmail: text('paypal_email').notNull().default(''),
  paypalAccountHolder: text('paypal_account_holder').notNull().default(''),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export type SettlementInfoRow = typeof settlementInfos.$inferSelect;

// ---- Getting started -------------------------------------------------------------------------

/**
 * What the dashboard's getting-started checklist cannot read from other tables: whether the
 * seller copied or shared the creator page link, and whether the checklist was closed. No row
 * yet means neither.
 */
export const sellerGettingStarted = pgTable('seller_getting_started', {
  sellerId: uuid('seller_id')
    .primaryKey()
    .references(() => sellers.id, { onDelete: 'cascade' }),
  creatorLinkSharedAt: timestamp('creator_link_shared_at', { withTimezone: true }),
  dismissedAt: timestamp('dismissed_at', { withTimezone: true }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

// ---- Background jobs ------------------------------------------------------------------------
// A durable queue in the database: a job is written in the same transaction as the event that
// asks for it (an outbox), so nothing acknowledged is left without its mail or webhook, and
// workers on every server copy take due jobs with `for update skip locked`.

export const jobStates = ['queued', 'running', 'done', 'failed'] as const;

export const jobs = pgTable(
  'jobs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** What to do (`mail`, `password-reset`…): the handler registered for it runs the job. */
    kind: text('kind').notNull(),
    payload: jsonb('payload').notNull(),
    /** At most one job per event: enqueueing the same key again does nothing. */
    dedupeKey: text('dedupe_key'),
    state: text('state', { enum: jobStates }).notNull().default('queued'),
    runAt: timestamp('run_at', { withTimezone: true }).notNull().defaultNow(),
    /** Attempts started so far; also fences a worker whose lease ran out. */
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull(),
    /** While running: another worker may take the job after this (its worker died). */
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('jobs_dedupe_key_key')
      .on(table.dedupeKey)
      .where(sql`${table.dedupeKey} is not null`),
    index('jobs_due_idx').on(table.runAt).where(sql`${table.state} in ('queued', 'running')`),
    index('jobs_finished_idx')
      .on(table.finishedAt)
      .where(sql`${table.state} in ('done', 'failed')`),
    check('jobs_state_check', sql`${table.state} in ('queued', 'running', 'done', 'failed')`),
  ],
);

export type JobRow = typeof jobs.$inferSelect;

// ---- Account security -----------------------------------------------------------------------

/** A password reset link: only its hash is kept; single use, one hour, the newest one only. */
export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    sellerId: uuid('seller_id')
      .notNull()
      .references(() => sellers.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** Used for a reset, or replaced by a newer request or a reset: no longer valid. */
    endedAt: timestamp('ended_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('password_reset_tokens_hash_key').on(table.tokenHash),
    index('password_reset_tokens_seller_idx').on(table.sellerId),
  ],
);

/** One-time recovery codes of the second factor, hashed; a used one is marked. */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    sellerId: uuid('seller_id')
      .notNull()
      .references(() => sellers.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('recovery_codes_seller_code_key').on(table.sellerId, table.codeHash)],
);

/**
 * The second step of a sign-in: the password was right, a code is due. Only the hash of the
 * challenge handed to the client is kept; it expires in five minutes and allows five tries.
 */
export const loginChallenges = pgTable(
  'login_challenges',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    sellerId: uuid('seller_id')
      .notNull()
      .references(() => sellers.id, { onDelete: 'cascade' }),
    challengeHash: text('challenge_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
  },
  (table) => [uniqueIndex('login_challenges_hash_key').on(table.challengeHash)],
);

/** Addresses a seller has signed in from: a sign-in from a new one after failures is mailed. */
export const sellerSignInAddresses = pgTable(
  'seller_sign_in_addresses',
  {
    sellerId: uuid('seller_id')
      .notNull()
      .references(() => sellers.id, { onDelete: 'cascade' }),
    address: text('address').notNull(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.sellerId, table.address] })],
);

// ---- Integrations ---------------------------------------------------------------------------

/** A personal API token for scripts: only its hash is kept, with its scopes. */
export const apiTokens = pgTable(
  'api_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    sellerId: uuid('seller_id')
      .notNull()
      .references(() => sellers.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    scopes: text('scopes').array().notNull(),
    tokenHash: text('token_hash').notNull(),
    /** `sc_` and the first characters of the token, shown to tell tokens apart. */
    prefix: text('prefix').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('api_tokens_hash_key').on(table.tokenHash),
    index('api_tokens_seller_idx').on(table.sellerId),
  ],
);

export type ApiTokenRow = typeof apiTokens.$inferSelect;

/** A seller's webhook: where events go and which; the signing secret is sealed. */
export const webhooks = pgTable('webhooks', {
  sellerId: uuid('seller_id')
    .primaryKey()
    .references(() => sellers.id, { onDelete: 'cascade' }),
  url: text('url').notNull(),
  events: text('events').array().notNull(),
  secret: text('secret').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export type WebhookRow = typeof webhooks.$inferSelect;

export const webhookDeliveryStates = ['pending', 'succeeded', 'failed'] as const;

/** One delivery of one event to the seller's webhook, with its last attempt (the log). */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    sellerId: uuid('seller_id')
      .notNull()
      .references(() => sellers.id, { onDelete: 'cascade' }),
    /** The event's id (`X-Webhook-Id`), the same for a resend. */
    eventId: uuid('event_id').notNull(),
    event: text('event').notNull(),
    /** The exact body sent, so that a resend signs the same bytes. */
    body: text('body').notNull(),
    status: text('status', { enum: webhookDeliveryStates }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    statusCode: integer('status_code'),
    durationMs: integer('duration_ms'),
    error: text('error'),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('webhook_deliveries_seller_created_idx').on(table.sellerId, table.createdAt.desc()),
    check(
      'webhook_deliveries_status_check',
      sql`${table.status} in ('pending', 'succeeded', 'failed')`,
    ),
  ],
);

export type WebhookDeliveryRow = typeof webhookDeliveries.$inferSelect;

/** Every attempt of a delivery, kept for the delivery log; goes with its delivery. */
export const webhookDeliveryAttempts = pgTable(
  'webhook_delivery_attempts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    deliveryId: uuid('delivery_id')
      .notNull()
      .references(() => webhookDeliveries.id, { onDelete: 'cascade' }),
    attemptedAt: timestamp('attempted_at', { withTimezone: true }).notNull(),
    /** The receiver's HTTP status; null when no answer came (timeout, refused connection). */
    statusCode: integer('status_code'),
    durationMs: integer('duration_ms').notNull(),
    error: text('error'),
  },
  (table) => [
    index('webhook_delivery_attempts_delivery_idx').on(table.deliveryId, table.attemptedAt),
  ],
);

export type WebhookDeliveryAttemptRow = typeof webhookDeliveryAttempts.$inferSelect;

// ---- Account lifecycle ----------------------------------------------------------------------

/**
 * One signed-in browser: every sign-in opens one, its id rides in the session token (`sid`).
 * A revoked session's token is refused at its next request.
 */
export const sellerSessions = pgTable(
  'seller_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    sellerId: uuid('seller_id')
      .notNull()
      .references(() => sellers.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Moved forward at most once a minute by the requests of the session. */
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * When the session's token stops working: its sign-in plus the token lifetime, moved when
     * the token is reissued (a password change made through the session). The list shows the
     * sessions not yet past it, and the purge counts a session ended from it.
     */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    ip: text('ip'),
    userAgent: text('user_agent'),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (table) => [index('seller_sessions_seller_idx').on(table.sellerId)],
);

export type SellerSessionRow = typeof sellerSessions.$inferSelect;

/** What happened to an account (sign-ins, changes of its security), newest first; kept a year. */
export const securityEvents = pgTable(
  'security_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    sellerId: uuid('seller_id')
      .notNull()
      .references(() => sellers.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    ip: text('ip'),
    userAgent: text('user_agent'),
  },
  (table) => [
    index('security_events_seller_at_idx').on(table.sellerId, table.at.desc(), table.id),
    index('security_events_at_idx').on(table.at),
  ],
);

export type SecurityEventRow = typeof securityEvents.$inferSelect;

/** A link that moves the account to a new address: only its hash is kept; single use, one hour. */
export const emailChangeTokens = pgTable(
  'email_change_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    sellerId: uuid('seller_id')
      .notNull()
      .references(() => sellers.id, { onDelete: 'cascade' }),
    newEmail: text('new_email').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (table) => [index('email_change_tokens_seller_idx').on(table.sellerId)],
);

export const dataExportStates = ['pending', 'ready', 'failed'] as const;

/** A seller's request for a copy of their data, and the archive once it is built. */
export const dataExports = pgTable(
  'data_exports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    sellerId: uuid('seller_id')
      .notNull()
      .references(() => sellers.id, { onDelete: 'cascade' }),
    status: text('status', { enum: dataExportStates }).notNull().default('pending'),
    storageKey: text('storage_key'),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
    readyAt: timestamp('ready_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    error: text('error'),
  },
  (table) => [
    index('data_exports_seller_requested_idx').on(table.sellerId, table.requestedAt.desc()),
    check('data_exports_status_check', sql`${table.status} in ('pending', 'ready', 'failed')`),
  ],
);

export type DataExportRow = typeof dataExports.$inferSelect;
