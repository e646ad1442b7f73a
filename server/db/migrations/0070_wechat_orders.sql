-- 仅限微信授权参与 for check-in and group-buy chains (issue 47 item 1): their setting lives in chain_settings'
-- wechat_auth_id / wechat_appid (migration 0066), a row per 接龙 of any kind. An order placed on such a group-buy
-- belongs to the WeChat user `w:<openid>` (their orders on every browser, pick-up and payment notices by WeChat).
ALTER TABLE "orders" ADD COLUMN "participant" text;
