-- Vote extras (issue 19, part 2): comments, favourites, background music, public sign-ups of players, the vote
-- template library, and export jobs of votes (我的下载). Players signed up by the public are rows of vote_players
-- with review 'pending' (0030); vote_sign_ups remembers who signed each up, so the signer can find or withdraw it.
CREATE TABLE "vote_comments" (
	"id" serial PRIMARY KEY NOT NULL,
	"public_id" text NOT NULL,
	"vote_id" integer NOT NULL REFERENCES "vote_activities"("id") ON DELETE cascade,
	"player_id" integer REFERENCES "vote_players"("id") ON DELETE cascade,
	"user_id" integer REFERENCES "users"("id") ON DELETE set null,
	"device_id" text NOT NULL,
	"nickname" text NOT NULL,
	"content" text NOT NULL,
	"status" text NOT NULL,
	"ip" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vote_comments_status_ck" CHECK ("status" IN ('pending', 'shown', 'hidden'))
);--> statement-breakpoint
CREATE UNIQUE INDEX "vote_comments_public_id_uq" ON "vote_comments" USING btree ("public_id");--> statement-breakpoint
CREATE INDEX "vote_comments_vote_idx" ON "vote_comments" USING btree ("vote_id", "status", "id");--> statement-breakpoint
-- A favourite: the activity itself (player_id 0) or one of its players. Not nullable, so the unique key holds.
CREATE TABLE "vote_collections" (
	"id" serial PRIMARY KEY NOT NULL,
	"public_id" text NOT NULL,
	"user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE cascade,
	"vote_id" integer NOT NULL REFERENCES "vote_activities"("id") ON DELETE cascade,
	"player_id" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE UNIQUE INDEX "vote_collections_public_id_uq" ON "vote_collections" USING btree ("public_id");--> statement-breakpoint
CREATE UNIQUE INDEX "vote_collections_target_uq" ON "vote_collections" USING btree ("user_id", "vote_id", "player_id");--> statement-breakpoint
CREATE INDEX "vote_collections_user_idx" ON "vote_collections" USING btree ("user_id", "id");--> statement-breakpoint
CREATE TABLE "vote_music" (
	"vote_id" integer PRIMARY KEY NOT NULL REFERENCES "vote_activities"("id") ON DELETE cascade,
	"open" boolean DEFAULT false NOT NULL,
	"source" text,
	"music_id" text,
	"name" text,
	"autoplay" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vote_music_source_ck" CHECK ("source" IS NULL OR "source" IN ('builtin', 'local'))
);--> statement-breakpoint
CREATE TABLE "vote_sign_ups" (
	"id" serial PRIMARY KEY NOT NULL,
	"public_id" text NOT NULL,
	"vote_id" integer NOT NULL REFERENCES "vote_activities"("id") ON DELETE cascade,
	"player_id" integer NOT NULL REFERENCES "vote_players"("id") ON DELETE cascade,
	"user_id" integer REFERENCES "users"("id") ON DELETE set null,
	"device_id" text NOT NULL,
	"phone" text,
	"ip" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE UNIQUE INDEX "vote_sign_ups_public_id_uq" ON "vote_sign_ups" USING btree ("public_id");--> statement-breakpoint
CREATE UNIQUE INDEX "vote_sign_ups_player_uq" ON "vote_sign_ups" USING btree ("player_id");--> statement-breakpoint
CREATE INDEX "vote_sign_ups_vote_idx" ON "vote_sign_ups" USING btree ("vote_id", "device_id");--> statement-breakpoint
-- The template library: template votes (vote_activities.is_template) with their category and use count.
CREATE TABLE "vote_templates" (
	"vote_id" integer PRIMARY KEY NOT NULL REFERENCES "vote_activities"("id") ON DELETE cascade,
	"template_key" text NOT NULL,
	"category" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"recommended" boolean DEFAULT false NOT NULL,
	"use_count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "vote_templates_use_ck" CHECK ("use_count" >= 0)
);--> statement-breakpoint
CREATE UNIQUE INDEX "vote_templates_key_uq" ON "vote_templates" USING btree ("template_key");--> statement-breakpoint
-- Export jobs of a vote: project_id or vote_id names what is exported; `report` which table of it.
ALTER TABLE "export_jobs" ALTER COLUMN "project_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "export_jobs" ADD COLUMN "vote_id" integer REFERENCES "vote_activities"("id") ON DELETE cascade;--> statement-breakpoint
ALTER TABLE "export_jobs" ADD COLUMN "report" text;--> statement-breakpoint
ALTER TABLE "export_jobs" ADD CONSTRAINT "export_jobs_subject_ck" CHECK (("project_id" IS NOT NULL) <> ("vote_id" IS NOT NULL));--> statement-breakpoint
ALTER TABLE "export_jobs" ADD CONSTRAINT "export_jobs_report_ck" CHECK ("vote_id" IS NULL OR "report" IN ('votingDetail', 'statisticsPlayer', 'allVoting', 'playerFile'));
