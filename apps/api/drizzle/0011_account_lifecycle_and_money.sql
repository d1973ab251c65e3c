-- The account lifecycle (signed-in sessions, the security activity, email change links, data
-- exports; a deleted account keeps its row but frees its address: the email becomes null, which
-- the unique index on lower(email) lets any number of rows share) and the money (refunds,
-- chargebacks and payouts, insert-only, and the ledger as a view over them and the sales).
CREATE TABLE "data_exports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seller_id" uuid NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"storage_key" text,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ready_at" timestamp with time zone,
	"expires_at" timestamp with time zone,
	"error" text,
	CONSTRAINT "data_exports_status_check" CHECK ("data_exports"."status" in ('pending', 'ready', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "email_change_tokens" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"seller_id" uuid NOT NULL,
	"new_email" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "payouts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"payout_id" text NOT NULL,
	"seller_id" uuid NOT NULL,
	"amount" bigint NOT NULL,
	"method" text NOT NULL,
	"reference" text,
	"paid_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payouts_amount_check" CHECK ("payouts"."amount" > 0),
	CONSTRAINT "payouts_method_check" CHECK ("payouts"."method" in ('alipay', 'bank', 'paypal'))
);
--> statement-breakpoint
CREATE TABLE "refunds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"refund_id" text NOT NULL,
	"sale_id" uuid NOT NULL,
	"seller_id" uuid NOT NULL,
	"order_id" text NOT NULL,
	"kind" text NOT NULL,
	"amount" bigint NOT NULL,
	"commission_returned" bigint NOT NULL,
	"net_amount" bigint NOT NULL,
	"reason" text,
	"refunded_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "refunds_kind_check" CHECK ("refunds"."kind" in ('refund', 'chargeback')),
	CONSTRAINT "refunds_amount_check" CHECK ("refunds"."amount" > 0),
	CONSTRAINT "refunds_commission_check" CHECK ("refunds"."commission_returned" >= 0 and "refunds"."net_amount" = "refunds"."amount" - "refunds"."commission_returned")
);
--> statement-breakpoint
CREATE TABLE "security_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seller_id" uuid NOT NULL,
	"type" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"ip" text,
	"user_agent" text
);
--> statement-breakpoint
CREATE TABLE "seller_sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seller_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ip" text,
	"user_agent" text,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "webhook_delivery_attempts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"delivery_id" uuid NOT NULL,
	"attempted_at" timestamp with time zone NOT NULL,
	"status_code" integer,
	"duration_ms" integer NOT NULL,
	"error" text
);
--> statement-breakpoint
ALTER TABLE "sellers" ALTER COLUMN "email" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "sales" ADD COLUMN "refunded_amount" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "sales" ADD COLUMN "refunded_commission" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "sales_daily" ADD COLUMN "refunded_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "seller_sales_totals" ADD COLUMN "refunded_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "sellers" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "data_exports" ADD CONSTRAINT "data_exports_seller_id_sellers_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."sellers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_change_tokens" ADD CONSTRAINT "email_change_tokens_seller_id_sellers_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."sellers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_seller_id_sellers_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."sellers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_sale_id_sales_id_fk" FOREIGN KEY ("sale_id") REFERENCES "public"."sales"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_seller_id_sellers_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."sellers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "security_events" ADD CONSTRAINT "security_events_seller_id_sellers_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."sellers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seller_sessions" ADD CONSTRAINT "seller_sessions_seller_id_sellers_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."sellers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_delivery_attempts" ADD CONSTRAINT "webhook_delivery_attempts_delivery_id_webhook_deliveries_id_fk" FOREIGN KEY ("delivery_id") REFERENCES "public"."webhook_deliveries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "data_exports_seller_requested_idx" ON "data_exports" USING btree ("seller_id","requested_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "email_change_tokens_seller_idx" ON "email_change_tokens" USING btree ("seller_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payouts_payout_id_key" ON "payouts" USING btree ("payout_id");--> statement-breakpoint
CREATE INDEX "payouts_seller_created_idx" ON "payouts" USING btree ("seller_id","created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "refunds_refund_id_key" ON "refunds" USING btree ("refund_id");--> statement-breakpoint
CREATE INDEX "refunds_seller_created_idx" ON "refunds" USING btree ("seller_id","created_at","id");--> statement-breakpoint
CREATE INDEX "refunds_sale_idx" ON "refunds" USING btree ("sale_id");--> statement-breakpoint
CREATE INDEX "security_events_seller_at_idx" ON "security_events" USING btree ("seller_id","at" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "security_events_at_idx" ON "security_events" USING btree ("at");--> statement-breakpoint
CREATE INDEX "seller_sessions_seller_idx" ON "seller_sessions" USING btree ("seller_id");--> statement-breakpoint
CREATE INDEX "webhook_delivery_attempts_delivery_idx" ON "webhook_delivery_attempts" USING btree ("delivery_id","attempted_at");--> statement-breakpoint
ALTER TABLE "sales" ADD CONSTRAINT "sales_refunded_amount_check" CHECK ("sales"."refunded_amount" >= 0 and "sales"."refunded_amount" <= "sales"."amount");--> statement-breakpoint
ALTER TABLE "sales" ADD CONSTRAINT "sales_refunded_commission_check" CHECK ("sales"."refunded_commission" >= 0 and "sales"."refunded_commission" <= "sales"."commission_amount");--> statement-breakpoint
CREATE VIEW "public"."ledger_entries" AS (select id, seller_id, 'sale'::text as type, created_at as at, order_id, id as sale_id, amount as gross, commission_amount as commission, net_amount as net from sales
union all
select id, seller_id, kind as type, created_at as at, order_id, sale_id, -amount as gross, -commission_returned as commission, -net_amount as net from refunds
union all
select id, seller_id, 'payout'::text as type, created_at as at, null::text as order_id, null::uuid as sale_id, -amount as gross, 0::bigint as commission, -amount as net from payouts);