-- Uploads know what they belong to (issue 16 item 7, issue 17 item 4): a respondent's file or signature
-- ('answer') is private to its project's members and is removed with its project, its sheet, or when abandoned;
-- a creator's image ('image', /upload/image) stays public. submission_id and used_at are written when a submit
-- accepts the file; sheet_id links it to the stored sheet (set by the cleanup job; set null by 清空数据, and by the
-- job for a sheet gone otherwise — no foreign key: its per-row trigger made deleting 20,000 sheets 6× slower).
ALTER TABLE "uploads" ADD COLUMN "kind" text DEFAULT 'image' NOT NULL;--> statement-breakpoint
ALTER TABLE "uploads" ADD COLUMN "project_id" integer;--> statement-breakpoint
ALTER TABLE "uploads" ADD COLUMN "subject_uuid" text;--> statement-breakpoint
ALTER TABLE "uploads" ADD COLUMN "submission_id" text;--> statement-breakpoint
ALTER TABLE "uploads" ADD COLUMN "used_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "uploads" ADD COLUMN "sheet_id" integer;--> statement-breakpoint
ALTER TABLE "uploads" ADD COLUMN "linked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "uploads" ADD CONSTRAINT "uploads_kind_check" CHECK ("kind" IN ('image', 'answer'));--> statement-breakpoint
ALTER TABLE "uploads" ADD CONSTRAINT "uploads_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- Respondents' uploads so far carry their project and subject only as a digest at the start of their name
-- (answer-uploads.service.ts uploadScope): find them by it.
UPDATE "uploads" SET "kind" = 'answer' WHERE "name" ~ '^a[0-9a-f]{24}-';--> statement-breakpoint
UPDATE "uploads" u SET "project_id" = m.project_id, "subject_uuid" = m.uuid
FROM (
  SELECT s.project_id, s.uuid, 'a' || left(encode(sha256(convert_to(p.public_id || chr(1) || s.uuid, 'UTF8')), 'hex'), 24) || '-' AS prefix
  FROM "subjects" s JOIN "projects" p ON p.id = s.project_id
  WHERE s.subject_type IN (13, 33)
) m
WHERE u.kind = 'answer' AND left(u.name, 26) = m.prefix;--> statement-breakpoint
-- Link them to the sheets that hold them (a file answer is a list of {fileUrl …}, a signature one object).
UPDATE "uploads" u SET "sheet_id" = r.sheet_id, "linked_at" = now()
FROM (
  SELECT DISTINCT ON (f.value ->> 'fileUrl') f.value ->> 'fileUrl' AS url, s.id AS sheet_id
  FROM "answer_sheets" s
  CROSS JOIN LATERAL jsonb_each(CASE WHEN jsonb_typeof(s.answers) = 'object' THEN s.answers ELSE '{}'::jsonb END) e
  CROSS JOIN LATERAL jsonb_array_elements(CASE WHEN jsonb_typeof(e.value) = 'array' THEN e.value ELSE jsonb_build_array(e.value) END) f
  WHERE s.project_id IN (SELECT project_id FROM "uploads" WHERE project_id IS NOT NULL)
    AND jsonb_typeof(f.value) = 'object' AND f.value ? 'fileUrl'
  ORDER BY f.value ->> 'fileUrl', s.id
) r
WHERE u.kind = 'answer' AND r.url = '/uploads/' || u.name;--> statement-breakpoint
-- What the cleanup job looks at: respondents' uploads not (or no longer) held by a sheet, or of a deleted project.
CREATE INDEX "uploads_unheld_idx" ON "uploads" USING btree ("id") WHERE "kind" = 'answer' AND ("sheet_id" IS NULL OR "project_id" IS NULL);--> statement-breakpoint
-- The job's check that linked sheets still exist.
CREATE INDEX "uploads_sheet_idx" ON "uploads" USING btree ("sheet_id") WHERE "sheet_id" IS NOT NULL;--> statement-breakpoint
-- 清空数据 unlinks a project's uploads, and the project's foreign key sets them free.
CREATE INDEX "uploads_project_idx" ON "uploads" USING btree ("project_id") WHERE "project_id" IS NOT NULL;
