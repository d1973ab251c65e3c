-- Every committed change to a seller's products (with their files and thumbnails), sales or
-- sales rollups is announced on the channel `seller_data_changed` with the seller's id as
-- payload ('*' for a TRUNCATE), whoever writes it: any copy of the server, the commands, or SQL
-- by hand. Each server copy listens and drops its cached answers for that seller.
-- Statement-level triggers with transition tables: one notification per seller and statement,
-- and PostgreSQL folds identical ones within a transaction, so bulk writes stay cheap.
CREATE FUNCTION "notify_seller_data_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'INSERT' THEN
		PERFORM pg_notify('seller_data_changed', changed.seller_id::text)
		FROM (SELECT DISTINCT seller_id FROM new_rows) AS changed;
	ELSIF TG_OP = 'UPDATE' THEN
		PERFORM pg_notify('seller_data_changed', changed.seller_id::text)
		FROM (SELECT seller_id FROM new_rows UNION SELECT seller_id FROM old_rows) AS changed;
	ELSIF TG_OP = 'DELETE' THEN
		PERFORM pg_notify('seller_data_changed', changed.seller_id::text)
		FROM (SELECT DISTINCT seller_id FROM old_rows) AS changed;
	ELSE
		PERFORM pg_notify('seller_data_changed', '*');
	END IF;
	RETURN NULL;
END
$$;
--> statement-breakpoint
-- A product's files and thumbnails carry no seller id: it is the product's.
CREATE FUNCTION "notify_product_parts_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'INSERT' THEN
		PERFORM pg_notify('seller_data_changed', changed.seller_id::text)
		FROM (SELECT DISTINCT p.seller_id FROM products p JOIN new_rows r ON r.product_id = p.id) AS changed;
	ELSIF TG_OP = 'UPDATE' THEN
		PERFORM pg_notify('seller_data_changed', changed.seller_id::text)
		FROM (
			SELECT p.seller_id FROM products p JOIN new_rows r ON r.product_id = p.id
			UNION SELECT p.seller_id FROM products p JOIN old_rows r ON r.product_id = p.id
		) AS changed;
	ELSIF TG_OP = 'DELETE' THEN
		PERFORM pg_notify('seller_data_changed', changed.seller_id::text)
		FROM (SELECT DISTINCT p.seller_id FROM products p JOIN old_rows r ON r.product_id = p.id) AS changed;
	ELSE
		PERFORM pg_notify('seller_data_changed', '*');
	END IF;
	RETURN NULL;
END
$$;
--> statement-breakpoint
DO $$
DECLARE
	watched text;
BEGIN
	FOREACH watched IN ARRAY ARRAY['products', 'sales', 'sales_daily', 'product_sales', 'seller_sales_totals'] LOOP
		EXECUTE format('CREATE TRIGGER %I AFTER INSERT ON %I REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_seller_data_changed()', watched || '_changed_insert', watched);
		EXECUTE format('CREATE TRIGGER %I AFTER UPDATE ON %I REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_seller_data_changed()', watched || '_changed_update', watched);
		EXECUTE format('CREATE TRIGGER %I AFTER DELETE ON %I REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_seller_data_changed()', watched || '_changed_delete', watched);
		EXECUTE format('CREATE TRIGGER %I AFTER TRUNCATE ON %I FOR EACH STATEMENT EXECUTE FUNCTION notify_seller_data_changed()', watched || '_changed_truncate', watched);
	END LOOP;
	FOREACH watched IN ARRAY ARRAY['product_files', 'product_thumbnails'] LOOP
		EXECUTE format('CREATE TRIGGER %I AFTER INSERT ON %I REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_product_parts_changed()', watched || '_changed_insert', watched);
		EXECUTE format('CREATE TRIGGER %I AFTER UPDATE ON %I REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_product_parts_changed()', watched || '_changed_update', watched);
		EXECUTE format('CREATE TRIGGER %I AFTER DELETE ON %I REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_product_parts_changed()', watched || '_changed_delete', watched);
		EXECUTE format('CREATE TRIGGER %I AFTER TRUNCATE ON %I FOR EACH STATEMENT EXECUTE FUNCTION notify_product_parts_changed()', watched || '_changed_truncate', watched);
	END LOOP;
END
$$;
