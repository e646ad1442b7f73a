-- The account centre's 登录设备 list (issue 46): a session gets a number the client can name it by (never the token
-- or its hash), the browser that opened it, and when it was last used (written at most every few minutes).
ALTER TABLE "sessions" ADD COLUMN "id" bigserial NOT NULL;
--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_id_unique" UNIQUE ("id");
--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "user_agent" text;
--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "last_seen_at" timestamp with time zone;
