-- 帮助中心 意见反馈 read by the site operator (issue 48 item 1): marked 已处理 once, by whom and when.
ALTER TABLE "help_feedback" ADD COLUMN "handled_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "help_feedback" ADD COLUMN "handled_by" integer REFERENCES "users"("id") ON DELETE set null;
--> statement-breakpoint
CREATE INDEX "help_feedback_created_idx" ON "help_feedback" ("created_at" DESC, "id" DESC);
