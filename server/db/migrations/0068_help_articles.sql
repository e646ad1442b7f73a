-- 帮助中心 (issue 48 item 1): the product's own guides, by type, per applet source (spec §7 "Articles": systemSource 1
-- or 7 by brand; an article shown to both lists both). Written by the seed (server/seed/help/), keyed by `slug`.
CREATE TABLE "help_articles" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"article_type" smallint NOT NULL,
	"title" text NOT NULL,
	"summary" text NOT NULL,
	"body" text NOT NULL,
	"system_sources" smallint[] NOT NULL,
	"related_slugs" text[] DEFAULT '{}' NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"read_count" integer DEFAULT 0 NOT NULL,
	"useful_count" integer DEFAULT 0 NOT NULL,
	"useless_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "help_articles_type_ck" CHECK ("article_type" BETWEEN 1 AND 14),
	CONSTRAINT "help_articles_sources_ck" CHECK ("system_sources" <@ ARRAY[1, 7]::smallint[] AND cardinality("system_sources") > 0),
	CONSTRAINT "help_articles_counts_ck" CHECK ("read_count" >= 0 AND "useful_count" >= 0 AND "useless_count" >= 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX "help_articles_slug_uq" ON "help_articles" ("slug");
--> statement-breakpoint
CREATE INDEX "help_articles_type_idx" ON "help_articles" ("article_type", "sort");
--> statement-breakpoint
-- One 有用/没用 per visitor and article: the vote call inserts here and moves the article's count in one statement.
CREATE TABLE "help_article_votes" (
	"article_id" integer NOT NULL REFERENCES "help_articles"("id") ON DELETE cascade,
	"visitor" text NOT NULL,
	"useful" boolean NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	PRIMARY KEY ("article_id", "visitor")
);
--> statement-breakpoint
CREATE TABLE "help_feedback" (
	"id" serial PRIMARY KEY NOT NULL,
	"public_id" text NOT NULL,
	"article_id" integer REFERENCES "help_articles"("id") ON DELETE set null,
	"system_source" smallint NOT NULL,
	"user_id" integer REFERENCES "users"("id") ON DELETE set null,
	"content" text NOT NULL,
	"contact" text DEFAULT '' NOT NULL,
	"ip" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "help_feedback_public_id_uq" ON "help_feedback" ("public_id");
