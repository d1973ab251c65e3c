CREATE TABLE "product_views_daily" (
	"product_id" uuid NOT NULL,
	"seller_id" uuid NOT NULL,
	"day" date NOT NULL,
	"source" text NOT NULL,
	"campaign" text NOT NULL,
	"country" text NOT NULL,
	"views" bigint NOT NULL,
	CONSTRAINT "product_views_daily_product_id_day_source_campaign_country_pk" PRIMARY KEY("product_id","day","source","campaign","country")
);
--> statement-breakpoint
ALTER TABLE "product_views_daily" ADD CONSTRAINT "product_views_daily_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_views_daily" ADD CONSTRAINT "product_views_daily_seller_id_sellers_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."sellers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "product_views_daily_seller_day_idx" ON "product_views_daily" USING btree ("seller_id","day");