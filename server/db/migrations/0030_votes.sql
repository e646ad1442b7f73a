-- Votes (投票通, issue 19): a vote activity is its own entity with player types, players and ballots. Every limit a
-- ballot takes is one conditional upsert on a counter whose CHECK keeps it non-negative; a player's count lives in
-- shards (voter hash % N) summed on read, so voters of one hot player do not queue on one row. Export jobs need no
-- change here: their kind is the file format (xlsx/csv/pdf/zip); vote downloads are wt-vote-extras' (0031).
CREATE TABLE "vote_activities" (
	"id" serial PRIMARY KEY NOT NULL,
	"public_id" text NOT NULL,
	"owner_id" integer NOT NULL REFERENCES "users"("id") ON DELETE cascade,
	"brand" text DEFAULT 'toupiao' NOT NULL,
	"title" text NOT NULL,
	"cover_images" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"start_at" timestamp with time zone,
	"end_at" timestamp with time zone,
	"status" text DEFAULT 'draft' NOT NULL,
	"deleted_at" timestamp with time zone,
	"top_at" timestamp with time zone,
	"settings" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"is_template" boolean DEFAULT false NOT NULL,
	"player_seq" integer DEFAULT 0 NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vote_activities_status_ck" CHECK ("status" IN ('draft', 'running', 'suspended', 'ended')),
	CONSTRAINT "vote_activities_window_ck" CHECK ("start_at" IS NULL OR "end_at" IS NULL OR "end_at" > "start_at"),
	CONSTRAINT "vote_activities_seq_ck" CHECK ("player_seq" >= 0)
);--> statement-breakpoint
CREATE UNIQUE INDEX "vote_activities_public_id_uq" ON "vote_activities" USING btree ("public_id");--> statement-breakpoint
CREATE INDEX "vote_activities_owner_idx" ON "vote_activities" USING btree ("owner_id", "deleted_at", "id");--> statement-breakpoint
CREATE TABLE "vote_player_types" (
	"id" serial PRIMARY KEY NOT NULL,
	"vote_id" integer NOT NULL REFERENCES "vote_activities"("id") ON DELETE cascade,
	"name" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE INDEX "vote_player_types_vote_idx" ON "vote_player_types" USING btree ("vote_id", "sort", "id");--> statement-breakpoint
CREATE TABLE "vote_players" (
	"id" serial PRIMARY KEY NOT NULL,
	"public_id" text NOT NULL,
	"vote_id" integer NOT NULL REFERENCES "vote_activities"("id") ON DELETE cascade,
	"type_id" integer REFERENCES "vote_player_types"("id") ON DELETE set null,
	"no" integer NOT NULL,
	"name" text NOT NULL,
	"photo" text DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"video_url" text DEFAULT '' NOT NULL,
	"audio_url" text DEFAULT '' NOT NULL,
	"review" text DEFAULT 'approved' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vote_players_review_ck" CHECK ("review" IN ('approved', 'pending', 'rejected')),
	CONSTRAINT "vote_players_no_ck" CHECK ("no" > 0)
);--> statement-breakpoint
CREATE UNIQUE INDEX "vote_players_public_id_uq" ON "vote_players" USING btree ("public_id");--> statement-breakpoint
CREATE UNIQUE INDEX "vote_players_no_uq" ON "vote_players" USING btree ("vote_id", "no");--> statement-breakpoint
CREATE INDEX "vote_players_name_idx" ON "vote_players" USING btree ("vote_id", "name");--> statement-breakpoint
-- One receipt per client ballot id: the idempotency key (a retry replays `result`, a reused id with another body is refused).
CREATE TABLE "vote_receipts" (
	"vote_id" integer NOT NULL REFERENCES "vote_activities"("id") ON DELETE cascade,
	"ballot_id" text NOT NULL,
	"voter_key" text NOT NULL,
	"body_hash" text NOT NULL,
	"result" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vote_receipts_pk" PRIMARY KEY ("vote_id", "ballot_id")
);--> statement-breakpoint
-- One row per vote (a ballot picking three players writes three rows); `shard` is where it counted.
CREATE TABLE "vote_ballots" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"vote_id" integer NOT NULL REFERENCES "vote_activities"("id") ON DELETE cascade,
	"player_id" integer NOT NULL REFERENCES "vote_players"("id") ON DELETE cascade,
	"ballot_id" text NOT NULL,
	"voter_key" text NOT NULL,
	"user_id" integer,
	"phone" text,
	"day" date NOT NULL,
	"ip" text DEFAULT '' NOT NULL,
	"ip_area" text DEFAULT '' NOT NULL,
	"device" text DEFAULT '' NOT NULL,
	"shard" integer NOT NULL,
	"valid" boolean DEFAULT true NOT NULL,
	"suspect" boolean DEFAULT false NOT NULL,
	"suspect_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE UNIQUE INDEX "vote_ballots_ballot_uq" ON "vote_ballots" USING btree ("vote_id", "ballot_id", "player_id");--> statement-breakpoint
CREATE INDEX "vote_ballots_vote_idx" ON "vote_ballots" USING btree ("vote_id", "id");--> statement-breakpoint
CREATE INDEX "vote_ballots_player_idx" ON "vote_ballots" USING btree ("player_id", "created_at");--> statement-breakpoint
CREATE INDEX "vote_ballots_ip_idx" ON "vote_ballots" USING btree ("vote_id", "ip", "created_at");--> statement-breakpoint
CREATE INDEX "vote_ballots_device_idx" ON "vote_ballots" USING btree ("vote_id", "device", "created_at");--> statement-breakpoint
-- A player's valid votes: the sum of its shards.
CREATE TABLE "vote_player_counts" (
	"vote_id" integer NOT NULL REFERENCES "vote_activities"("id") ON DELETE cascade,
	"player_id" integer NOT NULL REFERENCES "vote_players"("id") ON DELETE cascade,
	"shard" integer NOT NULL,
	"n" integer NOT NULL,
	CONSTRAINT "vote_player_counts_pk" PRIMARY KEY ("player_id", "shard"),
	CONSTRAINT "vote_player_counts_n_ck" CHECK ("n" >= 0)
);--> statement-breakpoint
CREATE INDEX "vote_player_counts_vote_idx" ON "vote_player_counts" USING btree ("vote_id");--> statement-breakpoint
-- Votes of one voter in a period ('2026-11-27' for a day, 'all' for the whole activity); last_at/prev_at time the
-- voter's ballots for the suspect check.
CREATE TABLE "vote_voter_counters" (
	"vote_id" integer NOT NULL REFERENCES "vote_activities"("id") ON DELETE cascade,
	"voter_key" text NOT NULL,
	"period" text NOT NULL,
	"n" integer NOT NULL,
	"last_at" timestamp with time zone NOT NULL,
	"prev_at" timestamp with time zone,
	CONSTRAINT "vote_voter_counters_pk" PRIMARY KEY ("vote_id", "voter_key", "period"),
	CONSTRAINT "vote_voter_counters_n_ck" CHECK ("n" >= 0)
);--> statement-breakpoint
-- Votes of one voter for one player on one day (Asia/Shanghai).
CREATE TABLE "vote_voter_player_counters" (
	"vote_id" integer NOT NULL REFERENCES "vote_activities"("id") ON DELETE cascade,
	"voter_key" text NOT NULL,
	"player_id" integer NOT NULL REFERENCES "vote_players"("id") ON DELETE cascade,
	"day" date NOT NULL,
	"n" integer NOT NULL,
	CONSTRAINT "vote_voter_player_counters_pk" PRIMARY KEY ("vote_id", "voter_key", "player_id", "day"),
	CONSTRAINT "vote_voter_player_counters_n_ck" CHECK ("n" >= 0)
);--> statement-breakpoint
-- Who may vote when the activity follows a whitelist (phone, normalised to 11 digits).
CREATE TABLE "vote_whitelist" (
	"id" serial PRIMARY KEY NOT NULL,
	"vote_id" integer NOT NULL REFERENCES "vote_activities"("id") ON DELETE cascade,
	"phone" text NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE UNIQUE INDEX "vote_whitelist_phone_uq" ON "vote_whitelist" USING btree ("vote_id", "phone");--> statement-breakpoint
-- Visits of the voting page, sharded like the counts.
CREATE TABLE "vote_visits" (
	"vote_id" integer NOT NULL REFERENCES "vote_activities"("id") ON DELETE cascade,
	"shard" integer NOT NULL,
	"n" bigint NOT NULL,
	CONSTRAINT "vote_visits_pk" PRIMARY KEY ("vote_id", "shard"),
	CONSTRAINT "vote_visits_n_ck" CHECK ("n" >= 0)
);--> statement-breakpoint
-- One ballot in one statement (bench/vote): replay a known ballot id; check the activity (bin, status, window),
-- the whitelist and the players (of this activity, approved); take the voter's votes of the period and each
-- player's votes of the day with conditional upserts; flag (never drop) bursts from one address or device and
-- intervals no person makes; write the vote rows and count each in the voter's shard. Outcomes before anything is
-- written are returned; a refusal after the receipt is written raises SQLSTATE WJ002 (message: the reason) so the
-- whole ballot rolls back.
CREATE OR REPLACE FUNCTION "wj_vote"(
	p_vote integer, p_ballot text, p_hash text, p_voter text, p_period text, p_day date, p_now timestamptz,
	p_players integer[], p_per_voter integer, p_per_player integer, p_whitelist boolean,
	p_user integer, p_phone text, p_ip text, p_ip_area text, p_device text, p_shard integer,
	p_burst_ip integer, p_burst_device integer, p_min_gap_ms integer,
	OUT outcome text, OUT result jsonb
) LANGUAGE plpgsql AS $$
DECLARE
	v_status text;
	v_start timestamptz;
	v_end timestamptz;
	v_deleted timestamptz;
	v_hash text;
	v_take integer := coalesce(array_length(p_players, 1), 0);
	v_used integer;
	v_prev timestamptz;
	v_n integer;
	v_reason text;
BEGIN
	SELECT body_hash, r.result INTO v_hash, result FROM vote_receipts r WHERE vote_id = p_vote AND ballot_id = p_ballot;
	IF FOUND THEN outcome := CASE WHEN v_hash = p_hash AND result IS NOT NULL THEN 'replay' ELSE 'reused' END; RETURN; END IF;

	SELECT status, start_at, end_at, deleted_at INTO v_status, v_start, v_end, v_deleted FROM vote_activities WHERE id = p_vote AND NOT is_template;
	IF NOT FOUND OR v_deleted IS NOT NULL THEN outcome := 'gone'; RETURN; END IF;
	IF v_status = 'draft' THEN outcome := 'draft'; RETURN; END IF;
	IF v_status = 'suspended' THEN outcome := 'suspended'; RETURN; END IF;
	IF v_status = 'ended' OR (v_end IS NOT NULL AND p_now >= v_end) THEN outcome := 'ended'; RETURN; END IF;
	IF v_start IS NOT NULL AND p_now < v_start THEN outcome := 'notStarted'; RETURN; END IF;
	IF p_whitelist AND (p_phone IS NULL OR NOT EXISTS (SELECT 1 FROM vote_whitelist WHERE vote_id = p_vote AND phone = p_phone)) THEN
		outcome := 'notWhitelisted'; RETURN;
	END IF;
	IF v_take = 0 OR (SELECT count(*) FROM vote_players WHERE id = ANY(p_players) AND vote_id = p_vote AND review = 'approved') <> v_take THEN
		outcome := 'player'; RETURN;
	END IF;

	INSERT INTO vote_receipts (vote_id, ballot_id, voter_key, body_hash) VALUES (p_vote, p_ballot, p_voter, p_hash)
	ON CONFLICT (vote_id, ballot_id) DO NOTHING;
	IF NOT FOUND THEN
		-- The same ballot id committed meanwhile by a concurrent retry.
		SELECT body_hash, r.result INTO v_hash, result FROM vote_receipts r WHERE vote_id = p_vote AND ballot_id = p_ballot;
		outcome := CASE WHEN v_hash = p_hash AND result IS NOT NULL THEN 'replay' ELSE 'reused' END; RETURN;
	END IF;

	INSERT INTO vote_voter_counters AS c (vote_id, voter_key, period, n, last_at) SELECT p_vote, p_voter, p_period, v_take, p_now WHERE v_take <= p_per_voter
	ON CONFLICT (vote_id, voter_key, period) DO UPDATE SET n = c.n + v_take, prev_at = c.last_at, last_at = p_now WHERE c.n + v_take <= p_per_voter
	RETURNING n, prev_at INTO v_used, v_prev;
	IF NOT FOUND THEN RAISE EXCEPTION USING ERRCODE = 'WJ002', MESSAGE = 'voterLimit'; END IF;

	IF p_per_player IS NOT NULL THEN
		WITH up AS (
			INSERT INTO vote_voter_player_counters AS c (vote_id, voter_key, player_id, day, n)
			SELECT p_vote, p_voter, pl, p_day, 1 FROM unnest(p_players) AS pl WHERE 1 <= p_per_player ORDER BY pl
			ON CONFLICT (vote_id, voter_key, player_id, day) DO UPDATE SET n = c.n + 1 WHERE c.n + 1 <= p_per_player
			RETURNING 1
		) SELECT count(*) INTO v_n FROM up;
		IF v_n < v_take THEN RAISE EXCEPTION USING ERRCODE = 'WJ002', MESSAGE = 'playerLimit'; END IF;
	END IF;

	-- Suspect, never dropped: another ballot of this voter sooner than a person could, or a burst from one address or device.
	IF v_prev IS NOT NULL AND p_now - v_prev < make_interval(secs => p_min_gap_ms / 1000.0) THEN
		v_reason := 'interval';
	ELSIF p_ip <> '' AND (SELECT count(*) FROM (SELECT 1 FROM vote_ballots WHERE vote_id = p_vote AND ip = p_ip AND created_at > p_now - interval '1 minute' LIMIT p_burst_ip) x) >= p_burst_ip THEN
		v_reason := 'burstIp';
	ELSIF p_device <> '' AND (SELECT count(*) FROM (SELECT 1 FROM vote_ballots WHERE vote_id = p_vote AND device = p_device AND created_at > p_now - interval '1 minute' LIMIT p_burst_device) x) >= p_burst_device THEN
		v_reason := 'burstDevice';
	END IF;

	INSERT INTO vote_ballots (vote_id, player_id, ballot_id, voter_key, user_id, phone, day, ip, ip_area, device, shard, suspect, suspect_reason, created_at)
	SELECT p_vote, pl, p_ballot, p_voter, p_user, p_phone, p_day, p_ip, p_ip_area, p_device, p_shard, v_reason IS NOT NULL, v_reason, p_now FROM unnest(p_players) AS pl;

	INSERT INTO vote_player_counts AS c (vote_id, player_id, shard, n) SELECT p_vote, pl, p_shard, 1 FROM unnest(p_players) AS pl ORDER BY pl
	ON CONFLICT (player_id, shard) DO UPDATE SET n = c.n + 1;

	result := jsonb_build_object('used', v_used, 'suspect', v_reason IS NOT NULL, 'totals',
		(SELECT jsonb_object_agg(player_id::text, s) FROM (SELECT player_id, sum(n)::integer AS s FROM vote_player_counts WHERE player_id = ANY(p_players) GROUP BY player_id) t));
	UPDATE vote_receipts SET result = wj_vote.result WHERE vote_id = p_vote AND ballot_id = p_ballot;
	outcome := 'ok';
END
$$;
