CREATE TABLE "sellers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"nickname" text,
	"password_hash" text NOT NULL,
	"bio" text,
	"avatar_url" text,
	"token_version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "sellers_email_lower_key" ON "sellers" USING btree (lower("email"));--> statement-breakpoint
CREATE UNIQUE INDEX "sellers_nickname_key" ON "sellers" USING btree ("nickname");--> statement-breakpoint
CREATE INDEX "sellers_created_at_idx" ON "sellers" USING btree ("created_at");