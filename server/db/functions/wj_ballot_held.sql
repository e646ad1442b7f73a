CREATE OR REPLACE FUNCTION public.wj_ballot_held(p jsonb, OUT outcome text, OUT result jsonb)
 RETURNS record
 LANGUAGE plpgsql
 SET plan_cache_mode TO 'force_generic_plan'
AS $function$
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
	v_fp text := coalesce(p->>'fingerprint', '');
	v_burst_fp integer := coalesce((p->>'burstFingerprint')::integer, 0);
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
		-- Exact without a counter row: the voter's counter upsert above holds this voter's row until commit, so another
		-- ballot of the same voter on the same day (the period is the day or the whole vote) waits there and then counts
		-- these vote rows in its own statement's snapshot. Voided votes count, as they did in the counter.
		IF EXISTS (
			SELECT 1 FROM vote_ballots b WHERE b.vote_id = v_vote AND b.voter_key = v_voter AND b.day = v_day AND b.player_id = ANY(v_ids)
			GROUP BY b.player_id HAVING count(*) + 1 > v_per_player
		) OR 1 > v_per_player THEN
			RAISE EXCEPTION USING ERRCODE = 'WJ002', MESSAGE = 'playerLimit';
		END IF;
	END IF;

	-- Suspect, never dropped: another ballot of this voter sooner than a person could, or a burst from one address or device.
	-- The bursts read the vote rows newest first: only the (vote, ip | device | fingerprint, created_at) indexes give
	-- that order, so the generic plan probes them by all three columns even when made on a nearly empty table (see
	-- wj_ballots, issue 54 item 6).
	IF v_prev IS NOT NULL AND v_now - v_prev < make_interval(secs => (p->>'minGapMs')::integer / 1000.0) THEN
		v_reason := 'interval';
	ELSIF v_ip <> '' AND (SELECT count(*) FROM (SELECT 1 FROM vote_ballots WHERE vote_id = v_vote AND ip = v_ip AND created_at > v_now - interval '1 minute' ORDER BY created_at DESC LIMIT v_burst_ip) x) >= v_burst_ip THEN
		v_reason := 'burstIp';
	ELSIF v_device <> '' AND (SELECT count(*) FROM (SELECT 1 FROM vote_ballots WHERE vote_id = v_vote AND device = v_device AND created_at > v_now - interval '1 minute' ORDER BY created_at DESC LIMIT v_burst_device) x) >= v_burst_device THEN
		v_reason := 'burstDevice';
	ELSIF v_fp <> '' AND v_ip <> '' AND v_burst_fp > 0 AND (SELECT count(DISTINCT voter_key) FROM (SELECT voter_key FROM vote_ballots
		WHERE vote_id = v_vote AND fingerprint = v_fp AND ip = v_ip AND voter_key <> v_voter AND created_at > v_now - interval '10 minutes' ORDER BY created_at DESC) x) >= v_burst_fp - 1 THEN
		-- Many voters from one address with one browser: the same browser with its storage cleared, private windows.
		v_reason := 'burstFingerprint';
	END IF;

	INSERT INTO vote_ballots (vote_id, player_id, ballot_id, voter_key, user_id, phone, day, ip, ip_area, device, fingerprint, shard, suspect, suspect_reason, created_at)
	SELECT v_vote, pl, v_ballot, v_voter, (p->>'userId')::integer, v_phone, v_day, v_ip, p->>'ipArea', v_device, v_fp, v_shard, v_reason IS NOT NULL, v_reason, v_now FROM unnest(v_ids) AS pl
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
	-- Issue 53: the ballot's webhook deliveries, queued with it (a vote without an enabled webhook pays one probe of
	-- webhooks_vote_idx); the delivery runner renders the payload (server/services/webhooks/render.ts).
	INSERT INTO webhook_deliveries (public_id, webhook_id, event, event_id, payload)
	SELECT replace(gen_random_uuid()::text, '-', ''), w.id, 'ballot.cast', v_ballot,
		jsonb_build_object('render', true, 'data', jsonb_build_object('ballotId', v_ballot, 'playerIds', to_jsonb(v_pubs)))
	FROM webhooks w WHERE w.vote_id = v_vote AND w.enabled AND 'ballot.cast' = ANY (w.events)
	ON CONFLICT (webhook_id, event, event_id) WHERE redelivery_of IS NULL DO NOTHING;
	outcome := 'ok';
END
$function$;
