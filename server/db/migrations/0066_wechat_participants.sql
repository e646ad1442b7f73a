-- 微信授权 identity for chains (issue 47 item 1): a sign-up chain may name one of its owner's authorised official
-- accounts; its participants then prove an openid of it (participant key `w:<openid>`). The AppID is written by the
-- server from the owner's binding when the setting is saved, so joins check the identity token without a query.
ALTER TABLE "chain_settings" ADD COLUMN "wechat_auth_id" integer;
--> statement-breakpoint
ALTER TABLE "chain_settings" ADD COLUMN "wechat_appid" text;
--> statement-breakpoint
-- The sweep deletes the codes taken longer ago than a state lives (a replayed state is refused by its expiry then).
CREATE INDEX "wechat_web_auth_uses_created_idx" ON "wechat_web_auth_uses" USING btree ("created_at");
