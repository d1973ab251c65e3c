-- The customers search's trigram indexes need pg_trgm (on a managed PostgreSQL, created by a role
-- allowed to: docs/deployment.md).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE TABLE "seller_product_views_daily" (
	"seller_id" uuid NOT NULL,
	"day" date NOT NULL,
	"product_id" uuid NOT NULL,
	"views" bigint NOT NULL,
	CONSTRAINT "seller_product_views_daily_seller_id_day_product_id_pk" PRIMARY KEY("seller_id","day","product_id")
);
--> statement-breakpoint
CREATE TABLE "seller_views_daily" (
	"seller_id" uuid NOT NULL,
	"dimension" text NOT NULL,
	"day" date NOT NULL,
	"value" text NOT NULL,
	"views" bigint NOT NULL,
	CONSTRAINT "seller_views_daily_seller_id_dimension_day_value_pk" PRIMARY KEY("seller_id","dimension","day","value"),
	CONSTRAINT "seller_views_daily_dimension_check" CHECK ("seller_views_daily"."dimension" in ('source', 'campaign', 'country'))
);
--> statement-breakpoint
ALTER TABLE "seller_product_views_daily" ADD CONSTRAINT "seller_product_views_daily_seller_id_sellers_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."sellers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seller_product_views_daily" ADD CONSTRAINT "seller_product_views_daily_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seller_views_daily" ADD CONSTRAINT "seller_views_daily_seller_id_sellers_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."sellers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "customers_seller_country_consent_idx" ON "customers" USING btree ("seller_id","country","marketing_consent");--> statement-breakpoint
CREATE INDEX "customers_product_ids_idx" ON "customers" USING gin ("product_ids");--> statement-breakpoint
CREATE INDEX "customers_email_trgm_idx" ON "customers" USING gin ("email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "customers_name_trgm_idx" ON "customers" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
-- The sums of the view buckets already counted, in key order.
INSERT INTO "seller_views_daily" ("seller_id", "dimension", "day", "value", "views")
SELECT b."seller_id", d."dimension", b."day", d."value", sum(b."views")
FROM "product_views_daily" b
CROSS JOIN LATERAL (VALUES ('source', b."source"), ('campaign', b."campaign"), ('country', b."country")) d("dimension", "value")
GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4;--> statement-breakpoint
INSERT INTO "seller_product_views_daily" ("seller_id", "day", "product_id", "views")
SELECT "seller_id", "day", "product_id", sum("views")
FROM "product_views_daily" GROUP BY 1, 2, 3 ORDER BY 1, 2, 3;
