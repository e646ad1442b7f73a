-- Issue 54 item 1: the report's filter index. Per project, per fact key (an option chosen, a number's value, a
-- ranking position, a constant-sum amount, a matrix row ticked, a source, every sheet) the set of sheet ids
-- holding it, as portable Roaring bitmaps cut in segments of 65,536 ids (id >> 16), so appending sheets rewrites
-- only the last segment. The head says which sheets are in (every id <= watermark), for which fact plan (shape),
-- and a version every persisted change bumps, so a process tells its cached copy stale from fresh.
CREATE TABLE "sheet_index_heads" (
	"project_id" integer PRIMARY KEY NOT NULL,
	"shape" text NOT NULL,
	"watermark" integer DEFAULT 0 NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"state" text DEFAULT 'building' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sheet_index_heads_state_ck" CHECK ("sheet_index_heads"."state" IN ('building', 'ready'))
);
--> statement-breakpoint
CREATE TABLE "sheet_index_bitmaps" (
	"project_id" integer NOT NULL,
	"key" text NOT NULL,
	"segment" integer NOT NULL,
	"bits" bytea NOT NULL,
	CONSTRAINT "sheet_index_bitmaps_pk" PRIMARY KEY("project_id","key","segment")
);
--> statement-breakpoint
ALTER TABLE "sheet_index_heads" ADD CONSTRAINT "sheet_index_heads_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sheet_index_bitmaps" ADD CONSTRAINT "sheet_index_bitmaps_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- The sheets' mutable flags are read fresh at every filtered report through these partial indexes (the answer
-- bin and the suspect sheets are few), so a move or a mark never leaves the index stale.
CREATE INDEX "answer_sheets_not_valid_idx" ON "answer_sheets" USING btree ("project_id","id") WHERE "answer_sheets"."status" <> 1;--> statement-breakpoint
CREATE INDEX "answer_sheets_suspect_idx" ON "answer_sheets" USING btree ("project_id","id") WHERE "answer_sheets"."suspect";
