-- The database's functions as current files (issue 45 item 1): server/db/functions/<name>.sql holds what runs
-- today, applied after the migrations when its content changes (server/db/functions.ts); this table records the
-- content each was last applied with.
CREATE TABLE IF NOT EXISTS "db_functions" (
	"name" text PRIMARY KEY NOT NULL,
	"hash" text NOT NULL,
	"applied_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- wj_vote (0030) has been called by nothing since ballots went through wj_ballot (0033).
DROP FUNCTION IF EXISTS wj_vote;
