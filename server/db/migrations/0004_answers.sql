CREATE TABLE "answer_choices" (
	"project_id" integer NOT NULL,
	"subject_id" integer NOT NULL,
	"option_id" integer NOT NULL,
	"sheet_id" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "answer_sheets" (
	"id" serial PRIMARY KEY NOT NULL,
	"public_id" text NOT NULL,
	"project_id" integer NOT NULL,
	"submission_id" text NOT NULL,
	"body_hash" text NOT NULL,
	"user_id" integer,
	"device_id" text NOT NULL,
	"ip" text NOT NULL,
	"source" text NOT NULL,
	"answers" jsonb NOT NULL,
	"result" jsonb NOT NULL,
	"score" double precision,
	"duration_seconds" integer NOT NULL,
	"suspect" boolean DEFAULT false NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "option_counters" (
	"project_id" integer NOT NULL,
	"subject_id" integer NOT NULL,
	"option_id" integer NOT NULL,
	"shard" integer NOT NULL,
	"n" integer NOT NULL,
	CONSTRAINT "option_counters_project_id_subject_id_option_id_shard_pk" PRIMARY KEY("project_id","subject_id","option_id","shard")
);
--> statement-breakpoint
CREATE TABLE "option_keys" (
	"id" serial PRIMARY KEY NOT NULL,
	"project_id" integer NOT NULL,
	"subject_uuid" text NOT NULL,
	"option_uuid" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "quota_counters" (
	"project_id" integer NOT NULL,
	"quota_id" text NOT NULL,
	"used" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "quota_counters_project_id_quota_id_pk" PRIMARY KEY("project_id","quota_id")
);
--> statement-breakpoint
CREATE TABLE "respondent_counters" (
	"project_id" integer NOT NULL,
	"kind" text NOT NULL,
	"key" text NOT NULL,
	"n" integer NOT NULL,
	CONSTRAINT "respondent_counters_project_id_kind_key_pk" PRIMARY KEY("project_id","kind","key")
);
--> statement-breakpoint
ALTER TABLE "answer_choices" ADD CONSTRAINT "answer_choices_sheet_id_answer_sheets_id_fk" FOREIGN KEY ("sheet_id") REFERENCES "public"."answer_sheets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "answer_sheets" ADD CONSTRAINT "answer_sheets_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "option_keys" ADD CONSTRAINT "option_keys_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quota_counters" ADD CONSTRAINT "quota_counters_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "respondent_counters" ADD CONSTRAINT "respondent_counters_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "answer_choices_cover_idx" ON "answer_choices" USING btree ("project_id","subject_id","option_id");--> statement-breakpoint
CREATE INDEX "answer_choices_sheet_idx" ON "answer_choices" USING btree ("sheet_id");--> statement-breakpoint
CREATE UNIQUE INDEX "answer_sheets_public_id_uq" ON "answer_sheets" USING btree ("public_id");--> statement-breakpoint
CREATE UNIQUE INDEX "answer_sheets_submission_uq" ON "answer_sheets" USING btree ("project_id","submission_id");--> statement-breakpoint
CREATE INDEX "answer_sheets_project_idx" ON "answer_sheets" USING btree ("project_id","id");--> statement-breakpoint
CREATE INDEX "answer_sheets_user_idx" ON "answer_sheets" USING btree ("user_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "option_keys_uq" ON "option_keys" USING btree ("project_id","subject_uuid","option_uuid");