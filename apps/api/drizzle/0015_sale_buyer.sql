ALTER TABLE "sales" ADD COLUMN "buyer_name" text;--> statement-breakpoint
ALTER TABLE "sales" ADD COLUMN "buyer_country" text;--> statement-breakpoint
ALTER TABLE "sales" ADD COLUMN "buyer_locale" text;--> statement-breakpoint
ALTER TABLE "sales" ADD COLUMN "marketing_consent" boolean;--> statement-breakpoint
ALTER TABLE "sales" ADD COLUMN "source" text;--> statement-breakpoint
ALTER TABLE "sales" ADD COLUMN "utm_source" text;--> statement-breakpoint
ALTER TABLE "sales" ADD COLUMN "utm_medium" text;--> statement-breakpoint
ALTER TABLE "sales" ADD COLUMN "utm_campaign" text;