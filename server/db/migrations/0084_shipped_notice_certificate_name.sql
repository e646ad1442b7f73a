-- 发货通知 (issue 49, helper tools49): a new notice kind, order_shipped, told to a group-buy's WeChat buyer when the
-- organiser ships their order (the owner's official account's template for it, else on the group-buy page).
ALTER TABLE "notices" DROP CONSTRAINT "notices_kind_ck";--> statement-breakpoint
ALTER TABLE "notices" ADD CONSTRAINT "notices_kind_ck" CHECK ("kind" IN ('waitlist_promoted', 'order_ready_for_pickup', 'payment_received', 'booking_reminder', 'order_shipped'));--> statement-breakpoint
ALTER TABLE "wechat_notice_templates" DROP CONSTRAINT "wechat_notice_templates_kind_ck";--> statement-breakpoint
ALTER TABLE "wechat_notice_templates" ADD CONSTRAINT "wechat_notice_templates_kind_ck" CHECK ("kind" IN ('waitlist_promoted', 'order_ready_for_pickup', 'payment_received', 'booking_reminder', 'order_shipped'));
--> statement-breakpoint
-- 考试证书's name (issue 49): the exam subject whose answer is the holder's name ('' = the first titled 姓名).
ALTER TABLE "certificate_settings" ADD COLUMN "name_subject" text DEFAULT '' NOT NULL;
