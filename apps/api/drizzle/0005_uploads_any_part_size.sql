ALTER TABLE "uploads" ALTER COLUMN "declared_size" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "uploads" ADD COLUMN "signed_content_type" text;--> statement-breakpoint
ALTER TABLE "uploads" ADD COLUMN "size" bigint;--> statement-breakpoint
-- Uploads started before: their URLs were signed for the canonical type and their size was declared.
UPDATE "uploads" SET "signed_content_type" = "content_type" WHERE "multipart_upload_id" IS NULL;--> statement-breakpoint
UPDATE "uploads" SET "size" = "declared_size" WHERE "state" = 'completed';--> statement-breakpoint
ALTER TABLE "uploads" ADD CONSTRAINT "uploads_completed_size_check" CHECK ("uploads"."state" <> 'completed' or "uploads"."size" is not null);
