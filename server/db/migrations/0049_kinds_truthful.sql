-- What the new kinds show is true (issue 43).
-- Item 2: a sign-up chain is published only after its creator chose a cap or no cap (cap NULL alone cannot tell
-- "not chosen yet" from "no limit"); chains that exist already keep working, so they count as chosen.
ALTER TABLE "chain_settings" ADD COLUMN "cap_chosen" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
UPDATE "chain_settings" SET "cap_chosen" = true;
--> statement-breakpoint
-- Items 3 and 4: when a project was first published (a project never published says so on its phone page, not
-- 已暂停); projects that collected or collect count as published since they were made.
ALTER TABLE "projects" ADD COLUMN "published_at" timestamp with time zone;
--> statement-breakpoint
UPDATE "projects" p SET "published_at" = p."created_at"
WHERE p."status" = 1 OR p."data_count" <> 0
   OR EXISTS (SELECT 1 FROM "answer_sheets" a WHERE a."project_id" = p."id")
   OR EXISTS (SELECT 1 FROM "chain_entries" e WHERE e."project_id" = p."id")
   OR EXISTS (SELECT 1 FROM "checkin_records" r WHERE r."project_id" = p."id");
--> statement-breakpoint
-- Item 3: a check-in's days are Beijing days from its start day; one published without a start took the days
-- before it was made as missed. Its start becomes the Beijing day it was made (or its first check-in's, if earlier).
UPDATE "checkin_settings" c SET "start_day" = LEAST(
    to_char((p."created_at" AT TIME ZONE 'UTC') + interval '8 hours', 'YYYY-MM-DD'),
    COALESCE((SELECT min(r."day") FROM "checkin_records" r WHERE r."project_id" = c."project_id"), '9999-12-31'))
FROM "projects" p
WHERE p."id" = c."project_id" AND c."start_day" IS NULL AND p."published_at" IS NOT NULL AND NOT p."is_template";
--> statement-breakpoint
-- Item 4: a sign-up entry may leave a phone to be told by SMS when it is promoted from the waitlist; `brand` is the
-- host the person joined on (the text is signed with it); `notify_pending` marks a promotion not texted yet, set in
-- the transaction that promoted it and cleared by the one statement that claims the text.
ALTER TABLE "chain_entries" ADD COLUMN "phone" text DEFAULT '' NOT NULL;
--> statement-breakpoint
ALTER TABLE "chain_entries" ADD COLUMN "brand" text DEFAULT '' NOT NULL;
--> statement-breakpoint
ALTER TABLE "chain_entries" ADD COLUMN "notify_pending" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
CREATE INDEX "chain_entries_notify_idx" ON "chain_entries" ("id") WHERE "notify_pending";
