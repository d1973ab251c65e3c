CREATE TABLE "deliveries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"sale_id" uuid NOT NULL,
	"file_id" uuid NOT NULL,
	"file_name" text NOT NULL,
	"size" bigint NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "delivery_counts" (
	"sale_id" uuid NOT NULL,
	"file_id" uuid NOT NULL,
	"count" integer NOT NULL,
	CONSTRAINT "delivery_counts_sale_id_file_id_pk" PRIMARY KEY("sale_id","file_id"),
	CONSTRAINT "delivery_counts_count_check" CHECK ("delivery_counts"."count" > 0)
);
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "download_limit" integer DEFAULT 5 NOT NULL;--> statement-breakpoint
ALTER TABLE "sales" ADD COLUMN "download_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "sales" ADD COLUMN "last_download_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "deliveries" ADD CONSTRAINT "deliveries_sale_id_sales_id_fk" FOREIGN KEY ("sale_id") REFERENCES "public"."sales"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_counts" ADD CONSTRAINT "delivery_counts_sale_id_sales_id_fk" FOREIGN KEY ("sale_id") REFERENCES "public"."sales"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "deliveries_sale_created_idx" ON "deliveries" USING btree ("sale_id","created_at","id");--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_download_limit_check" CHECK ("products"."download_limit" >= 0 and "products"."download_limit" <= 100);--> statement-breakpoint
ALTER TABLE "sales" ADD CONSTRAINT "sales_download_count_check" CHECK ("sales"."download_count" >= 0);