-- A session's expiry: when its token stops working, moved when the token is reissued. The
-- sessions list and the purge go by it rather than by the sign-in time, which a reissued token
-- outlives. Existing sessions get the latest their token can run to under the default lifetime
-- (a week): it was issued or reissued while in use, so at most a week after the last use
-- (which is written at most a minute late).
ALTER TABLE "seller_sessions" ADD COLUMN "expires_at" timestamp with time zone;--> statement-breakpoint
UPDATE "seller_sessions" SET "expires_at" = "last_used_at" + interval '7 days 1 minute';--> statement-breakpoint
ALTER TABLE "seller_sessions" ALTER COLUMN "expires_at" SET NOT NULL;
