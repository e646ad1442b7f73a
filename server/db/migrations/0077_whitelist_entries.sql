-- 答题白名单 (/whiteUser.html, issue 49 item 2): the people allowed to answer a project are rows of their own, each
-- with its answer status. `mode` is how the entry is proved (phone + SMS code, name + one more field, a one-time
-- access code); `key` is what the gate looks up (the phone, the normalised name and field, the code). The submit
-- claims its entry with one conditional UPDATE (answer_count < allowed) in the sheet's transaction.
CREATE TABLE "whitelist_entries" (
  "id" serial PRIMARY KEY,
  "project_id" integer NOT NULL REFERENCES "projects"("id") ON DELETE CASCADE,
  "mode" text NOT NULL CHECK ("mode" IN ('phone', 'name', 'code')),
  "key" text NOT NULL,
  "phone" text DEFAULT '' NOT NULL,
  "name" text DEFAULT '' NOT NULL,
  "field" text DEFAULT '' NOT NULL,
  "answer_count" integer DEFAULT 0 NOT NULL CHECK ("answer_count" >= 0),
  "sheet_id" integer REFERENCES "answer_sheets"("id") ON DELETE SET NULL,
  "answered_at" timestamp with time zone,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "whitelist_entries_key_uq" ON "whitelist_entries" ("project_id", "mode", "key");
--> statement-breakpoint
CREATE INDEX "whitelist_entries_list_idx" ON "whitelist_entries" ("project_id", "mode", "id");
--> statement-breakpoint
-- The settings' array (phones or user names, matched against the logged-in user) becomes rows: an 11-digit mobile
-- is a phone entry, anything else a name entry whose second field the creator fills in on /whiteUser.html.
INSERT INTO "whitelist_entries" ("project_id", "mode", "key", "phone", "name")
SELECT p.id,
       CASE WHEN v ~ '^1[34578][0-9]{9}$' THEN 'phone' ELSE 'name' END,
       CASE WHEN v ~ '^1[34578][0-9]{9}$' THEN v ELSE upper(v) || chr(31) END,
       CASE WHEN v ~ '^1[34578][0-9]{9}$' THEN v ELSE '' END,
       CASE WHEN v ~ '^1[34578][0-9]{9}$' THEN '' ELSE v END
  FROM "projects" p, jsonb_array_elements_text(p.settings -> 'whitelist') AS e(raw), LATERAL (SELECT btrim(e.raw) AS v) t
 WHERE jsonb_typeof(p.settings -> 'whitelist') = 'array' AND t.v <> ''
ON CONFLICT DO NOTHING;
--> statement-breakpoint
UPDATE "projects" SET "settings" = "settings" - 'whitelist' WHERE "settings" ? 'whitelist';
