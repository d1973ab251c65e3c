-- Nothing listens to `seller_data_changed` any more: the response cache it kept true is gone
-- (decision 007). Every write to products, sales and their rollups paid for the notice at
-- commit, where PostgreSQL serialises notifying transactions behind one cluster-wide lock.
-- Dropping the two functions drops the triggers of 0004_change_feed that call them.
DROP FUNCTION IF EXISTS "notify_seller_data_changed"() CASCADE;
--> statement-breakpoint
DROP FUNCTION IF EXISTS "notify_product_parts_changed"() CASCADE;
