-- Ballots in batches, taken as sets (issue 19, bench/vote): wj_ballots of 0043 called wj_ballot_take once a ballot,
-- about ten small statements each; here each step is one statement for the whole batch, so a ballot costs its rows
-- and index entries, not the statements around them. The checks and their order are wj_ballot's (0033, 0035):
-- a known ballot id replays (or is 'reused'), then the activity's state and version, the whitelist, the players,
-- the voter's limit, the per-player limit; then the suspicion flags; then the rows.
-- The caller never puts one voter of one vote twice in a batch (nor one ballot id): one upsert then takes every
-- voter's counter row, in voter-key order (the lock order of every batch of every process), and a voter's ballots
-- in one batch never need to see each other. A batch with a voter twice fails whole ('voter twice') and its ballots
-- go alone through wj_ballot. A refusal writes nothing: the voter's limit refuses in the upsert's condition, the
-- per-player limit gives the voter's counter back (its row still locked). The suspicion flags count the vote rows
-- written before, as one by one did: the database's rows of the last minute, then the batch's earlier ballots.
-- A ballot id taken by another transaction meanwhile raises 'again' (the whole batch rolls back and goes alone).
CREATE TYPE "wj_ballot_in" AS (
	"voteId" integer, version integer, "ballotId" text, hash text, "voterKey" text, period text, day date, now timestamptz,
	players jsonb, "perVoter" integer, "perPlayer" integer, whitelist boolean, "userId" integer, phone text, ip text,
	"ipArea" text, device text, shard integer, "burstIp" integer, "burstDevice" integer, "minGapMs" integer
);--> statement-breakpoint
CREATE OR REPLACE FUNCTION "wj_ballots"(ps jsonb) RETURNS jsonb
LANGUAGE plpgsql SET plan_cache_mode = force_generic_plan AS $$
DECLARE
	-- The batch, read once: one array a field, element n is ballot n.
	n_all integer;
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
	totals jsonb;
	answer jsonb;
	v_written integer;
