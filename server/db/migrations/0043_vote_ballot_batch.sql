-- Ballots in batches (issue 19, bench/vote): a process gathers the ballots that arrive while its previous batch is
-- in the database and sends them as one statement, wj_ballots(jsonb array), in one transaction — one commit, one
-- round trip and one statement for many ballots instead of one each (group commit). Every ballot is still checked
-- on its own exactly as wj_ballot (0033, 0035) checks it: wj_ballot_take below is wj_ballot's body without the
-- player counts and the receipt's answer. A refusal leaves nothing of its ballot behind without a subtransaction
-- (they cost a third of a ballot): the voter's limit refuses before anything is written, the per-player limit
-- gives the voter's counter back (its row still locked). Only a ballot id taken by another transaction meanwhile
-- ('again', rare: a retry racing itself across processes) raises, which rolls back the whole batch; the caller then
-- takes each of its ballots alone through wj_ballot, which replays the committed one.
-- Locks are taken in one order by every batch, so two batches (two processes) never wait on each other in a
-- circle: the caller sorts a batch by voter key, each ballot locks its voter's counter row first; the player counts
-- are added once for the whole batch, at the end, in (player, shard) order. Totals answered to a voter are read
-- after that, so they include the voter's own vote (and the batch's others). The receipts are written at the end,
-- with their answers, in one statement.
CREATE OR REPLACE FUNCTION "wj_ballot_take"(p jsonb, OUT outcome text, OUT ids integer[], OUT pubs text[], OUT used integer, OUT reason text, OUT receipt jsonb)
LANGUAGE plpgsql SET plan_cache_mode = force_generic_plan AS $$
DECLARE
	v_vote integer := (p->>'voteId')::integer;
	v_ballot text := p->>'ballotId';
	v_hash text;
	v_voter text := p->>'voterKey';
	v_now timestamptz := (p->>'now')::timestamptz;
	v_day date := (p->>'day')::date;
	v_take integer := jsonb_array_length(p->'players');
	v_per_voter integer := (p->>'perVoter')::integer;
	v_per_player integer := (p->>'perPlayer')::integer;
	v_phone text := p->>'phone';
	v_ip text := p->>'ip';
	v_device text := p->>'device';
	v_burst_ip integer := (p->>'burstIp')::integer;
	v_burst_device integer := (p->>'burstDevice')::integer;
	v_status text;
	v_start timestamptz;
	v_end timestamptz;
	v_deleted timestamptz;
	v_version integer;
	v_prev timestamptz;
	v_n integer;
	v_known boolean;
	v_result jsonb;
BEGIN
	SELECT a.status, a.start_at, a.end_at, a.deleted_at, a.version, r.body_hash, r.result, r.ballot_id IS NOT NULL
	INTO v_status, v_start, v_end, v_deleted, v_version, v_hash, v_result, v_known
	FROM vote_activities a LEFT JOIN vote_receipts r ON r.vote_id = a.id AND r.ballot_id = v_ballot
	WHERE a.id = v_vote AND NOT a.is_template;
	IF v_known THEN
		outcome := CASE WHEN v_hash = p->>'hash' AND v_result IS NOT NULL THEN 'replay' ELSE 'reused' END;
		receipt := v_result;
		RETURN;
	END IF;
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
	SELECT array_agg(id ORDER BY id), array_agg(public_id ORDER BY id) INTO ids, pubs
	FROM vote_players WHERE vote_id = v_vote AND public_id IN (SELECT jsonb_array_elements_text(p->'players')) AND review = 'approved';
	IF v_take = 0 OR coalesce(array_length(ids, 1), 0) <> v_take THEN outcome := 'player'; ids := NULL; pubs := NULL; RETURN; END IF;

	INSERT INTO vote_voter_counters AS c (vote_id, voter_key, period, n, last_at) SELECT v_vote, v_voter, p->>'period', v_take, v_now WHERE v_take <= v_per_voter
	ON CONFLICT (vote_id, voter_key, period) DO UPDATE SET n = c.n + v_take, prev_at = c.last_at, last_at = v_now WHERE c.n + v_take <= v_per_voter
	RETURNING n, prev_at INTO used, v_prev;
	IF NOT FOUND THEN
		-- Refused because this very ballot, sent again, was counted by another transaction that held the voter's row:
		-- answer 'again' (nothing was written), and the next try replays it.
		outcome := CASE WHEN EXISTS (SELECT 1 FROM vote_receipts WHERE vote_id = v_vote AND ballot_id = v_ballot) THEN 'again' ELSE 'voterLimit' END;
		RETURN;
	END IF;

	IF v_per_player IS NOT NULL THEN
		-- Exact without a counter row, as in 0035: the voter's counter row locked above serialises the voter's ballots.
		IF EXISTS (
			SELECT 1 FROM vote_ballots b WHERE b.vote_id = v_vote AND b.voter_key = v_voter AND b.day = v_day AND b.player_id = ANY(ids)
			GROUP BY b.player_id HAVING count(*) + 1 > v_per_player
		) OR 1 > v_per_player THEN
			-- Refused after the voter's counter was taken: give it back (the row is still locked by this transaction).
			UPDATE vote_voter_counters SET n = n - v_take, last_at = coalesce(prev_at, last_at)
			WHERE vote_id = v_vote AND voter_key = v_voter AND period = p->>'period';
			outcome := CASE WHEN EXISTS (SELECT 1 FROM vote_receipts WHERE vote_id = v_vote AND ballot_id = v_ballot) THEN 'again' ELSE 'playerLimit' END;
			RETURN;
		END IF;
	END IF;

	IF v_prev IS NOT NULL AND v_now - v_prev < make_interval(secs => (p->>'minGapMs')::integer / 1000.0) THEN
		reason := 'interval';
	ELSIF v_ip <> '' AND (SELECT count(*) FROM (SELECT 1 FROM vote_ballots WHERE vote_id = v_vote AND ip = v_ip AND created_at > v_now - interval '1 minute' LIMIT v_burst_ip) x) >= v_burst_ip THEN
		reason := 'burstIp';
	ELSIF v_device <> '' AND (SELECT count(*) FROM (SELECT 1 FROM vote_ballots WHERE vote_id = v_vote AND device = v_device AND created_at > v_now - interval '1 minute' LIMIT v_burst_device) x) >= v_burst_device THEN
		reason := 'burstDevice';
	END IF;

	INSERT INTO vote_ballots (vote_id, player_id, ballot_id, voter_key, user_id, phone, day, ip, ip_area, device, shard, suspect, suspect_reason, created_at)
	SELECT v_vote, pl, v_ballot, v_voter, (p->>'userId')::integer, v_phone, v_day, v_ip, p->>'ipArea', v_device, (p->>'shard')::integer, reason IS NOT NULL, reason, v_now FROM unnest(ids) AS pl
	ON CONFLICT (vote_id, ballot_id, player_id) DO NOTHING;
	GET DIAGNOSTICS v_n = ROW_COUNT;
	IF v_n < v_take THEN RAISE EXCEPTION USING ERRCODE = 'WJ002', MESSAGE = 'again'; END IF;
	outcome := 'ok';
