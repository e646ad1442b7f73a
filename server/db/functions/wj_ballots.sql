CREATE OR REPLACE FUNCTION public.wj_ballots(ps jsonb)
 RETURNS jsonb
 LANGUAGE plpgsql
 SET plan_cache_mode TO 'force_generic_plan'
AS $function$
DECLARE
	-- The batch, read once: one array a field, element n is ballot n.
	n_all integer;
	n_voters integer;
	any_per_player boolean;
	a_vote integer[];
	a_version integer[];
	a_ballot text[];
	a_hash text[];
	a_voter text[];
	a_period text[];
	a_day date[];
	a_now timestamptz[];
	a_players jsonb[];
	a_take integer[];
	a_per_voter integer[];
	a_per_player integer[];
	a_whitelist boolean[];
	a_user integer[];
	a_phone text[];
	a_ip text[];
	a_area text[];
	a_device text[];
	a_shard integer[];
	a_burst_ip integer[];
	a_burst_device integer[];
	a_gap integer[];
	a_fp text[];
	a_burst_fp integer[];
	-- By ballot: the outcome so far (NULL: still going), a replayed receipt, the voter's votes used after it, the
	-- counter's previous vote time, the suspicion.
	outs text[];
	replays jsonb[];
	used integer[];
	prevs timestamptz[];
	reasons text[];
	-- The players the ballots resolved to, one element a (ballot, player).
	at_n integer[];
	at_id integer[];
	at_pub text[];
	any_refused boolean;
	answer jsonb;
	v_written integer;
	v_expected integer;
