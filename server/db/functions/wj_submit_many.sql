CREATE OR REPLACE FUNCTION public.wj_submit_many(ps jsonb)
 RETURNS TABLE(i integer, outcome text, replay jsonb, envelope boolean, err_message text, err_detail text)
 LANGUAGE plpgsql
AS $function$
DECLARE
	k integer;
	j integer;
	r record;
	-- The sheets nothing can refuse, their places in ps, and what became of each ('ok' until stored or not).
	v_sheets wj_sheet[];
	v_keys integer[];
	v_state text[];
	v_stored text[];
	v_project integer;
	v_last integer;
	v_envelope boolean;
	v_status integer;
	v_version integer;
	v_stamp text;
	v_locked boolean;
	-- Whether a webhook of the batch's project wants accepted sheets (true when the batch spans projects).
	v_hooked boolean := true;
BEGIN
	-- ps: an array of sheets, each as wj_submit takes it; answered one row a sheet, in the array's order.
	-- Issue 54: the sheets nothing can refuse (no quota, per-respondent limit, slot, stock or answer cap: only the
	-- project's state and the submission id decide them) go as a set, as wj_ballots does for votes: one lock and one
	-- read of each project, one INSERT for all, one counter row per project, no subtransaction each. Every other sheet
	-- goes through wj_submit in a subtransaction of its own, so its refusal leaves the rest of the batch standing.
	-- Only a batch of such sheets alone goes as a set: a mixed one goes sheet by sheet, in the batch's project order, so
	-- the project rows' locks (shared here, exclusive for a cap) are taken in id order by every batch of every process
	-- and two batches never wait on each other in a cycle. OFFSET 0 keeps the subquery from being pulled up: each
	-- sheet's record is read from its JSON once, not once for every reference to it here (four).
	SELECT array_agg(e.s ORDER BY e.k), array_agg(e.k::integer ORDER BY e.k), min((e.s).project), max((e.s).project) INTO v_sheets, v_keys, v_project, v_last
	FROM (SELECT x.k, jsonb_populate_record(NULL::wj_sheet, x.v) AS s FROM jsonb_array_elements(ps) WITH ORDINALITY AS x(v, k) OFFSET 0) e
	WHERE (e.s).cap IS NULL AND coalesce(cardinality((e.s)."quotaIds"), 0) = 0 AND coalesce(cardinality((e.s)."limitKinds"), 0) = 0;
	IF cardinality(v_keys) IS DISTINCT FROM jsonb_array_length(ps) THEN
		v_keys := NULL;
		v_sheets := NULL;
	END IF;
	IF v_keys IS NOT NULL AND v_project = v_last THEN
		-- One project (the common batch): the shared rollup lock (an expression, no statement), then the project's row
		-- FOR SHARE with its state, whether its red envelope runs and whether a webhook wants its accepted sheets, read
		-- once; each sheet is checked against it here.
		v_locked := pg_advisory_xact_lock_shared(7301, v_project) IS NULL;
		SELECT p.status, p.version, p.conclusions_version::text, EXISTS (SELECT 1 FROM red_envelopes e WHERE e.project_id = p.id AND e.state = 'running'),
			EXISTS (SELECT 1 FROM webhooks w WHERE w.project_id = p.id AND w.enabled AND 'sheet.accepted' = ANY (w.events))
		INTO v_status, v_version, v_stamp, v_envelope, v_hooked
		FROM projects p WHERE p.id = v_project AND p.deleted_at IS NULL AND NOT p.is_template FOR SHARE OF p;
		FOR j IN 1 .. cardinality(v_sheets) LOOP
			v_state[j] := CASE
				WHEN v_status IS NULL THEN 'gone'
				WHEN v_status <> 1 THEN 'paused'
				WHEN v_version <> (v_sheets[j]).version OR (v_sheets[j]).stamp <> v_stamp THEN 'stale'
				ELSE 'ok' END;
		END LOOP;
	ELSIF v_keys IS NOT NULL THEN
		-- Each project once, in id order (the order batches of every process take project locks in): the shared rollup
		-- lock and the FOR SHARE read wj_submit takes; then each sheet is checked against its project's state.
		FOR v_project IN SELECT DISTINCT u.project FROM unnest(v_sheets) AS u ORDER BY 1 LOOP
			PERFORM pg_advisory_xact_lock_shared(7301, v_project);
			PERFORM 1 FROM projects p WHERE p.id = v_project AND p.deleted_at IS NULL AND NOT p.is_template FOR SHARE;
		END LOOP;
		SELECT array_agg(CASE
			WHEN p.id IS NULL THEN 'gone'
			WHEN p.status <> 1 THEN 'paused'
			WHEN p.version <> u.version OR u.stamp <> p.conclusions_version::text THEN 'stale'
			ELSE 'ok' END ORDER BY u.ordinality) INTO v_state
		FROM unnest(v_sheets) WITH ORDINALITY AS u LEFT JOIN projects p ON p.id = u.project AND p.deleted_at IS NULL AND NOT p.is_template;
		v_envelope := NULL;
	END IF;
	IF v_keys IS NOT NULL THEN
		-- The submission id is the idempotency key: a sheet whose id is stored already (or by an earlier sheet of this
		-- batch) is not inserted, and is answered from the stored one below. The count follows from the rows inserted, in
		-- the same statement; the webhook deliveries (issue 53) from the sheets stored, only when a webhook wants them:
		-- an INSERT the statement carries costs its setup even when it inserts nothing (~0.07 ms a statement).
		WITH ins AS (
			INSERT INTO answer_sheets (public_id, project_id, submission_id, body_hash, user_id, device_id, ip, source, answers, result, score, duration_seconds, suspect, wechat_openid, choice_subjects, choice_options)
			SELECT u."publicId", u.project, u.submission, u.hash, u."user", u.device, u.ip, u.source, u.answers, u.result, u.score, u.duration, u.suspect, u."wechatOpenid",
				coalesce(u."subjectIds", '{}'), coalesce(u."optionIds", '{}')
			FROM unnest(v_sheets) WITH ORDINALITY AS u WHERE v_state[u.ordinality] = 'ok' ORDER BY u.ordinality
			ON CONFLICT (project_id, submission_id) DO NOTHING RETURNING public_id, project_id
		), counted AS (
			INSERT INTO project_answer_counts AS a (project_id, shard, n)
			SELECT ins.project_id, (txid_current() % (v_sheets[1]).shards)::integer, count(*) FROM ins GROUP BY 1
			ON CONFLICT (project_id, shard) DO UPDATE SET n = a.n + excluded.n
		)
		SELECT array_agg(ins.public_id) INTO v_stored FROM ins;
		IF v_hooked AND v_stored IS NOT NULL THEN
			INSERT INTO webhook_deliveries (public_id, webhook_id, event, event_id, payload)
			SELECT replace(gen_random_uuid()::text, '-', ''), w.id, 'sheet.accepted', u."publicId", jsonb_build_object('render', true, 'data', jsonb_build_object('sheetId', u."publicId"))
			FROM unnest(v_sheets) WITH ORDINALITY AS u JOIN webhooks w ON w.project_id = u.project AND w.enabled AND 'sheet.accepted' = ANY (w.events)
			WHERE u."publicId" = ANY (v_stored) ORDER BY u.ordinality
			ON CONFLICT (webhook_id, event, event_id) WHERE redelivery_of IS NULL DO NOTHING;
		END IF;
	END IF;

	FOR k IN 1 .. coalesce(jsonb_array_length(ps), 0) LOOP
		i := k;
		outcome := NULL;
		replay := NULL;
		envelope := NULL;
		err_message := NULL;
		err_detail := NULL;
		j := array_position(v_keys, k);
		IF j IS NOT NULL THEN
			outcome := v_state[j];
			IF outcome = 'ok' THEN
				IF NOT (v_sheets[j])."publicId" = ANY (coalesce(v_stored, '{}')) THEN
					-- Not inserted: its submission id was there (a retry), answered as the first sheet was.
					SELECT CASE WHEN a.body_hash = (v_sheets[j]).hash THEN 'replay' ELSE 'reused' END, a.result INTO outcome, replay
					FROM answer_sheets a WHERE a.project_id = (v_sheets[j]).project AND a.submission_id = (v_sheets[j]).submission;
				END IF;
				IF v_project IS DISTINCT FROM (v_sheets[j]).project OR v_envelope IS NULL THEN
					v_project := (v_sheets[j]).project;
					v_envelope := EXISTS (SELECT 1 FROM red_envelopes WHERE project_id = v_project AND state = 'running');
				END IF;
				envelope := v_envelope;
			END IF;
			RETURN NEXT;
			CONTINUE;
		END IF;
		BEGIN
			-- An assignment, not SELECT … FROM wj_submit(…): plpgsql evaluates it without a query plan.
			r := wj_submit(ps -> (k - 1));
			outcome := r.outcome;
			replay := r.replay;
			envelope := r.envelope;
		EXCEPTION WHEN SQLSTATE 'WJ001' THEN
			GET STACKED DIAGNOSTICS err_message = MESSAGE_TEXT, err_detail = PG_EXCEPTION_DETAIL;
			outcome := 'refused';
		END;
		RETURN NEXT;
	END LOOP;
END
$function$;
