-- Sign-up chains (接龙通 报名接龙, issue 20 items 1 and 4). One settings row per chain project holds the cap, the
-- places taken (`used`, people of joined entries), the entries waiting and the number counter: a join takes its
-- number and its place (or a waiting position) in ONE conditional UPDATE of this row, so the database decides
-- who gets the last place, and every change of a chain is serialised on this row (which also keeps the live
-- feed's ids in commit order per chain).
CREATE TABLE "chain_settings" (
	"project_id" integer PRIMARY KEY NOT NULL REFERENCES "projects"("id") ON DELETE cascade,
	"cap" integer,
	"waitlist" boolean DEFAULT true NOT NULL,
	"multiple" boolean DEFAULT false NOT NULL,
	"mask_names" boolean DEFAULT false NOT NULL,
	"deadline" timestamp with time zone,
	"pinned_note" text DEFAULT '' NOT NULL,
	"closed" boolean DEFAULT false NOT NULL,
	"used" integer DEFAULT 0 NOT NULL,
	"waiting" integer DEFAULT 0 NOT NULL,
	"next_seq" integer DEFAULT 0 NOT NULL,
	"last_admitted" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chain_settings_cap_ck" CHECK ("cap" IS NULL OR "cap" >= 1),
	CONSTRAINT "chain_settings_used_ck" CHECK ("used" >= 0),
	CONSTRAINT "chain_settings_waiting_ck" CHECK ("waiting" >= 0)
);
--> statement-breakpoint
-- Entries keep their number for life (a withdrawn one leaves a gap, later numbers never move). `person_slot` is 0
-- when the chain allows one entry per person and the entry's own number otherwise, so the unique key over live
-- entries is "one per person" or "any number" without a nullable column.
CREATE TABLE "chain_entries" (
	"id" serial PRIMARY KEY NOT NULL,
	"public_id" text NOT NULL,
	"project_id" integer NOT NULL REFERENCES "projects"("id") ON DELETE cascade,
	"seq" integer NOT NULL,
	"participant" text NOT NULL,
	"person_slot" integer NOT NULL,
	"user_id" integer REFERENCES "users"("id") ON DELETE set null,
	"name" text NOT NULL,
	"answer" text DEFAULT '' NOT NULL,
	"people" integer DEFAULT 1 NOT NULL,
	"state" text NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "chain_entries_state_ck" CHECK ("state" IN ('joined', 'waitlisted', 'withdrawn', 'removed')),
	CONSTRAINT "chain_entries_people_ck" CHECK ("people" BETWEEN 1 AND 20)
);
--> statement-breakpoint
CREATE UNIQUE INDEX "chain_entries_public_id_uq" ON "chain_entries" ("public_id");
--> statement-breakpoint
CREATE UNIQUE INDEX "chain_entries_seq_uq" ON "chain_entries" ("project_id", "seq");
--> statement-breakpoint
CREATE UNIQUE INDEX "chain_entries_person_uq" ON "chain_entries" ("project_id", "participant", "person_slot") WHERE "state" IN ('joined', 'waitlisted');
--> statement-breakpoint
CREATE INDEX "chain_entries_state_idx" ON "chain_entries" ("project_id", "state", "seq");
--> statement-breakpoint
-- The live feed: one row per change, its id the global sequence a page resumes from (SSE Last-Event-ID).
CREATE TABLE "chain_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"project_id" integer NOT NULL REFERENCES "projects"("id") ON DELETE cascade,
	"kind" text NOT NULL,
	"payload" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "chain_events_project_idx" ON "chain_events" ("project_id", "id");
