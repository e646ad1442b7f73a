-- Group-buy chains (团购接龙, solitaireType 2, issue 20 item 3): every order of a group-buy that is made or
-- changes state (placed, paid, collected, closed by the sweep or cancelled) writes one event of the chain's live
-- feed (chain_events) and notifies wj_chain_events, whichever path changed it (the submit, a payment notify, the
-- closing sweep, the organiser), so every open page refreshes its list and stock. The transaction-level
-- advisory lock (7400, project) keeps one group-buy's event ids in commit order, as the chain's row lock does
-- for sign-up chains: a page that saw id n never misses an id below it committed later.
CREATE FUNCTION wj_groupbuy_order_event() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'UPDATE' AND NEW.state IS NOT DISTINCT FROM OLD.state THEN RETURN NULL; END IF;
	IF NOT EXISTS (SELECT 1 FROM projects WHERE id = NEW.project_id AND question_type = 5 AND solitaire_type = 2) THEN RETURN NULL; END IF;
	PERFORM pg_advisory_xact_lock(7400, NEW.project_id);
	INSERT INTO chain_events (project_id, kind, payload)
	VALUES (NEW.project_id, 'order', jsonb_build_object('kind', 'order', 'orderNo', NEW.order_no, 'state', NEW.state));
	PERFORM pg_notify('wj_chain_events', NEW.project_id::text);
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER orders_groupbuy_event AFTER INSERT OR UPDATE OF state ON orders FOR EACH ROW EXECUTE FUNCTION wj_groupbuy_order_event();
