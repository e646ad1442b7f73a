-- 好友分享的模板 (issue 48 item 3): the copy made from a shared template link, one per account and link, so a retry
-- or a second click never creates twice. The link itself is stateless (signed); `share_key` is its signature.
CREATE TABLE "template_share_copies" (
	"user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE cascade,
	"share_key" text NOT NULL,
	"template_id" integer NOT NULL REFERENCES "projects"("id") ON DELETE cascade,
	-- NULL until the copy exists (the daily limit refused it), or after the copy was deleted for good.
	"project_id" integer REFERENCES "projects"("id") ON DELETE set null,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	PRIMARY KEY ("user_id", "share_key")
);
