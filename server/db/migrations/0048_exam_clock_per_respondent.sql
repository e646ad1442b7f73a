-- One exam clock per respondent (issue 42): a timed exam's start is kept per project and respondent — `d:<device>`
-- always, `u:<user id>` too when logged in — so a sheet with a fresh submission id does not restart the timer.
-- `submission_id` is now the sheet the clock last timed: once that sheet is stored the attempt is over, and the
-- respondent's next start (where the project takes another sheet) begins a new clock. Clocks already running keep
-- working under `s:<submission id>`, which the submit still reads.
ALTER TABLE "answer_starts" ADD COLUMN "respondent" text;--> statement-breakpoint
UPDATE "answer_starts" SET "respondent" = 's:' || "submission_id";--> statement-breakpoint
ALTER TABLE "answer_starts" ALTER COLUMN "respondent" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "answer_starts" DROP CONSTRAINT "answer_starts_project_id_submission_id_pk";--> statement-breakpoint
ALTER TABLE "answer_starts" ADD CONSTRAINT "answer_starts_project_id_respondent_pk" PRIMARY KEY("project_id","respondent");