BEGIN
	-- From a subquery in the batch's order: one sort, not one an array.
	SELECT count(*), array_agg(x."voteId"), array_agg(x.version), array_agg(x."ballotId"), array_agg(x.hash), array_agg(x."voterKey"),
		array_agg(x.period), array_agg(x.day), array_agg(x.now), array_agg(x.players), array_agg(jsonb_array_length(x.players)),
		array_agg(x."perVoter"), array_agg(x."perPlayer"), array_agg(x.whitelist), array_agg(x."userId"), array_agg(x.phone), array_agg(x.ip),
		array_agg(x."ipArea"), array_agg(x.device), array_agg(x.shard), array_agg(x."burstIp"), array_agg(x."burstDevice"), array_agg(x."minGapMs")
	INTO n_all, a_vote, a_version, a_ballot, a_hash, a_voter, a_period, a_day, a_now, a_players, a_take, a_per_voter, a_per_player,
		a_whitelist, a_user, a_phone, a_ip, a_area, a_device, a_shard, a_burst_ip, a_burst_device, a_gap
	FROM (SELECT * FROM jsonb_populate_recordset(NULL::wj_ballot_in, ps) WITH ORDINALITY ORDER BY ordinality) x;
	IF n_all = 0 THEN RETURN '[]'::jsonb; END IF;
	IF (SELECT count(DISTINCT (a_vote[g], a_voter[g])) < n_all FROM generate_series(1, n_all) g) THEN
		RAISE EXCEPTION USING ERRCODE = 'WJ002', MESSAGE = 'voter twice';
	END IF;

	SELECT array_agg(g ORDER BY g, p.id), array_agg(p.id ORDER BY g, p.id), array_agg(p.public_id ORDER BY g, p.id) INTO at_n, at_id, at_pub
	FROM generate_series(1, n_all) g
	JOIN vote_players p ON p.public_id IN (SELECT jsonb_array_elements_text(a_players[g])) AND p.vote_id = a_vote[g] AND p.review = 'approved';

	-- Known ballot ids, the activity's state, the whitelist, the players.
	SELECT array_agg(CASE
			WHEN r.ballot_id IS NOT NULL THEN CASE WHEN r.body_hash = a_hash[g] AND r.result IS NOT NULL THEN 'replay' ELSE 'reused' END
			WHEN a.status IS NULL OR a.deleted_at IS NOT NULL THEN 'gone'
			WHEN a.status = 'draft' THEN 'draft'
			WHEN a.status = 'suspended' THEN 'suspended'
			WHEN a.status = 'ended' OR (a.end_at IS NOT NULL AND a_now[g] >= a.end_at) THEN 'ended'
			WHEN a.start_at IS NOT NULL AND a_now[g] < a.start_at THEN 'notStarted'
			WHEN a.version <> a_version[g] THEN 'stale'
			WHEN a_whitelist[g] AND (a_phone[g] IS NULL OR NOT EXISTS (SELECT 1 FROM vote_whitelist w WHERE w.vote_id = a_vote[g] AND w.phone = a_phone[g])) THEN 'notWhitelisted'
			WHEN a_take[g] = 0 OR a_take[g] <> (SELECT count(*) FROM unnest(at_n) k WHERE k = g) THEN 'player'
		END ORDER BY g),
		array_agg(CASE WHEN r.ballot_id IS NOT NULL AND r.body_hash = a_hash[g] THEN r.result END ORDER BY g)
	INTO outs, replays
	FROM generate_series(1, n_all) g
	-- Lateral with a limit: one index probe a ballot (the planner cannot tell a batch is a handful of rows).
	LEFT JOIN LATERAL (SELECT * FROM vote_activities a WHERE a.id = a_vote[g] AND NOT a.is_template LIMIT 1) a ON true
	LEFT JOIN LATERAL (SELECT * FROM vote_receipts r WHERE r.vote_id = a_vote[g] AND r.ballot_id = a_ballot[g] LIMIT 1) r ON true;

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
	SELECT array_agg(t.n ORDER BY g), array_agg(t.prev_at ORDER BY g) INTO used, prevs
	FROM generate_series(1, n_all) g LEFT JOIN taken t ON outs[g] IS NULL AND t.vote_id = a_vote[g] AND t.voter_key = a_voter[g];

	IF EXISTS (SELECT 1 FROM generate_series(1, n_all) g WHERE outs[g] IS NULL AND used[g] IS NULL) THEN
		SELECT array_agg(CASE
			WHEN outs[g] IS NOT NULL OR used[g] IS NOT NULL THEN outs[g]
			WHEN EXISTS (SELECT 1 FROM vote_receipts r WHERE r.vote_id = a_vote[g] AND r.ballot_id = a_ballot[g]) THEN 'again'
			ELSE 'voterLimit' END ORDER BY g) INTO outs
		FROM generate_series(1, n_all) g;
	END IF;

	-- The per-player limit, exact without a counter row (as in 0035): the voter's counter row locked above
	-- serialises the voter's ballots. A refused ballot gives the voter's counter back.
	IF EXISTS (SELECT 1 FROM generate_series(1, n_all) g WHERE outs[g] IS NULL AND a_per_player[g] IS NOT NULL) THEN
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

	-- Suspicion: a vote sooner after the voter's previous one than a person votes, or the IP's or device's burst
	-- of the last minute (the database's vote rows, then those of the batch's earlier ballots).
	SELECT array_agg(CASE
		WHEN outs[g] IS NOT NULL THEN NULL
		WHEN prevs[g] IS NOT NULL AND a_now[g] - prevs[g] < make_interval(secs => a_gap[g] / 1000.0) THEN 'interval'
		WHEN a_ip[g] <> '' AND (SELECT coalesce(sum(a_take[e]), 0) FROM generate_series(1, g - 1) e WHERE outs[e] IS NULL AND a_vote[e] = a_vote[g] AND a_ip[e] = a_ip[g])
			+ (SELECT count(*) FROM (SELECT 1 FROM vote_ballots b WHERE b.vote_id = a_vote[g] AND b.ip = a_ip[g] AND b.created_at > a_now[g] - interval '1 minute' LIMIT a_burst_ip[g]) z)
			>= a_burst_ip[g] THEN 'burstIp'
		WHEN a_device[g] <> '' AND (SELECT coalesce(sum(a_take[e]), 0) FROM generate_series(1, g - 1) e WHERE outs[e] IS NULL AND a_vote[e] = a_vote[g] AND a_device[e] = a_device[g])
			+ (SELECT count(*) FROM (SELECT 1 FROM vote_ballots b WHERE b.vote_id = a_vote[g] AND b.device = a_device[g] AND b.created_at > a_now[g] - interval '1 minute' LIMIT a_burst_device[g]) z)
			>= a_burst_device[g] THEN 'burstDevice'
		END ORDER BY g) INTO reasons
	FROM generate_series(1, n_all) g;

	-- The vote rows, one a (ballot, player).
	INSERT INTO vote_ballots (vote_id, player_id, ballot_id, voter_key, user_id, phone, day, ip, ip_area, device, shard, suspect, suspect_reason, created_at)
	SELECT a_vote[pp.k], pp.id, a_ballot[pp.k], a_voter[pp.k], a_user[pp.k], a_phone[pp.k], a_day[pp.k], a_ip[pp.k], a_area[pp.k], a_device[pp.k], a_shard[pp.k],
		reasons[pp.k] IS NOT NULL, reasons[pp.k], a_now[pp.k]
	FROM unnest(at_n, at_id) AS pp(k, id)
	WHERE outs[pp.k] IS NULL
	ORDER BY pp.k, pp.id
	ON CONFLICT (vote_id, ballot_id, player_id) DO NOTHING;
	GET DIAGNOSTICS v_written = ROW_COUNT;
	IF v_written < (SELECT count(*) FROM unnest(at_n) k WHERE outs[k] IS NULL) THEN
		RAISE EXCEPTION USING ERRCODE = 'WJ002', MESSAGE = 'again';
	END IF;

	-- The players' counts, once for the batch, in (player, shard) order; a player's total is its shards written here
	-- (as they are after this batch) and its other shards (as committed when the statement began).
	IF v_written > 0 THEN
		WITH up AS (
			INSERT INTO vote_player_counts AS c (vote_id, player_id, shard, n)
			SELECT min(a_vote[pp.k]), pp.id, a_shard[pp.k], count(*)
			FROM unnest(at_n, at_id) AS pp(k, id)
			WHERE outs[pp.k] IS NULL
			GROUP BY pp.id, a_shard[pp.k] ORDER BY pp.id, a_shard[pp.k]
			ON CONFLICT (player_id, shard) DO UPDATE SET n = c.n + excluded.n
			RETURNING c.player_id, c.shard, c.n
		)
		SELECT jsonb_object_agg(t.player_id::text, t.s) INTO totals
		FROM (
			SELECT u.player_id, sum(u.n)::integer + coalesce((
				SELECT sum(o.n)::integer FROM vote_player_counts o WHERE o.player_id = u.player_id AND o.shard <> ALL (array_agg(u.shard))
			), 0) AS s
			FROM up u GROUP BY u.player_id
		) t;
	END IF;

	SELECT jsonb_agg(CASE
		WHEN outs[g] IS NULL THEN jsonb_build_object('outcome', 'ok', 'result', jsonb_build_object(
			'used', used[g],
			'suspect', reasons[g] IS NOT NULL,
			'totals', (SELECT jsonb_object_agg(pp.pub, totals->(pp.id::text)) FROM unnest(at_n, at_id, at_pub) AS pp(k, id, pub) WHERE pp.k = g)))
		ELSE jsonb_build_object('outcome', outs[g], 'result', replays[g]) END ORDER BY g) INTO answer
	FROM generate_series(1, n_all) g;

	-- The receipts, with their answers, in one statement. Another transaction's receipt for one of these ballot ids
	-- (the same id sent with other players: the vote rows did not collide) rolls the whole batch back ('again').
	IF v_written > 0 THEN
		INSERT INTO vote_receipts (vote_id, ballot_id, voter_key, body_hash, result)
		SELECT a_vote[g], a_ballot[g], a_voter[g], a_hash[g], answer->(g - 1)->'result'
		FROM generate_series(1, n_all) g WHERE outs[g] IS NULL
		ON CONFLICT (vote_id, ballot_id) DO NOTHING;
		GET DIAGNOSTICS v_written = ROW_COUNT;
		IF v_written < (SELECT count(*) FROM generate_series(1, n_all) g WHERE outs[g] IS NULL) THEN
			RAISE EXCEPTION USING ERRCODE = 'WJ002', MESSAGE = 'again';
		END IF;
	END IF;
	RETURN answer;
END
$$;--> statement-breakpoint
-- 0043's one-ballot step of the batch: the batch above takes its ballots as a set.
DROP FUNCTION IF EXISTS "wj_ballot_take"(jsonb);
