CREATE TABLE "product_sales" (
	"product_id" uuid PRIMARY KEY NOT NULL,
	"seller_id" uuid NOT NULL,
	"count" integer NOT NULL,
	"amount" bigint NOT NULL,
	"net" bigint NOT NULL,
	"last_sale_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sales" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" text NOT NULL,
	"seller_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"customer_email" text NOT NULL,
	"payment_method" text NOT NULL,
	"amount" bigint NOT NULL,
	"commission_rate_bp" integer NOT NULL,
	"commission_amount" bigint NOT NULL,
	"net_amount" bigint NOT NULL,
	"purchased_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sales_amount_check" CHECK ("sales"."amount" > 0),
	CONSTRAINT "sales_commission_check" CHECK ("sales"."commission_amount" >= 0 and "sales"."net_amount" = "sales"."amount" - "sales"."commission_amount")
);
--> statement-breakpoint
CREATE TABLE "sales_daily" (
	"seller_id" uuid NOT NULL,
	"day" date NOT NULL,
	"count" integer NOT NULL,
	"amount" bigint NOT NULL,
	"net" bigint NOT NULL,
	CONSTRAINT "sales_daily_seller_id_day_pk" PRIMARY KEY("seller_id","day")
);
--> statement-breakpoint
CREATE TABLE "seller_sales_totals" (
	"seller_id" uuid PRIMARY KEY NOT NULL,
	"count" integer NOT NULL,
	"amount" bigint NOT NULL,
	"net" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "settlement_infos" (
	"seller_id" uuid PRIMARY KEY NOT NULL,
	"alipay_phone" text DEFAULT '' NOT NULL,
	"alipay_real_name" text DEFAULT '' NOT NULL,
	"bank_name" text DEFAULT '' NOT NULL,
	"bank_account" text DEFAULT '' NOT NULL,
	"bank_account_holder" text DEFAULT '' NOT NULL,
	"bank_swift_code" text DEFAULT '' NOT NULL,
	"bank_branch" text DEFAULT '' NOT NULL,
	"paypal_email" text DEFAULT '' NOT NULL,
	"paypal_account_holder" text DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "product_sales" ADD CONSTRAINT "product_sales_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_sales" ADD CONSTRAINT "product_sales_seller_id_sellers_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."sellers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales" ADD CONSTRAINT "sales_seller_id_sellers_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."sellers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales" ADD CONSTRAINT "sales_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_daily" ADD CONSTRAINT "sales_daily_seller_id_sellers_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."sellers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seller_sales_totals" ADD CONSTRAINT "seller_sales_totals_seller_id_sellers_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."sellers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settlement_infos" ADD CONSTRAINT "settlement_infos_seller_id_sellers_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."sellers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "product_sales_seller_idx" ON "product_sales" USING btree ("seller_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sales_order_id_key" ON "sales" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "sales_seller_purchased_idx" ON "sales" USING btree ("seller_id","purchased_at" DESC NULLS LAST,"id" DESC NULLS LAST);