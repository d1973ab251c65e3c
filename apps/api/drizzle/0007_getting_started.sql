CREATE TABLE "seller_getting_started" (
	"seller_id" uuid PRIMARY KEY NOT NULL,
	"creator_link_shared_at" timestamp with time zone,
	"dismissed_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "seller_getting_started" ADD CONSTRAINT "seller_getting_started_seller_id_sellers_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."sellers"("id") ON DELETE cascade ON UPDATE no action;