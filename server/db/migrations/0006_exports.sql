CREATE TABLE "export_jobs" (
	"id" serial PRIMARY KEY NOT NULL,
	"public_id" text NOT NULL,
	"user_id" integer NOT NULL,
	"project_id" integer NOT NULL,
	"kind" text NOT NULL,
	"options" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"progress" integer DEFAULT 0 NOT NULL,
	"file_name" text NOT NULL,
	"file_path" text,
	"size" bigint,
	"error" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"claimed_by" text,
	"heartbeat_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	CONSTRAINT "export_jobs_kind_ck" CHECK ("export_jobs"."kind" IN ('xlsx', 'csv', 'pdf', 'zip')),
	CONSTRAINT "export_jobs_status_ck" CHECK ("export_jobs"."status" IN ('queued', 'running', 'done', 'failed')),
	CONSTRAINT "export_jobs_progress_ck" CHECK ("export_jobs"."progress" BETWEEN 0 AND 100)
);
--> statement-breakpoint
ALTER TABLE "export_jobs" ADD CONSTRAINT "export_jobs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "export_jobs" ADD CONSTRAINT "export_jobs_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "export_jobs_public_id_uq" ON "export_jobs" USING btree ("public_id");--> statement-breakpoint
CREATE INDEX "export_jobs_user_idx" ON "export_jobs" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "export_jobs_open_idx" ON "export_jobs" USING btree ("status","id") WHERE status IN ('queued', 'running');