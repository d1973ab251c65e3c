CREATE TABLE "exchange_rates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"krw" numeric(18, 6) NOT NULL,
	"cny" numeric(18, 6) NOT NULL,
	"rate_date" date NOT NULL,
	"source" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "exchange_rates_positive_check" CHECK ("exchange_rates"."krw" > 0 and "exchange_rates"."cny" > 0)
);
--> statement-breakpoint
CREATE TABLE "product_files" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"product_id" uuid NOT NULL,
	"storage_key" text NOT NULL,
	"original_name" text NOT NULL,
	"extension" text NOT NULL,
	"content_type" text NOT NULL,
	"size" bigint NOT NULL,
	"position" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_thumbnails" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"product_id" uuid NOT NULL,
	"storage_key" text NOT NULL,
	"original_name" text NOT NULL,
	"is_main" boolean DEFAULT false NOT NULL,
	"position" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seller_id" uuid NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"price" integer NOT NULL,
	"status" text NOT NULL,
	"view_count" integer DEFAULT 0 NOT NULL,
	"sales_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "products_status_check" CHECK ("products"."status" in ('pending', 'active', 'inactive', 'deleted')),
	CONSTRAINT "products_price_check" CHECK ("products"."price" > 0)
);
--> statement-breakpoint
ALTER TABLE "product_files" ADD CONSTRAINT "product_files_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_thumbnails" ADD CONSTRAINT "product_thumbnails_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_seller_id_sellers_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."sellers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "exchange_rates_latest_idx" ON "exchange_rates" USING btree ("rate_date","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "exchange_rates_one_seed_key" ON "exchange_rates" USING btree ("source") WHERE "exchange_rates"."source" = 'seeded';--> statement-breakpoint
CREATE UNIQUE INDEX "product_files_storage_key_key" ON "product_files" USING btree ("storage_key");--> statement-breakpoint
CREATE INDEX "product_files_product_idx" ON "product_files" USING btree ("product_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "product_thumbnails_storage_key_key" ON "product_thumbnails" USING btree ("storage_key");--> statement-breakpoint
CREATE INDEX "product_thumbnails_product_idx" ON "product_thumbnails" USING btree ("product_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "product_thumbnails_one_main_key" ON "product_thumbnails" USING btree ("product_id") WHERE "product_thumbnails"."is_main";--> statement-breakpoint
CREATE INDEX "products_seller_created_idx" ON "products" USING btree ("seller_id","created_at");