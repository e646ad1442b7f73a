-- Notices by WeChat (issue 47 item 4, the rest): a template message (公众号模板消息) sent by the platform for the
-- project owner's authorised official account to a participant known by its openid (`w:<openid>`). A notice of
-- channel 'wechat' names the binding that sends it and, when WeChat refuses, its errcode.
-- wechat_notice_templates: per binding and notice kind, the template the owner chose from the account's own
-- templates (read from WeChat), with its title and the keys of its content ({{thing1.DATA}} …) in order.
ALTER TABLE "notices" DROP CONSTRAINT "notices_channel_ck";
--> statement-breakpoint
ALTER TABLE "notices" ADD CONSTRAINT "notices_channel_ck" CHECK ("channel" IN ('wechat', 'sms', 'page'));
--> statement-breakpoint
ALTER TABLE "notices" ADD COLUMN "wechat_authorizer_id" integer REFERENCES "wechat_authorizers"("id") ON DELETE SET NULL;
--> statement-breakpoint
ALTER TABLE "notices" ADD COLUMN "errcode" integer;
--> statement-breakpoint
DROP INDEX IF EXISTS "notices_sms_idx";
--> statement-breakpoint
CREATE INDEX "notices_send_idx" ON "notices" ("id") WHERE "outcome" = 'pending' AND "channel" IN ('wechat', 'sms');
--> statement-breakpoint
CREATE TABLE "wechat_notice_templates" (
	"authorizer_id" integer NOT NULL REFERENCES "wechat_authorizers"("id") ON DELETE cascade,
	"kind" text NOT NULL,
	"template_id" text NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"keys" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	PRIMARY KEY ("authorizer_id", "kind"),
	CONSTRAINT "wechat_notice_templates_kind_ck" CHECK ("kind" IN ('waitlist_promoted', 'order_ready_for_pickup', 'payment_received', 'booking_reminder'))
);
