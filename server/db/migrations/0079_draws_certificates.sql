-- Lucky draws, exam certificates (issue 49 item 5). A project's draw switch and its prizes: `won` is taken with one
-- conditional UPDATE (won < stock), a sheet draws once (draw_records' unique sheet_id), a winner leaves a contact.
-- A certificate template per exam, and one certificate per passing sheet with its public serial number.
CREATE TABLE "draw_settings" (
	"project_id" integer PRIMARY KEY NOT NULL REFERENCES "projects"("id") ON DELETE cascade,
	"enabled" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "draw_prizes" (
	"id" serial PRIMARY KEY NOT NULL,
	"public_id" text NOT NULL,
	"project_id" integer NOT NULL REFERENCES "projects"("id") ON DELETE cascade,
	"name" text NOT NULL,
	"image" text DEFAULT '' NOT NULL,
	"stock" integer NOT NULL,
	"won" integer DEFAULT 0 NOT NULL,
	"permille" integer NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "draw_prizes_stock_ck" CHECK ("stock" >= 0 AND "won" >= 0),
	CONSTRAINT "draw_prizes_permille_ck" CHECK ("permille" BETWEEN 0 AND 1000)
);
--> statement-breakpoint
CREATE UNIQUE INDEX "draw_prizes_public_id_uq" ON "draw_prizes" ("public_id");
--> statement-breakpoint
CREATE INDEX "draw_prizes_project_idx" ON "draw_prizes" ("project_id", "sort");
--> statement-breakpoint
CREATE TABLE "draw_records" (
	"id" serial PRIMARY KEY NOT NULL,
	"project_id" integer NOT NULL REFERENCES "projects"("id") ON DELETE cascade,
	"sheet_id" integer NOT NULL REFERENCES "answer_sheets"("id") ON DELETE cascade,
	"prize_id" integer REFERENCES "draw_prizes"("id") ON DELETE set null,
	"prize_name" text DEFAULT '' NOT NULL,
	"contact_name" text,
	"contact_phone" text,
	"contact_address" text,
	"contact_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "draw_records_sheet_uq" ON "draw_records" ("sheet_id");
--> statement-breakpoint
CREATE INDEX "draw_records_winners_idx" ON "draw_records" ("project_id", "id") WHERE "prize_id" IS NOT NULL;
--> statement-breakpoint
CREATE TABLE "certificate_settings" (
	"project_id" integer PRIMARY KEY NOT NULL REFERENCES "projects"("id") ON DELETE cascade,
	"enabled" boolean DEFAULT false NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"issuer" text DEFAULT '' NOT NULL,
	"pass_score" double precision NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "certificates" (
	"id" serial PRIMARY KEY NOT NULL,
	"serial_no" text NOT NULL,
	"project_id" integer NOT NULL REFERENCES "projects"("id") ON DELETE cascade,
	"sheet_id" integer NOT NULL REFERENCES "answer_sheets"("id") ON DELETE cascade,
	"holder_name" text NOT NULL,
	"score" double precision NOT NULL,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "certificates_serial_uq" ON "certificates" ("serial_no");
--> statement-breakpoint
CREATE UNIQUE INDEX "certificates_sheet_uq" ON "certificates" ("sheet_id");
