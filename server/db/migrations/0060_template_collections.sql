-- 我的收藏 of templates (issue 46 item 6): a user's starred templates of the template centre (projects that are
-- templates). Votes and players stay in vote_collections; /collection.html lists both. One row per user and template.
CREATE TABLE "template_collections" (
	"id" serial PRIMARY KEY NOT NULL,
	"public_id" text NOT NULL,
	"user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE cascade,
	"project_id" integer NOT NULL REFERENCES "projects"("id") ON DELETE cascade,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "template_collections_public_id_uq" ON "template_collections" ("public_id");
--> statement-breakpoint
CREATE UNIQUE INDEX "template_collections_target_uq" ON "template_collections" ("user_id", "project_id");
--> statement-breakpoint
CREATE INDEX "template_collections_user_idx" ON "template_collections" ("user_id", "id");
