ALTER TABLE "answer_choices" DROP CONSTRAINT "answer_choices_sheet_id_answer_sheets_id_fk";
--> statement-breakpoint
DROP INDEX "answer_choices_cover_idx";--> statement-breakpoint
DROP INDEX "answer_choices_sheet_idx";--> statement-breakpoint
CREATE INDEX "answer_choices_project_sheet_idx" ON "answer_choices" USING btree ("project_id","sheet_id","option_id");