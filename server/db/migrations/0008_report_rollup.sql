CREATE TABLE "report_rollups" (
	"project_id" integer PRIMARY KEY NOT NULL,
	"shape" text NOT NULL,
	"watermark" integer NOT NULL,
	"sheets" integer NOT NULL,
	"facts" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "report_rollups" ADD CONSTRAINT "report_rollups_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "answer_sheets_project_created_idx" ON "answer_sheets" USING btree ("project_id","created_at","id");--> statement-breakpoint
CREATE INDEX "answer_sheets_project_duration_idx" ON "answer_sheets" USING btree ("project_id","duration_seconds","id");--> statement-breakpoint
CREATE INDEX "answer_sheets_project_score_idx" ON "answer_sheets" USING btree ("project_id","score","id");