/**
 * The groups of the API, each with what it covers. An endpoint may only use these, so the
 * OpenAPI document declares every tag it uses.
 */
export const apiTags = {
  auth: 'The seller account: sign up, sign in and out, profile, password and avatar.',
  uploads:
    'Product files, thumbnails and avatars go straight to storage: a signed URL for one PUT, or a multipart upload in parts of 5 MiB to 5 GiB.',
  products: "The seller's products, their files and thumbnails, and the exchange rate of prices.",
  sales: "The seller's sales: totals, the daily chart, sales per product, transactions and CSV.",
  customers:
    "The seller's buyers (one per email), their consent to marketing mail, and mail to them.",
  settlement: 'Where the seller is paid: Alipay, bank transfer or PayPal.',
  payouts:
    "The seller's money: the ledger of sales, refunds and payouts, the balance, and each payout's statement.",
  catalog:
    "The public catalog the member site shows: a seller's creator page and product pages, readable by any site without authentication.",
  analytics:
    "Where the seller's sales come from: views and sales by product, source, campaign, country and day, and their conversion.",
  dashboard:
    "The seller's getting-started checklist: the first steps a new account takes, read from its data.",
  discounts:
    "The seller's discount codes: percent or fixed, for some products or all, with limits, dates and a least price; single-use codes in bulk; each code's uses, revenue and discount given.",
  developer:
    "The seller's own integrations: personal API tokens for scripts, and signed webhooks with their delivery log.",
  internal:
    'Calls of the member site and the operator, signed with X-Signature: sales, refunds, product views, buyer downloads, exchange rates and payouts.',
  health: 'Liveness and database check, for load balancers and monitoring.',
} as const;

export type ApiTag = keyof typeof apiTags;
