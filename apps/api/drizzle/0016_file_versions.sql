CREATE TABLE "product_file_versions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"file_id" uuid NOT NULL,
	"number" integer NOT NULL,
	"label" text,
	"changelog" text,
	"storage_key" text NOT NULL,
	"original_name" text NOT NULL,
	"extension" text NOT NULL,
	"content_type" text NOT NULL,
	"size" bigint NOT NULL,
	"sha256" text,
	"page_count" integer,
	"sample_key" text,
	"sample_pages" integer,
	"sample_size" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stamped_copies" (
	"sale_id" uuid NOT NULL,
	"version_id" uuid NOT NULL,
	"storage_key" text NOT NULL,
	"sha256" text NOT NULL,
	"size" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stamped_copies_sale_id_version_id_pk" PRIMARY KEY("sale_id","version_id")
);
--> statement-breakpoint
ALTER TABLE "deliveries" ADD COLUMN "version_id" uuid;--> statement-breakpoint
ALTER TABLE "deliveries" ADD COLUMN "version" integer;--> statement-breakpoint
ALTER TABLE "deliveries" ADD COLUMN "sha256" text;--> statement-breakpoint
ALTER TABLE "deliveries" ADD COLUMN "stamped" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "deliveries" ADD COLUMN "country" text;--> statement-breakpoint
ALTER TABLE "deliveries" ADD COLUMN "network_prefix" text;--> statement-breakpoint
ALTER TABLE "deliveries" ADD COLUMN "user_agent" text;--> statement-breakpoint
ALTER TABLE "product_files" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "product_files" ADD COLUMN "version_label" text;--> statement-breakpoint
ALTER TABLE "product_files" ADD COLUMN "is_sample" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "product_files" ADD COLUMN "sample_pages" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "pdf_stamp" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "product_file_versions" ADD CONSTRAINT "product_file_versions_file_id_product_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."product_files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stamped_copies" ADD CONSTRAINT "stamped_copies_sale_id_sales_id_fk" FOREIGN KEY ("sale_id") REFERENCES "public"."sales"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stamped_copies" ADD CONSTRAINT "stamped_copies_version_id_product_file_versions_id_fk" FOREIGN KEY ("version_id") REFERENCES "public"."product_file_versions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "product_file_versions_file_number_key" ON "product_file_versions" USING btree ("file_id","number");--> statement-breakpoint
CREATE UNIQUE INDEX "product_file_versions_storage_key_key" ON "product_file_versions" USING btree ("storage_key");--> statement-breakpoint
CREATE INDEX "deliveries_version_idx" ON "deliveries" USING btree ("version_id");--> statement-breakpoint
ALTER TABLE "product_files" ADD CONSTRAINT "product_files_sample_pages_check" CHECK ("product_files"."sample_pages" >= 0 and "product_files"."sample_pages" <= 20);