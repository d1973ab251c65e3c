CREATE TABLE "uploads" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seller_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"storage_key" text NOT NULL,
	"multipart_upload_id" text,
	"original_name" text NOT NULL,
	"extension" text NOT NULL,
	"content_type" text NOT NULL,
	"declared_size" bigint NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"completed_at" timestamp with time zone,
	"attached_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "uploads_kind_check" CHECK ("uploads"."kind" in ('file', 'image', 'avatar')),
	CONSTRAINT "uploads_state_check" CHECK ("uploads"."state" in ('pending', 'uploading', 'completed', 'aborted')),
	CONSTRAINT "uploads_declared_size_check" CHECK ("uploads"."declared_size" > 0)
);
--> statement-breakpoint
ALTER TABLE "uploads" ADD CONSTRAINT "uploads_seller_id_sellers_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."sellers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "uploads_storage_key_key" ON "uploads" USING btree ("storage_key");--> statement-breakpoint
CREATE INDEX "uploads_seller_created_idx" ON "uploads" USING btree ("seller_id","created_at");--> statement-breakpoint
CREATE INDEX "uploads_sweep_idx" ON "uploads" USING btree ("expires_at") WHERE "uploads"."attached_at" is null and "uploads"."state" <> 'aborted';