END
$$;--> statement-breakpoint
-- The batch: an array of wj_ballot inputs (the caller sorts them by voter key and never puts one ballot id twice in
-- a batch); answers an array of {outcome, result} in the same order.
CREATE OR REPLACE FUNCTION "wj_ballots"(ps jsonb) RETURNS jsonb
LANGUAGE plpgsql SET plan_cache_mode = force_generic_plan AS $$
DECLARE
	p jsonb;
	t record;
	i integer := 0;
	outs text[] := '{}';
	replays jsonb[] := '{}';
	ok_at integer[] := '{}';
	ok_ids integer[] := '{}';
	ok_pubs text[] := '{}';
	ok_used integer[] := '{}';
	ok_reason text[] := '{}';
	c_shard integer[] := '{}';
	c_vote integer[] := '{}';
	totals jsonb;
	answer jsonb := '[]';
	v_stored integer;
BEGIN
	FOR p IN SELECT value FROM jsonb_array_elements(ps) LOOP
		i := i + 1;
		SELECT * INTO t FROM wj_ballot_take(p);
		outs := outs || t.outcome;
		replays := replays || CASE WHEN t.outcome = 'replay' THEN t.receipt END;
		IF t.outcome = 'ok' THEN
			FOR k IN 1 .. array_length(t.ids, 1) LOOP
				ok_at := ok_at || i;
				ok_ids := ok_ids || t.ids[k];
				ok_pubs := ok_pubs || t.pubs[k];
				ok_used := ok_used || t.used;
				ok_reason := ok_reason || t.reason;
				c_shard := c_shard || (p->>'shard')::integer;
				c_vote := c_vote || (p->>'voteId')::integer;
			END LOOP;
		END IF;
	END LOOP;

	IF array_length(ok_at, 1) > 0 THEN
		INSERT INTO vote_player_counts AS c (vote_id, player_id, shard, n)
		SELECT min(v), pl, sh, count(*) FROM unnest(c_vote, ok_ids, c_shard) AS x(v, pl, sh) GROUP BY pl, sh ORDER BY pl, sh
		ON CONFLICT (player_id, shard) DO UPDATE SET n = c.n + excluded.n;
		SELECT jsonb_object_agg(player_id::text, s) INTO totals
		FROM (SELECT player_id, sum(n)::integer AS s FROM vote_player_counts WHERE player_id = ANY(ok_ids) GROUP BY player_id) x;
	END IF;

	FOR k IN 1 .. i LOOP
		IF outs[k] = 'ok' THEN
			answer := answer || jsonb_build_array(jsonb_build_object('outcome', 'ok', 'result', (
				SELECT jsonb_build_object('used', min(u), 'suspect', bool_or(r IS NOT NULL), 'totals', jsonb_object_agg(pub, totals->(id::text)))
				FROM unnest(ok_at, ok_ids, ok_pubs, ok_used, ok_reason) AS x(at, id, pub, u, r) WHERE at = k)));
		ELSE
			answer := answer || jsonb_build_array(jsonb_build_object('outcome', outs[k], 'result', replays[k]));
		END IF;
	END LOOP;

	-- The receipts, with their answers, in one statement. Another transaction's receipt for one of these ballot ids
	-- (the same id sent with other players: the vote rows did not collide) rolls the whole batch back ('again').
	INSERT INTO vote_receipts (vote_id, ballot_id, voter_key, body_hash, result)
	SELECT (b.value->>'voteId')::integer, b.value->>'ballotId', b.value->>'voterKey', b.value->>'hash', a.value->'result'
	FROM jsonb_array_elements(ps) WITH ORDINALITY AS b(value, n)
	JOIN jsonb_array_elements(answer) WITH ORDINALITY AS a(value, n) ON a.n = b.n
	WHERE a.value->>'outcome' = 'ok'
	ON CONFLICT (vote_id, ballot_id) DO NOTHING;
	GET DIAGNOSTICS v_stored = ROW_COUNT;
	IF v_stored < (SELECT count(*) FROM unnest(outs) o WHERE o = 'ok') THEN
		RAISE EXCEPTION USING ERRCODE = 'WJ002', MESSAGE = 'again';
	END IF;
	RETURN answer;
END
$$;
