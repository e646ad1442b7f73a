CREATE OR REPLACE FUNCTION public.wj_groupbuy_order_event()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
	IF TG_OP = 'UPDATE' AND NEW.state IS NOT DISTINCT FROM OLD.state THEN RETURN NULL; END IF;
	IF NOT EXISTS (SELECT 1 FROM projects WHERE id = NEW.project_id AND question_type = 5 AND solitaire_type = 2) THEN RETURN NULL; END IF;
	PERFORM wj_feed_event(NEW.project_id, 'order', jsonb_build_object('kind', 'order', 'orderNo', NEW.order_no, 'state', NEW.state));
	RETURN NULL;
END $function$;
