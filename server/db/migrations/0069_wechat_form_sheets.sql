-- 仅限微信授权填写 (issue 47 item 1, forms): a questionnaire, form or exam may name one of its owner's authorised
-- official accounts (project settings wechatAuthId / wechatAppid); each sheet then keeps the respondent's openid of
-- that account, written by wj_submit in the sheet's own statement (the report shows it as the source). The
-- per-openid limit is a respondent counter (kind 'wechat') taken by the same statement, so it needs no column here.
ALTER TABLE "answer_sheets" ADD COLUMN "wechat_openid" text;
--> statement-breakpoint
ALTER TYPE "wj_sheet" ADD ATTRIBUTE "wechatOpenid" text;
