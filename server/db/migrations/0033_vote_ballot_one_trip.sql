-- A ballot in one round trip (issue 19, bench/vote): wj_ballot takes the whole ballot as one jsonb (one bind
-- parameter instead of twenty) with the players' PUBLIC ids, resolves them itself, and answers each player's total
-- keyed by public id, so the service no longer reads the activity and its players before the call. The service
-- holds the activity's id, version and settings in a per-process cache: the entry is only a guess, because the
-- first statement reads the activity (bin, status, window) and the ballot id's receipt together, and a version
-- other than the one the service read its limits at answers 'stale' (the service reloads and tries again). Every
-- limit is still a conditional upsert here, as in wj_vote (0030). The receipt is written last, with its answer (one
-- write instead of an insert and an update): a concurrent duplicate of the ballot id waits on the voter's counter
-- row, then meets the committed vote rows (or receipt) and rolls back whole ('again'); the strategy's second call
-- replays it.
CREATE OR REPLACE FUNCTION "wj_ballot"(p jsonb, OUT outcome text, OUT result jsonb) LANGUAGE plpgsql AS $$
DECLARE
	v_vote integer := (p->>'voteId')::integer;
	v_ballot text := p->>'ballotId';
	v_hash text;
	v_voter text := p->>'voterKey';
	v_now timestamptz := (p->>'now')::timestamptz;
	v_day date := (p->>'day')::date;
	v_pubs text[] := ARRAY(SELECT jsonb_array_elements_text(p->'players'));
	v_take integer := jsonb_array_length(p->'players');
	v_per_voter integer := (p->>'perVoter')::integer;
	v_per_player integer := (p->>'perPlayer')::integer;
	v_phone text := p->>'phone';
	v_ip text := p->>'ip';
	v_device text := p->>'device';
	v_shard integer := (p->>'shard')::integer;
	v_burst_ip integer := (p->>'burstIp')::integer;
	v_burst_device integer := (p->>'burstDevice')::integer;
	v_ids integer[];
	v_status text;
	v_start timestamptz;
	v_end timestamptz;
	v_deleted timestamptz;
	v_version integer;
	v_used integer;
	v_prev timestamptz;
	v_n integer;
	v_reason text;
	v_known boolean;
