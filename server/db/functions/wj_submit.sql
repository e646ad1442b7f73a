CREATE OR REPLACE FUNCTION public.wj_submit(p jsonb, OUT outcome text, OUT replay jsonb, OUT envelope boolean)
 RETURNS record
 LANGUAGE plpgsql
AS $function$
DECLARE
	-- One sheet, its fields by name (the type wj_sheet, migration 0051; SHEET_FIELDS in submit-batch.service.ts).
	s wj_sheet := jsonb_populate_record(NULL::wj_sheet, p);
	v_status integer;
	v_version integer;
	v_conclusions integer;
	v_sheet integer;
	v_hash text;
	v_locked boolean;
BEGIN
	-- Held until commit: the report rollup's watermark waits for the submits already writing (report-rollup.ts). An
	-- assignment, which plpgsql evaluates as an expression, not a statement of its own (issue 54).
	v_locked := pg_advisory_xact_lock_shared(7301, s.project) IS NULL;
	IF s.cap IS NULL THEN
		SELECT status, version, conclusions_version INTO v_status, v_version, v_conclusions FROM projects WHERE id = s.project AND deleted_at IS NULL AND NOT is_template FOR SHARE;
	ELSE
		SELECT status, version, conclusions_version INTO v_status, v_version, v_conclusions FROM projects WHERE id = s.project AND deleted_at IS NULL AND NOT is_template;
	END IF;
	IF NOT FOUND THEN outcome := 'gone'; RETURN; END IF;
	IF v_status <> 1 THEN outcome := 'paused'; RETURN; END IF;
	IF v_version <> s.version OR s.stamp <> v_conclusions::text THEN
		outcome := 'stale'; RETURN;
	END IF;

	-- The submission id is the idempotency key: a retry finds the first sheet and replays its answer. The chosen options
	-- ride on the sheet's row (choice_subjects, choice_options: migration 0098), no row per choice.
	INSERT INTO answer_sheets (public_id, project_id, submission_id, body_hash, user_id, device_id, ip, source, answers, result, score, duration_seconds, suspect, wechat_openid, choice_subjects, choice_options)
	VALUES (s."publicId", s.project, s.submission, s.hash, s."user", s.device, s.ip, s.source, s.answers, s.result, s.score, s.duration, s.suspect, s."wechatOpenid",
		coalesce(s."subjectIds", '{}'), coalesce(s."optionIds", '{}'))
	ON CONFLICT (project_id, submission_id) DO NOTHING RETURNING id INTO v_sheet;
	IF v_sheet IS NULL THEN
		SELECT body_hash, result INTO v_hash, replay FROM answer_sheets WHERE project_id = s.project AND submission_id = s.submission;
		outcome := CASE WHEN v_hash = s.hash THEN 'replay' ELSE 'reused' END;
		envelope := EXISTS (SELECT 1 FROM red_envelopes WHERE project_id = s.project AND state = 'running');
		RETURN;
	END IF;

	-- Capacities (quotas, per-respondent limits, slots, stock): the same statements an edit takes them with.
	IF coalesce(array_length(s."quotaIds", 1), 0) + coalesce(array_length(s."limitKinds", 1), 0) > 0 THEN
		PERFORM wj_take_places(s);
	END IF;

	IF s.cap IS NULL THEN
		INSERT INTO project_answer_counts AS a (project_id, shard, n) VALUES (s.project, (txid_current() % s.shards)::integer, 1)
		ON CONFLICT (project_id, shard) DO UPDATE SET n = a.n + 1;
	ELSE
		-- Last, so the project row stays locked for the shortest time; status and version are checked again under the lock.
		UPDATE projects SET data_count = data_count + 1
		WHERE id = s.project AND status = 1 AND version = s.version
			AND data_count + (SELECT coalesce(sum(n), 0) FROM project_answer_counts WHERE project_id = s.project) < s.cap;
		IF NOT FOUND THEN
			SELECT status, version INTO v_status, v_version FROM projects WHERE id = s.project;
			RAISE EXCEPTION USING ERRCODE = 'WJ001', MESSAGE = CASE WHEN v_status <> 1 THEN 'paused' WHEN v_version <> s.version THEN 'stale' ELSE 'full' END;
		END IF;
	END IF;
	-- Issue 53: the sheet's webhook deliveries, queued with it; a project without an enabled webhook pays one probe of
	-- webhooks_project_idx. The delivery runner renders the payload (server/services/webhooks/render.ts).
	INSERT INTO webhook_deliveries (public_id, webhook_id, event, event_id, payload)
	SELECT replace(gen_random_uuid()::text, '-', ''), w.id, 'sheet.accepted', s."publicId", jsonb_build_object('render', true, 'data', jsonb_build_object('sheetId', s."publicId"))
	FROM webhooks w WHERE w.project_id = s.project AND w.enabled AND 'sheet.accepted' = ANY (w.events)
	ON CONFLICT (webhook_id, event, event_id) WHERE redelivery_of IS NULL DO NOTHING;
	-- Issue 54: whether a red envelope runs, so the submit asks for its notice only then (red-notice.ts) instead of
	-- reading red_envelopes in a statement of its own after every sheet.
	envelope := EXISTS (SELECT 1 FROM red_envelopes WHERE project_id = s.project AND state = 'running');
	outcome := 'ok';
END
$function$;
