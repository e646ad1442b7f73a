-- Issue 49 item 6 (helper media). A creator's video or audio for a subject or a player (upload/video, upload/audio):
-- kind 'media', private like a respondent's file (its project's members, its uploader, or a signed view link).
ALTER TABLE "uploads" DROP CONSTRAINT "uploads_kind_check";--> statement-breakpoint
ALTER TABLE "uploads" ADD CONSTRAINT "uploads_kind_check" CHECK ("kind" IN ('image', 'answer', 'media'));--> statement-breakpoint
-- wxApplet/search/saveSearch: the template searches people ran; the hot-search box offers the most searched words.
CREATE TABLE "template_searches" (
	"id" serial PRIMARY KEY NOT NULL,
	"keyword" text NOT NULL,
	"user_id" integer,
	"question_type" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE INDEX "template_searches_created_idx" ON "template_searches" USING btree ("created_at");