BEGIN
	-- The voters are counted apart (a subquery): a DISTINCT aggregate here lets PostgreSQL 16 sort the rows for it
	-- (presorted aggregates), and the arrays would come out in voter order, not the batch's.
	SELECT count(*), (SELECT count(DISTINCT (e->>'voteId', e->>'voterKey')) FROM jsonb_array_elements(ps) e), bool_or(x."perPlayer" IS NOT NULL),
		array_agg(x."voteId"), array_agg(x.version), array_agg(x."ballotId"), array_agg(x.hash), array_agg(x."voterKey"),
		array_agg(x.period), array_agg(x.day), array_agg(x.now), array_agg(x.players), array_agg(jsonb_array_length(x.players)),
		array_agg(x."perVoter"), array_agg(x."perPlayer"), array_agg(x.whitelist), array_agg(x."userId"), array_agg(x.phone), array_agg(x.ip),
		array_agg(x."ipArea"), array_agg(x.device), array_agg(x.shard), array_agg(x."burstIp"), array_agg(x."burstDevice"), array_agg(x."minGapMs"),
		array_agg(coalesce(x.fingerprint, '')), array_agg(coalesce(x."burstFingerprint", 0))
	INTO n_all, n_voters, any_per_player, a_vote, a_version, a_ballot, a_hash, a_voter, a_period, a_day, a_now, a_players, a_take, a_per_voter, a_per_player,
		a_whitelist, a_user, a_phone, a_ip, a_area, a_device, a_shard, a_burst_ip, a_burst_device, a_gap,
		a_fp, a_burst_fp
	FROM (SELECT * FROM jsonb_populate_recordset(NULL::wj_ballot_in, ps) WITH ORDINALITY ORDER BY ordinality) x;
	IF n_all = 0 THEN RETURN '[]'::jsonb; END IF;
	IF n_voters < n_all THEN
		RAISE EXCEPTION USING ERRCODE = 'WJ002', MESSAGE = 'voter twice';
	END IF;

	-- The votes' locks, shared, in id order: a deletion of the activity or of one of its players waits for this batch.
	PERFORM pg_advisory_xact_lock_shared(7304, v) FROM (SELECT DISTINCT unnest(a_vote) AS v ORDER BY 1) z;

	-- The players, known ballot ids, the activity's state, the whitelist.
	WITH pl AS (
		SELECT g, p.id, p.public_id FROM generate_series(1, n_all) g
		JOIN vote_players p ON p.public_id IN (SELECT jsonb_array_elements_text(a_players[g])) AND p.vote_id = a_vote[g] AND p.review = 'approved'
	)
	SELECT (SELECT array_agg(pl.g ORDER BY pl.g, pl.id) FROM pl), (SELECT array_agg(pl.id ORDER BY pl.g, pl.id) FROM pl),
		(SELECT array_agg(pl.public_id ORDER BY pl.g, pl.id) FROM pl),
		array_agg(CASE
			WHEN r.ballot_id IS NOT NULL THEN CASE WHEN r.body_hash = a_hash[s.g] AND r.result IS NOT NULL THEN 'replay' ELSE 'reused' END
			WHEN a.status IS NULL OR a.deleted_at IS NOT NULL THEN 'gone'
			WHEN a.status = 'draft' THEN 'draft'
			WHEN a.status = 'suspended' THEN 'suspended'
			WHEN a.status = 'ended' OR (a.end_at IS NOT NULL AND a_now[s.g] >= a.end_at) THEN 'ended'
			WHEN a.start_at IS NOT NULL AND a_now[s.g] < a.start_at THEN 'notStarted'
			WHEN a.version <> a_version[s.g] THEN 'stale'
			WHEN a_whitelist[s.g] AND (a_phone[s.g] IS NULL OR NOT EXISTS (SELECT 1 FROM vote_whitelist w WHERE w.vote_id = a_vote[s.g] AND w.phone = a_phone[s.g])) THEN 'notWhitelisted'
			WHEN a_take[s.g] = 0 OR a_take[s.g] <> (SELECT count(*) FROM pl WHERE pl.g = s.g) THEN 'player'
		END ORDER BY s.g),
		array_agg(CASE WHEN r.ballot_id IS NOT NULL AND r.body_hash = a_hash[s.g] THEN r.result END ORDER BY s.g)
	INTO at_n, at_id, at_pub, outs, replays
	FROM generate_series(1, n_all) s(g)
	-- Lateral with a limit: one index probe a ballot (the planner cannot tell a batch is a handful of rows).
	LEFT JOIN LATERAL (SELECT * FROM vote_activities a WHERE a.id = a_vote[s.g] AND NOT a.is_template LIMIT 1) a ON true
	LEFT JOIN LATERAL (SELECT * FROM vote_receipts r WHERE r.vote_id = a_vote[s.g] AND r.ballot_id = a_ballot[s.g] LIMIT 1) r ON true;

	-- The voters' counters, in voter-key order, in one upsert: a counter the ballot would take past the limit is
	-- locked and left as it was (then the ballot is refused, or 'again' when its own first send was counted).
	WITH taken AS (
		INSERT INTO vote_voter_counters AS c (vote_id, voter_key, period, n, last_at)
		SELECT a_vote[g], a_voter[g], a_period[g], a_take[g], a_now[g] FROM generate_series(1, n_all) g
		WHERE outs[g] IS NULL AND a_take[g] <= a_per_voter[g] ORDER BY a_voter[g], a_vote[g]
		ON CONFLICT (vote_id, voter_key, period) DO UPDATE SET n = c.n + excluded.n, prev_at = c.last_at, last_at = excluded.last_at
		WHERE c.n + excluded.n <= (SELECT a_per_voter[g] FROM generate_series(1, n_all) g WHERE a_vote[g] = excluded.vote_id AND a_voter[g] = excluded.voter_key)
		RETURNING c.vote_id, c.voter_key, c.n, c.prev_at
	)
	SELECT array_agg(t.n ORDER BY g), array_agg(t.prev_at ORDER BY g), coalesce(bool_or(outs[g] IS NULL AND t.n IS NULL), false) INTO used, prevs, any_refused
	FROM generate_series(1, n_all) g LEFT JOIN taken t ON outs[g] IS NULL AND t.vote_id = a_vote[g] AND t.voter_key = a_voter[g];

	IF any_refused THEN
		SELECT array_agg(CASE
			WHEN outs[g] IS NOT NULL OR used[g] IS NOT NULL THEN outs[g]
			WHEN EXISTS (SELECT 1 FROM vote_receipts r WHERE r.vote_id = a_vote[g] AND r.ballot_id = a_ballot[g]) THEN 'again'
			ELSE 'voterLimit' END ORDER BY g) INTO outs
		FROM generate_series(1, n_all) g;
	END IF;

	-- The per-player limit, exact without a counter row (as in 0035): the voter's counter row locked above
	-- serialises the voter's ballots. A refused ballot gives the voter's counter back.
	IF any_per_player THEN
		WITH refused AS (
			SELECT g FROM generate_series(1, n_all) g WHERE outs[g] IS NULL AND a_per_player[g] IS NOT NULL AND (1 > a_per_player[g] OR EXISTS (
				SELECT 1 FROM unnest(at_n, at_id) AS pp(k, id) WHERE pp.k = g AND (
					SELECT count(*) FROM vote_ballots b WHERE b.vote_id = a_vote[g] AND b.voter_key = a_voter[g] AND b.day = a_day[g] AND b.player_id = pp.id
				) + 1 > a_per_player[g]))
		), given AS (
			UPDATE vote_voter_counters c SET n = c.n - a_take[r.g], last_at = coalesce(c.prev_at, c.last_at)
			FROM refused r WHERE c.vote_id = a_vote[r.g] AND c.voter_key = a_voter[r.g] AND c.period = a_period[r.g]
			RETURNING c.vote_id
		)
		SELECT array_agg(CASE
			WHEN r.g IS NULL THEN outs[g.g]
			WHEN EXISTS (SELECT 1 FROM vote_receipts rc WHERE rc.vote_id = a_vote[g.g] AND rc.ballot_id = a_ballot[g.g]) THEN 'again'
			ELSE 'playerLimit' END ORDER BY g.g) INTO outs
		FROM generate_series(1, n_all) g LEFT JOIN refused r ON r.g = g.g;
	END IF;

	-- Suspicion, then the vote rows (one a (ballot, player)) in the same statement. Suspect: a vote sooner after the
	-- voter's previous one than a person votes, or the IP's or device's burst of the last minute (the database's
	-- vote rows, which this statement's own do not join, then those of the batch's earlier ballots).
	-- Each look at the vote rows is ordered by created_at DESC (issue 54 item 6): only the (vote, ip | device |
	-- fingerprint, created_at) index gives that order, so the plan probes it by all three columns at any table size.
	-- Without the order, the generic plan made while vote_ballots was nearly empty (and kept by the connection for
	-- its life) took vote_ballots_voter_day_idx by vote_id alone and read every vote row of the vote a ballot, a cost
	-- that grew with the vote until its batches fell behind (bench/soak: ballots p50 4 ms → 866 ms after minutes).
	WITH s AS (
		SELECT g, CASE
			WHEN outs[g] IS NOT NULL THEN NULL
			WHEN prevs[g] IS NOT NULL AND a_now[g] - prevs[g] < make_interval(secs => a_gap[g] / 1000.0) THEN 'interval'
			WHEN a_ip[g] <> '' AND (SELECT coalesce(sum(a_take[e]), 0) FROM generate_series(1, g - 1) e WHERE outs[e] IS NULL AND a_vote[e] = a_vote[g] AND a_ip[e] = a_ip[g])
				+ (SELECT count(*) FROM (SELECT 1 FROM vote_ballots b WHERE b.vote_id = a_vote[g] AND b.ip = a_ip[g] AND b.created_at > a_now[g] - interval '1 minute' ORDER BY b.created_at DESC LIMIT a_burst_ip[g]) z)
				>= a_burst_ip[g] THEN 'burstIp'
			WHEN a_device[g] <> '' AND (SELECT coalesce(sum(a_take[e]), 0) FROM generate_series(1, g - 1) e WHERE outs[e] IS NULL AND a_vote[e] = a_vote[g] AND a_device[e] = a_device[g])
				+ (SELECT count(*) FROM (SELECT 1 FROM vote_ballots b WHERE b.vote_id = a_vote[g] AND b.device = a_device[g] AND b.created_at > a_now[g] - interval '1 minute' ORDER BY b.created_at DESC LIMIT a_burst_device[g]) z)
				>= a_burst_device[g] THEN 'burstDevice'
			-- Many voters from one address with one browser fingerprint in ten minutes: the database's, then the batch's earlier ones.
			WHEN a_fp[g] <> '' AND a_ip[g] <> '' AND a_burst_fp[g] > 0 AND (SELECT count(DISTINCT k) FROM (
					(SELECT b.voter_key AS k FROM vote_ballots b WHERE b.vote_id = a_vote[g] AND b.fingerprint = a_fp[g] AND b.ip = a_ip[g]
						AND b.voter_key <> a_voter[g] AND b.created_at > a_now[g] - interval '10 minutes' ORDER BY b.created_at DESC)
					UNION SELECT a_voter[e] FROM generate_series(1, g - 1) e
						WHERE outs[e] IS NULL AND a_vote[e] = a_vote[g] AND a_fp[e] = a_fp[g] AND a_ip[e] = a_ip[g] AND a_voter[e] <> a_voter[g]) z)
				>= a_burst_fp[g] - 1 THEN 'burstFingerprint'
			END AS reason
		FROM generate_series(1, n_all) g
	), written AS (
		INSERT INTO vote_ballots (vote_id, player_id, ballot_id, voter_key, user_id, phone, day, ip, ip_area, device, fingerprint, shard, suspect, suspect_reason, created_at)
		SELECT a_vote[pp.k], pp.id, a_ballot[pp.k], a_voter[pp.k], a_user[pp.k], a_phone[pp.k], a_day[pp.k], a_ip[pp.k], a_area[pp.k], a_device[pp.k], a_fp[pp.k], a_shard[pp.k],
			s.reason IS NOT NULL, s.reason, a_now[pp.k]
		FROM unnest(at_n, at_id) AS pp(k, id) JOIN s ON s.g = pp.k
		WHERE outs[pp.k] IS NULL
		ORDER BY pp.k, pp.id
		ON CONFLICT (vote_id, ballot_id, player_id) DO NOTHING
		RETURNING 1
	)
	SELECT (SELECT array_agg(s.reason ORDER BY s.g) FROM s), (SELECT count(*) FROM written), (SELECT count(*) FROM unnest(at_n) k WHERE outs[k] IS NULL)
	INTO reasons, v_written, v_expected;
	IF v_written < v_expected THEN
		RAISE EXCEPTION USING ERRCODE = 'WJ002', MESSAGE = 'again';
	END IF;

	-- The players' counts once for the batch, in (player, shard) order, the answers and the receipts with them, in one
	-- statement. A player's total is its shards written here (as they are after this batch) and its other shards (as
	-- committed when the statement began). Another transaction's receipt for one of these ballot ids (the same id
	-- sent with other players: the vote rows did not collide) rolls the whole batch back ('again').
	WITH up AS (
		INSERT INTO vote_player_counts AS c (vote_id, player_id, shard, n)
		SELECT min(a_vote[pp.k]), pp.id, a_shard[pp.k], count(*)
		FROM unnest(at_n, at_id) AS pp(k, id)
		WHERE outs[pp.k] IS NULL
		GROUP BY pp.id, a_shard[pp.k] ORDER BY pp.id, a_shard[pp.k]
		ON CONFLICT (player_id, shard) DO UPDATE SET n = c.n + excluded.n
		RETURNING c.player_id, c.shard, c.n
	), totals AS (
		SELECT u.player_id, sum(u.n)::integer + coalesce((
			SELECT sum(o.n)::integer FROM vote_player_counts o WHERE o.player_id = u.player_id AND o.shard <> ALL (array_agg(u.shard))
		), 0) AS s
		FROM up u GROUP BY u.player_id
	), answers AS (
		SELECT g, CASE
			WHEN outs[g] IS NULL THEN jsonb_build_object('outcome', 'ok', 'result', jsonb_build_object(
				'used', used[g],
				'suspect', reasons[g] IS NOT NULL,
				'totals', (SELECT jsonb_object_agg(pp.pub, t.s) FROM unnest(at_n, at_id, at_pub) AS pp(k, id, pub) JOIN totals t ON t.player_id = pp.id WHERE pp.k = g)))
			ELSE jsonb_build_object('outcome', outs[g], 'result', replays[g]) END AS a
		FROM generate_series(1, n_all) g
	), receipts AS (
		INSERT INTO vote_receipts (vote_id, ballot_id, voter_key, body_hash, result)
		SELECT a_vote[g], a_ballot[g], a_voter[g], a_hash[g], answers.a->'result'
		FROM answers WHERE outs[g] IS NULL
		ON CONFLICT (vote_id, ballot_id) DO NOTHING
		RETURNING 1
	)
	SELECT (SELECT jsonb_agg(answers.a ORDER BY answers.g) FROM answers), (SELECT count(*) FROM receipts), (SELECT count(*) FROM answers WHERE outs[answers.g] IS NULL)
	INTO answer, v_written, v_expected;
	IF v_written < v_expected THEN
		RAISE EXCEPTION USING ERRCODE = 'WJ002', MESSAGE = 'again';
	END IF;
	-- Issue 53: each accepted ballot's webhook deliveries (not one a batch), queued with the batch: one statement, one
	-- probe of webhooks_vote_idx a ballot; the delivery runner renders the payload (server/services/webhooks/render.ts).
	INSERT INTO webhook_deliveries (public_id, webhook_id, event, event_id, payload)
	SELECT replace(gen_random_uuid()::text, '-', ''), w.id, 'ballot.cast', a_ballot[g], jsonb_build_object('render', true, 'data', jsonb_build_object(
		'ballotId', a_ballot[g], 'playerIds', (SELECT jsonb_agg(pp.pub ORDER BY pp.id) FROM unnest(at_n, at_pub, at_id) AS pp(k, pub, id) WHERE pp.k = g)))
	FROM generate_series(1, n_all) g
	JOIN LATERAL (SELECT w.id FROM webhooks w WHERE w.vote_id = a_vote[g] AND w.enabled AND 'ballot.cast' = ANY (w.events)) w ON true
	WHERE outs[g] IS NULL
	ON CONFLICT (webhook_id, event, event_id) WHERE redelivery_of IS NULL DO NOTHING;
	RETURN answer;
END
$function$;
