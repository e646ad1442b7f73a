-- A timed exam's start, recorded by the server when the respondent opens the sheet (active/write/startExam),
-- keyed by the sheet's submission id: the submit is measured against it, not against the page's own timer.
CREATE TABLE "answer_starts" (
	"project_id" integer NOT NULL,
	"submission_id" text NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	CONSTRAINT "answer_starts_project_id_submission_id_pk" PRIMARY KEY("project_id","submission_id")
);--> statement-breakpoint
ALTER TABLE "answer_starts" ADD CONSTRAINT "answer_starts_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;