BEGIN
	SELECT a.status, a.start_at, a.end_at, a.deleted_at, a.version, r.body_hash, r.result, r.ballot_id IS NOT NULL
	INTO v_status, v_start, v_end, v_deleted, v_version, v_hash, result, v_known
	FROM vote_activities a LEFT JOIN vote_receipts r ON r.vote_id = a.id AND r.ballot_id = v_ballot
	WHERE a.id = v_vote AND NOT a.is_template;
	IF v_known THEN outcome := CASE WHEN v_hash = p->>'hash' AND result IS NOT NULL THEN 'replay' ELSE 'reused' END; RETURN; END IF;
	outcome := CASE
		WHEN v_status IS NULL OR v_deleted IS NOT NULL THEN 'gone'
		WHEN v_status = 'draft' THEN 'draft'
		WHEN v_status = 'suspended' THEN 'suspended'
		WHEN v_status = 'ended' OR (v_end IS NOT NULL AND v_now >= v_end) THEN 'ended'
		WHEN v_start IS NOT NULL AND v_now < v_start THEN 'notStarted'
		WHEN v_version <> (p->>'version')::integer THEN 'stale' END;
	IF outcome IS NOT NULL THEN RETURN; END IF;

	IF (p->>'whitelist')::boolean AND (v_phone IS NULL OR NOT EXISTS (SELECT 1 FROM vote_whitelist WHERE vote_id = v_vote AND phone = v_phone)) THEN
		outcome := 'notWhitelisted'; RETURN;
	END IF;
	v_ids := ARRAY(SELECT id FROM vote_players WHERE vote_id = v_vote AND public_id = ANY(v_pubs) AND review = 'approved' ORDER BY id);
	IF v_take = 0 OR coalesce(array_length(v_ids, 1), 0) <> v_take THEN outcome := 'player'; RETURN; END IF;

	INSERT INTO vote_voter_counters AS c (vote_id, voter_key, period, n, last_at) SELECT v_vote, v_voter, p->>'period', v_take, v_now WHERE v_take <= v_per_voter
	ON CONFLICT (vote_id, voter_key, period) DO UPDATE SET n = c.n + v_take, prev_at = c.last_at, last_at = v_now WHERE c.n + v_take <= v_per_voter
	RETURNING n, prev_at INTO v_used, v_prev;
	IF NOT FOUND THEN RAISE EXCEPTION USING ERRCODE = 'WJ002', MESSAGE = 'voterLimit'; END IF;

	IF v_per_player IS NOT NULL THEN
		WITH up AS (
			INSERT INTO vote_voter_player_counters AS c (vote_id, voter_key, player_id, day, n)
			SELECT v_vote, v_voter, pl, v_day, 1 FROM unnest(v_ids) AS pl WHERE 1 <= v_per_player ORDER BY pl
			ON CONFLICT (vote_id, voter_key, player_id, day) DO UPDATE SET n = c.n + 1 WHERE c.n + 1 <= v_per_player
			RETURNING 1
		) SELECT count(*) INTO v_n FROM up;
		IF v_n < v_take THEN RAISE EXCEPTION USING ERRCODE = 'WJ002', MESSAGE = 'playerLimit'; END IF;
	END IF;

	-- Suspect, never dropped: another ballot of this voter sooner than a person could, or a burst from one address or device.
	IF v_prev IS NOT NULL AND v_now - v_prev < make_interval(secs => (p->>'minGapMs')::integer / 1000.0) THEN
		v_reason := 'interval';
	ELSIF v_ip <> '' AND (SELECT count(*) FROM (SELECT 1 FROM vote_ballots WHERE vote_id = v_vote AND ip = v_ip AND created_at > v_now - interval '1 minute' LIMIT v_burst_ip) x) >= v_burst_ip THEN
		v_reason := 'burstIp';
	ELSIF v_device <> '' AND (SELECT count(*) FROM (SELECT 1 FROM vote_ballots WHERE vote_id = v_vote AND device = v_device AND created_at > v_now - interval '1 minute' LIMIT v_burst_device) x) >= v_burst_device THEN
		v_reason := 'burstDevice';
	END IF;

	INSERT INTO vote_ballots (vote_id, player_id, ballot_id, voter_key, user_id, phone, day, ip, ip_area, device, shard, suspect, suspect_reason, created_at)
	SELECT v_vote, pl, v_ballot, v_voter, (p->>'userId')::integer, v_phone, v_day, v_ip, p->>'ipArea', v_device, v_shard, v_reason IS NOT NULL, v_reason, v_now FROM unnest(v_ids) AS pl
	ON CONFLICT (vote_id, ballot_id, player_id) DO NOTHING;
	GET DIAGNOSTICS v_n = ROW_COUNT;
	IF v_n < v_take THEN RAISE EXCEPTION USING ERRCODE = 'WJ002', MESSAGE = 'again'; END IF;

	INSERT INTO vote_player_counts AS c (vote_id, player_id, shard, n) SELECT v_vote, pl, v_shard, 1 FROM unnest(v_ids) AS pl ORDER BY pl
	ON CONFLICT (player_id, shard) DO UPDATE SET n = c.n + 1;

	result := jsonb_build_object('used', v_used, 'suspect', v_reason IS NOT NULL, 'totals',
		(SELECT jsonb_object_agg(pl.public_id, t.s) FROM (SELECT player_id, sum(n)::integer AS s FROM vote_player_counts WHERE player_id = ANY(v_ids) GROUP BY player_id) t
			JOIN vote_players pl ON pl.id = t.player_id));
	-- The receipt last, with its answer: a duplicate of this ballot id committed meanwhile makes this one roll back
	-- whole ('again'), and the strategy's second call replays the committed one.
	INSERT INTO vote_receipts (vote_id, ballot_id, voter_key, body_hash, result) VALUES (v_vote, v_ballot, v_voter, p->>'hash', result)
	ON CONFLICT (vote_id, ballot_id) DO NOTHING;
	IF NOT FOUND THEN RAISE EXCEPTION USING ERRCODE = 'WJ002', MESSAGE = 'again'; END IF;
	outcome := 'ok';
END
$$;
