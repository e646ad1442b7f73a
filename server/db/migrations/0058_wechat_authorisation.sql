-- WeChat authorisation (issue 46 item 5, spec §7 activity/component/*): the third-party platform's state, shared by
-- every process (the component_verify_ticket WeChat pushes every 10 minutes, the component access token with its
-- expiry, and a short claim so one process refreshes it at a time), and the official accounts and mini-programs
-- users have authorised, with their tokens and pay settings (the API key kept encrypted, never answered in full).
CREATE TABLE "wechat_component" (
	"app_id" text PRIMARY KEY NOT NULL,
	"verify_ticket" text,
	"ticket_at" timestamp with time zone,
	"access_token" text,
	"token_expires_at" timestamp with time zone,
	"refresh_claim_until" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "wechat_authorizers" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE cascade,
	"authorizer_appid" text NOT NULL,
	"kind" text NOT NULL,
	"applet_source" integer,
	"nick_name" text DEFAULT '' NOT NULL,
	"head_img" text DEFAULT '' NOT NULL,
	"user_name" text DEFAULT '' NOT NULL,
	"principal_name" text DEFAULT '' NOT NULL,
	"service_type" integer DEFAULT 0 NOT NULL,
	"verify_type" integer DEFAULT 0 NOT NULL,
	"func_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"access_token" text,
	"access_token_expires_at" timestamp with time zone,
	"refresh_token" text,
	"status" text DEFAULT 'authorized' NOT NULL,
	"pay_mch_id" text,
	"pay_api_key" text,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "wechat_authorizers_kind_ck" CHECK ("kind" IN ('mp', 'mini')),
	CONSTRAINT "wechat_authorizers_status_ck" CHECK ("status" IN ('authorized', 'unauthorized'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "wechat_authorizers_user_appid_uq" ON "wechat_authorizers" ("user_id", "authorizer_appid");
--> statement-breakpoint
CREATE INDEX "wechat_authorizers_appid_idx" ON "wechat_authorizers" ("authorizer_appid");
