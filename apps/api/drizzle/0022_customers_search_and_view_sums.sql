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
	"day" date NOT NULL,
	"source" text NOT NULL,
	"campaign" text NOT NULL,
	"country" text NOT NULL,
	"views" bigint NOT NULL,
	CONSTRAINT "seller_views_daily_seller_id_day_source_campaign_country_pk" PRIMARY KEY("seller_id","day","source","campaign","country")
);
--> statement-breakpoint
ALTER TABLE "seller_product_views_daily" ADD CONSTRAINT "seller_product_views_daily_seller_id_sellers_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."sellers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seller_product_views_daily" ADD CONSTRAINT "seller_product_views_daily_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seller_views_daily" ADD CONSTRAINT "seller_views_daily_seller_id_sellers_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."sellers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "customers_seller_country_consent_idx" ON "customers" USING btree ("seller_id","country","marketing_consent");--> statement-breakpoint
CREATE INDEX "customers_product_ids_idx" ON "customers" USING gin ("product_ids");--> statement-breakpoint
CREATE INDEX "customers_email_trgm_idx" ON "customers" USING gin ("email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "customers_name_trgm_idx" ON "customers" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
-- The view sums of the buckets already counted.
INSERT INTO "seller_views_daily" ("seller_id", "day", "source", "campaign", "country", "views")
SELECT "seller_id", "day", "source", "campaign", "country", sum("views")
FROM "product_views_daily" GROUP BY 1, 2, 3, 4, 5;--> statement-breakpoint
INSERT INTO "seller_product_views_daily" ("seller_id", "day", "product_id", "views")
SELECT "seller_id", "day", "product_id", sum("views")
FROM "product_views_daily" GROUP BY 1, 2, 3;
