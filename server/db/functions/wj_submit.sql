CREATE OR REPLACE FUNCTION public.wj_submit(p_project integer, p_version integer, p_stamp text, p_public_id text, p_submission text, p_hash text, p_user integer, p_device text, p_ip text, p_source text, p_answers jsonb, p_result jsonb, p_score double precision, p_duration integer, p_suspect boolean, p_subject_ids integer[], p_option_ids integer[], p_shards integer, p_quota_ids text[], p_quota_limits integer[], p_limit_kinds text[], p_limit_keys text[], p_limit_values integer[], p_cap integer, OUT outcome text, OUT replay jsonb)
 RETURNS record
 LANGUAGE plpgsql
AS $function$
DECLARE
	v_status integer;
	v_version integer;
	v_conclusions integer;
	v_sheet integer;
	v_hash text;
	v_kind text;
	v_take integer;
	i integer;
BEGIN
	-- Held until commit: the report rollup's watermark waits for the submits already writing (report-rollup.ts).
	PERFORM pg_advisory_xact_lock_shared(7301, p_project);
	IF p_cap IS NULL THEN
		SELECT status, version, conclusions_version INTO v_status, v_version, v_conclusions FROM projects WHERE id = p_project AND deleted_at IS NULL AND NOT is_template FOR SHARE;
	ELSE
		SELECT status, version, conclusions_version INTO v_status, v_version, v_conclusions FROM projects WHERE id = p_project AND deleted_at IS NULL AND NOT is_template;
	END IF;
	IF NOT FOUND THEN outcome := 'gone'; RETURN; END IF;
	IF v_status <> 1 THEN outcome := 'paused'; RETURN; END IF;
	IF v_version <> p_version OR p_stamp <> v_conclusions::text THEN
		outcome := 'stale'; RETURN;
	END IF;

	-- The submission id is the idempotency key: a retry finds the first sheet and replays its answer.
	INSERT INTO answer_sheets (public_id, project_id, submission_id, body_hash, user_id, device_id, ip, source, answers, result, score, duration_seconds, suspect)
	VALUES (p_public_id, p_project, p_submission, p_hash, p_user, p_device, p_ip, p_source, p_answers, p_result, p_score, p_duration, p_suspect)
	ON CONFLICT (project_id, submission_id) DO NOTHING RETURNING id INTO v_sheet;
	IF v_sheet IS NULL THEN
		SELECT body_hash, result INTO v_hash, replay FROM answer_sheets WHERE project_id = p_project AND submission_id = p_submission;
		outcome := CASE WHEN v_hash = p_hash THEN 'replay' ELSE 'reused' END;
		RETURN;
	END IF;

	-- Capacities, each one conditional upsert: the database decides who gets the last place.
	FOR i IN 1 .. coalesce(array_length(p_quota_ids, 1), 0) LOOP
		INSERT INTO quota_counters AS q (project_id, quota_id, used) SELECT p_project, p_quota_ids[i], 1 WHERE p_quota_limits[i] > 0
		ON CONFLICT (project_id, quota_id) DO UPDATE SET used = q.used + 1 WHERE q.used < p_quota_limits[i];
		IF NOT FOUND THEN RAISE EXCEPTION USING ERRCODE = 'WJ001', MESSAGE = 'quota', DETAIL = p_quota_ids[i]; END IF;
	END LOOP;
	-- Per-respondent limits take 1; slots and stock ('slot#1', 'stock#3') take what the kind names after '#'.
	FOR i IN 1 .. coalesce(array_length(p_limit_kinds, 1), 0) LOOP
		v_kind := split_part(p_limit_kinds[i], '#', 1);
		v_take := coalesce(nullif(split_part(p_limit_kinds[i], '#', 2), '')::integer, 1);
		INSERT INTO respondent_counters AS r (project_id, kind, key, n) SELECT p_project, v_kind, p_limit_keys[i], v_take WHERE v_take <= p_limit_values[i]
		ON CONFLICT (project_id, kind, key) DO UPDATE SET n = r.n + v_take WHERE r.n + v_take <= p_limit_values[i];
		IF NOT FOUND THEN RAISE EXCEPTION USING ERRCODE = 'WJ001', MESSAGE = v_kind, DETAIL = p_limit_keys[i]; END IF;
	END LOOP;

	IF coalesce(array_length(p_subject_ids, 1), 0) > 0 THEN
		INSERT INTO answer_choices (project_id, subject_id, option_id, sheet_id) SELECT p_project, s, o, v_sheet FROM unnest(p_subject_ids, p_option_ids) AS x(s, o);
	END IF;

	IF p_cap IS NULL THEN
		INSERT INTO project_answer_counts AS a (project_id, shard, n) VALUES (p_project, (txid_current() % p_shards)::integer, 1)
		ON CONFLICT (project_id, shard) DO UPDATE SET n = a.n + 1;
	ELSE
		-- Last, so the project row stays locked for the shortest time; status and version are checked again under the lock.
		UPDATE projects SET data_count = data_count + 1
		WHERE id = p_project AND status = 1 AND version = p_version
			AND data_count + (SELECT coalesce(sum(n), 0) FROM project_answer_counts WHERE project_id = p_project) < p_cap;
		IF NOT FOUND THEN
			SELECT status, version INTO v_status, v_version FROM projects WHERE id = p_project;
			RAISE EXCEPTION USING ERRCODE = 'WJ001', MESSAGE = CASE WHEN v_status <> 1 THEN 'paused' WHEN v_version <> p_version THEN 'stale' ELSE 'full' END;
		END IF;
	END IF;
	outcome := 'ok';
END
$function$;
