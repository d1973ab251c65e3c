CREATE TABLE "discount_codes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"discount_id" uuid NOT NULL,
	"seller_id" uuid NOT NULL,
	"code" text NOT NULL,
	"single_use" boolean NOT NULL,
	"archived" boolean DEFAULT false NOT NULL,
	"uses" integer DEFAULT 0 NOT NULL,
	"used_at" timestamp with time zone,
	"order_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "discount_redemptions" (
	"order_id" text PRIMARY KEY NOT NULL,
	"discount_id" uuid NOT NULL,
	"code_id" uuid NOT NULL,
	"code" text NOT NULL,
	"product_id" uuid NOT NULL,
	"amount" bigint NOT NULL,
	"discount_amount" bigint NOT NULL,
	"final_amount" bigint NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "discounts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seller_id" uuid NOT NULL,
	"code" text NOT NULL,
	"kind" text NOT NULL,
	"percent" integer,
	"amount" bigint,
	"product_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"max_uses" integer,
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"min_amount" bigint DEFAULT 0 NOT NULL,
	"uses" integer DEFAULT 0 NOT NULL,
	"revenue" bigint DEFAULT 0 NOT NULL,
	"discount_given" bigint DEFAULT 0 NOT NULL,
	"single_use_codes" integer DEFAULT 0 NOT NULL,
	"archived_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "discounts_value_check" CHECK (("discounts"."kind" = 'percent' and "discounts"."percent" between 1 and 100 and "discounts"."amount" is null)
        or ("discounts"."kind" = 'fixed' and "discounts"."amount" >= 1 and "discounts"."percent" is null)),
	CONSTRAINT "discounts_uses_check" CHECK ("discounts"."uses" >= 0)
);
--> statement-breakpoint
ALTER TABLE "sales" DROP CONSTRAINT "sales_amount_check";--> statement-breakpoint
ALTER TABLE "sales" ADD COLUMN "discount_code" text;--> statement-breakpoint
ALTER TABLE "sales" ADD COLUMN "list_amount" bigint;--> statement-breakpoint
ALTER TABLE "sales" ADD COLUMN "discount_amount" bigint;--> statement-breakpoint
ALTER TABLE "sales" ADD COLUMN "discount_over_limit" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "discount_codes" ADD CONSTRAINT "discount_codes_discount_id_discounts_id_fk" FOREIGN KEY ("discount_id") REFERENCES "public"."discounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discount_codes" ADD CONSTRAINT "discount_codes_seller_id_sellers_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."sellers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discount_redemptions" ADD CONSTRAINT "discount_redemptions_discount_id_discounts_id_fk" FOREIGN KEY ("discount_id") REFERENCES "public"."discounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discount_redemptions" ADD CONSTRAINT "discount_redemptions_code_id_discount_codes_id_fk" FOREIGN KEY ("code_id") REFERENCES "public"."discount_codes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discounts" ADD CONSTRAINT "discounts_seller_id_sellers_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."sellers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "discount_codes_seller_code_key" ON "discount_codes" USING btree ("seller_id","code") WHERE not "discount_codes"."archived";--> statement-breakpoint
CREATE INDEX "discount_codes_seller_code_idx" ON "discount_codes" USING btree ("seller_id","code");--> statement-breakpoint
CREATE INDEX "discount_codes_discount_idx" ON "discount_codes" USING btree ("discount_id","created_at","id");--> statement-breakpoint
CREATE INDEX "discount_redemptions_held_idx" ON "discount_redemptions" USING btree ("discount_id","expires_at") WHERE "discount_redemptions"."used_at" is null;--> statement-breakpoint
CREATE INDEX "discount_redemptions_code_idx" ON "discount_redemptions" USING btree ("code_id") WHERE "discount_redemptions"."used_at" is null;--> statement-breakpoint
CREATE INDEX "discounts_seller_created_idx" ON "discounts" USING btree ("seller_id","created_at" DESC NULLS LAST,"id");--> statement-breakpoint
ALTER TABLE "sales" ADD CONSTRAINT "sales_amount_check" CHECK ("sales"."amount" > 0 or ("sales"."amount" = 0 and "sales"."discount_code" is not null));