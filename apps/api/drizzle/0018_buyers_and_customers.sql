CREATE TABLE "customers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seller_id" uuid NOT NULL,
	"email" text NOT NULL,
	"name" text,
	"country" text,
	"locale" text,
	"purchases" integer DEFAULT 0 NOT NULL,
	"total_net" bigint DEFAULT 0 NOT NULL,
	"first_purchase_at" timestamp with time zone NOT NULL,
	"last_purchase_at" timestamp with time zone NOT NULL,
	"product_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"marketing_consent" text DEFAULT 'none' NOT NULL,
	"consent_at" timestamp with time zone,
	"product_updates" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "customers_marketing_consent_check" CHECK ("customers"."marketing_consent" in ('granted', 'withdrawn', 'none'))
);
--> statement-breakpoint
ALTER TABLE "sales" ADD COLUMN "buyer_name" text;--> statement-breakpoint
ALTER TABLE "sales" ADD COLUMN "buyer_country" text;--> statement-breakpoint
ALTER TABLE "sales" ADD COLUMN "buyer_locale" text;--> statement-breakpoint
ALTER TABLE "sales" ADD COLUMN "marketing_consent" boolean;--> statement-breakpoint
ALTER TABLE "sales" ADD COLUMN "source" text;--> statement-breakpoint
ALTER TABLE "sales" ADD COLUMN "utm_source" text;--> statement-breakpoint
ALTER TABLE "sales" ADD COLUMN "utm_medium" text;--> statement-breakpoint
ALTER TABLE "sales" ADD COLUMN "utm_campaign" text;--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_seller_id_sellers_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."sellers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "customers_seller_email_key" ON "customers" USING btree ("seller_id",lower("email"));--> statement-breakpoint
CREATE INDEX "customers_seller_last_purchase_idx" ON "customers" USING btree ("seller_id","last_purchase_at" DESC NULLS LAST,"id" DESC NULLS LAST,"country","marketing_consent","product_ids","email","name");--> statement-breakpoint
CREATE INDEX "customers_seller_total_net_idx" ON "customers" USING btree ("seller_id","total_net" DESC NULLS LAST,"id" DESC NULLS LAST,"country","marketing_consent","product_ids","email","name");--> statement-breakpoint
CREATE INDEX "customers_seller_purchases_idx" ON "customers" USING btree ("seller_id","purchases" DESC NULLS LAST,"id" DESC NULLS LAST,"country","marketing_consent","product_ids","email","name");--> statement-breakpoint
CREATE INDEX "sales_seller_customer_idx" ON "sales" USING btree ("seller_id",lower("customer_email"),"purchased_at" DESC NULLS LAST);