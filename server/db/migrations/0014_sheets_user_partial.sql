DROP INDEX "answer_sheets_user_idx";--> statement-breakpoint
CREATE INDEX "answer_sheets_user_idx" ON "answer_sheets" USING btree ("user_id","id") WHERE "answer_sheets"."user_id" IS NOT NULL;