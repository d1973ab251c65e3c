DROP INDEX "customers_product_ids_idx";--> statement-breakpoint
DROP INDEX "customers_seller_last_purchase_idx";--> statement-breakpoint
DROP INDEX "customers_seller_total_net_idx";--> statement-breakpoint
DROP INDEX "customers_seller_purchases_idx";--> statement-breakpoint
CREATE INDEX "customers_seller_last_purchase_idx" ON "customers" USING btree ("seller_id","last_purchase_at" DESC NULLS LAST,"id" DESC NULLS LAST,"country","marketing_consent","product_ids","email","name");--> statement-breakpoint
CREATE INDEX "customers_seller_total_net_idx" ON "customers" USING btree ("seller_id","total_net" DESC NULLS LAST,"id" DESC NULLS LAST,"country","marketing_consent","product_ids","email","name");--> statement-breakpoint
CREATE INDEX "customers_seller_purchases_idx" ON "customers" USING btree ("seller_id","purchases" DESC NULLS LAST,"id" DESC NULLS LAST,"country","marketing_consent","product_ids","email","name");