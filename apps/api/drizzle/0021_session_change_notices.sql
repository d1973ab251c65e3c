-- Every server copy keeps the sessions it has checked in memory and listens on this channel: a
-- change that ends sessions or tokens names the seller here, at commit, and every copy forgets
-- that seller's sessions (docs/decisions/048-session-checks-cached-until-notified.md).
CREATE FUNCTION notify_seller_sessions_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('seller_sessions_changed', OLD.seller_id::text);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION notify_seller_tokens_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('seller_sessions_changed', OLD.id::text);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER seller_sessions_changed
AFTER UPDATE OF revoked_at OR DELETE ON seller_sessions
FOR EACH ROW EXECUTE FUNCTION notify_seller_sessions_changed();
--> statement-breakpoint
CREATE TRIGGER seller_tokens_changed
AFTER UPDATE OF token_version, deleted_at OR DELETE ON sellers
FOR EACH ROW EXECUTE FUNCTION notify_seller_tokens_changed();
