-- Daily check-ins (接龙通 打卡接龙, solitaireType 1, issue 20 item 2). One settings row per check-in project: the
-- period (days as 'YYYY-MM-DD' in Asia/Shanghai, either end open), the weekdays (bit 1 Monday … bit 7 Sunday),
-- the daily window and the late time in minutes after midnight, what each check-in asks for, and how many days
-- back a make-up may reach (0: none).
CREATE TABLE "checkin_settings" (
	"project_id" integer PRIMARY KEY NOT NULL REFERENCES "projects"("id") ON DELETE cascade,
	"start_day" text,
	"end_day" text,
	"weekdays" integer DEFAULT 254 NOT NULL,
	"window_start" integer DEFAULT 0 NOT NULL,
	"window_end" integer DEFAULT 1440 NOT NULL,
	"late_after" integer,
	"text_mode" text DEFAULT 'optional' NOT NULL,
	"photo_mode" text DEFAULT 'optional' NOT NULL,
	"number_mode" text DEFAULT 'off' NOT NULL,
	"number_label" text DEFAULT '' NOT NULL,
	"number_unit" text DEFAULT '' NOT NULL,
	"makeup_days" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "checkin_settings_days_ck" CHECK (("start_day" IS NULL OR "start_day" ~ '^\d{4}-\d{2}-\d{2}$') AND ("end_day" IS NULL OR "end_day" ~ '^\d{4}-\d{2}-\d{2}$')),
	CONSTRAINT "checkin_settings_window_ck" CHECK ("window_start" >= 0 AND "window_start" < "window_end" AND "window_end" <= 1440),
	CONSTRAINT "checkin_settings_weekdays_ck" CHECK ("weekdays" BETWEEN 2 AND 254),
	CONSTRAINT "checkin_settings_makeup_ck" CHECK ("makeup_days" BETWEEN 0 AND 30),
	CONSTRAINT "checkin_settings_modes_ck" CHECK ("text_mode" IN ('off', 'optional', 'required') AND "photo_mode" IN ('off', 'optional', 'required') AND "number_mode" IN ('off', 'optional', 'required'))
);
--> statement-breakpoint
-- One check-in per person per day: the unique key (project, participant, day) has no nullable column, and a
-- check-in is ONE INSERT … ON CONFLICT DO NOTHING against it. `kind` says how it was made: on time, late (after
-- the late time) or a make-up for a missed past day.
CREATE TABLE "checkin_records" (
	"id" serial PRIMARY KEY NOT NULL,
	"public_id" text NOT NULL,
	"project_id" integer NOT NULL REFERENCES "projects"("id") ON DELETE cascade,
	"participant" text NOT NULL,
	"day" text NOT NULL,
	"user_id" integer REFERENCES "users"("id") ON DELETE set null,
	"name" text NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"photos" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"amount" integer,
	"kind" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "checkin_records_kind_ck" CHECK ("kind" IN ('ontime', 'late', 'makeup')),
	CONSTRAINT "checkin_records_day_ck" CHECK ("day" ~ '^\d{4}-\d{2}-\d{2}$')
);
--> statement-breakpoint
CREATE UNIQUE INDEX "checkin_records_public_id_uq" ON "checkin_records" ("public_id");
--> statement-breakpoint
CREATE UNIQUE INDEX "checkin_records_day_uq" ON "checkin_records" ("project_id", "participant", "day");
--> statement-breakpoint
CREATE INDEX "checkin_records_board_idx" ON "checkin_records" ("project_id", "day", "created_at");
