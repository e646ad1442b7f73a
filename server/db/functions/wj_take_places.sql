CREATE OR REPLACE FUNCTION public.wj_take_places(p wj_sheet)
 RETURNS void
 LANGUAGE plpgsql
AS $function$
DECLARE
	v_kind text;
	v_take integer;
	i integer;
BEGIN
	-- The places a sheet takes, for the submit (wj_submit) and for an edit's new answers alike: each one conditional
	-- upsert, so the database decides who gets the last place. A full one raises WJ001 naming it.
	FOR i IN 1 .. coalesce(array_length(p."quotaIds", 1), 0) LOOP
		INSERT INTO quota_counters AS q (project_id, quota_id, used) SELECT p.project, p."quotaIds"[i], 1 WHERE p."quotaLimits"[i] > 0
		ON CONFLICT (project_id, quota_id) DO UPDATE SET used = q.used + 1 WHERE q.used < p."quotaLimits"[i];
		IF NOT FOUND THEN RAISE EXCEPTION USING ERRCODE = 'WJ001', MESSAGE = 'quota', DETAIL = p."quotaIds"[i]; END IF;
	END LOOP;
	-- Per-respondent limits take 1; slots and stock ('slot#1', 'stock#3') take what the kind names after '#'.
	FOR i IN 1 .. coalesce(array_length(p."limitKinds", 1), 0) LOOP
		v_kind := split_part(p."limitKinds"[i], '#', 1);
		v_take := coalesce(nullif(split_part(p."limitKinds"[i], '#', 2), '')::integer, 1);
		INSERT INTO respondent_counters AS r (project_id, kind, key, n) SELECT p.project, v_kind, p."limitKeys"[i], v_take WHERE v_take <= p."limitValues"[i]
		ON CONFLICT (project_id, kind, key) DO UPDATE SET n = r.n + v_take WHERE r.n + v_take <= p."limitValues"[i];
		IF NOT FOUND THEN RAISE EXCEPTION USING ERRCODE = 'WJ001', MESSAGE = v_kind, DETAIL = p."limitKeys"[i]; END IF;
	END LOOP;
END
$function$;
