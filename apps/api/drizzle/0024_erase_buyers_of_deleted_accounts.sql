-- Accounts deleted before their buyers went with them: their mail to buyers (recipients with
-- it), the buyers' unsubscribe links and the buyers. The sales keep naming each buyer.
DELETE FROM "broadcasts" WHERE "seller_id" IN (SELECT "id" FROM "sellers" WHERE "deleted_at" IS NOT NULL);--> statement-breakpoint
DELETE FROM "unsubscribe_tokens" WHERE "customer_id" IN (
  SELECT c."id" FROM "customers" c JOIN "sellers" s ON s."id" = c."seller_id"
  WHERE s."deleted_at" IS NOT NULL
);--> statement-breakpoint
DELETE FROM "customers" WHERE "seller_id" IN (SELECT "id" FROM "sellers" WHERE "deleted_at" IS NOT NULL);
