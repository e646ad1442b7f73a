CREATE OR REPLACE FUNCTION public.wj_feed_event(p_project integer, p_kind text, p_payload jsonb)
 RETURNS void
 LANGUAGE plpgsql
AS $function$
BEGIN
	-- The live feed's one producer (issue 45 item 2): every event of a 接龙 project's feed — a chain's join, a
	-- check-in (server/services/chain/chain-events.service.ts) or a group-buy's order (wj_groupbuy_order_event) — is
	-- written here. The transaction-level lock (7400, project) keeps one project's event ids in commit order: a page
	-- that saw id n never misses an id below it committed later. The NOTIFY goes out at commit, to every process.
	PERFORM pg_advisory_xact_lock(7400, p_project);
	INSERT INTO chain_events (project_id, kind, payload) VALUES (p_project, p_kind, p_payload);
	PERFORM pg_notify('wj_chain_events', p_project::text);
END
$function$;
