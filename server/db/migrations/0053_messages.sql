-- The header bell's messages (issue 46 item 4, spec §3 "Message" and §4): what the system tells one user
-- (a recharge done, a membership bought, expiring or expired, a payment received). A message with a key is written
-- once per user and key (the unique index; keys are NULL-distinct, so keyless messages never collide).
CREATE TABLE "messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE cascade,
	"title" text NOT NULL,
	"news_type" integer NOT NULL,
	"read" boolean DEFAULT false NOT NULL,
	"key" text,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "messages_title_ck" CHECK (length("title") BETWEEN 1 AND 200)
);
--> statement-breakpoint
CREATE UNIQUE INDEX "messages_user_key_uq" ON "messages" ("user_id", "key");
--> statement-breakpoint
CREATE INDEX "messages_user_idx" ON "messages" ("user_id", "id");
