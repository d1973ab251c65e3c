-- The buyers of the sales made before customers were kept: one customer per seller and email
-- (without regard to case), with their figures, as each new sale and refund now keeps them.
INSERT INTO "customers" ("seller_id", "email", "name", "country", "locale", "purchases", "total_net",
  "first_purchase_at", "last_purchase_at", "product_ids", "marketing_consent", "consent_at")
SELECT "seller_id",
  (array_agg("customer_email" ORDER BY "purchased_at"))[1],
  (array_agg("buyer_name" ORDER BY "purchased_at" DESC) FILTER (WHERE "buyer_name" IS NOT NULL))[1],
  (array_agg("buyer_country" ORDER BY "purchased_at" DESC) FILTER (WHERE "buyer_country" IS NOT NULL))[1],
  (array_agg("buyer_locale" ORDER BY "purchased_at" DESC) FILTER (WHERE "buyer_locale" IS NOT NULL))[1],
  count(*),
  sum("net_amount" - ("refunded_amount" - "refunded_commission")),
  min("purchased_at"),
  max("purchased_at"),
  array_agg(DISTINCT "product_id" ORDER BY "product_id"),
  CASE WHEN bool_or("marketing_consent") THEN 'granted' ELSE 'none' END,
  max("purchased_at") FILTER (WHERE "marketing_consent")
FROM "sales"
GROUP BY "seller_id", lower("customer_email")
ON CONFLICT DO NOTHING;
