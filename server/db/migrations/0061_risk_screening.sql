-- 风控筛查 (issue 46): the paid screening of a project's sheets by IP, device, user and duplicate content. Each
-- sheet is screened once (risk_screened_at set when it is claimed, in the transaction that takes one unit of the
-- owner's risk quota for it); suspect_reason says why a sheet is suspect (a screening rule, a submit rule or 手动标记).
ALTER TABLE "answer_sheets" ADD COLUMN "risk_screened_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "answer_sheets" ADD COLUMN "suspect_reason" text;
--> statement-breakpoint
CREATE INDEX "answer_sheets_risk_pending_idx" ON "answer_sheets" ("project_id", "created_at", "id") WHERE "risk_screened_at" IS NULL;
