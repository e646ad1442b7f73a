-- An official account's authorizer access token is renewed by one process at a time (issue 47): a short claim on the
-- binding's row, as the component token and the jsapi_ticket have (server/services/wechat/shared-credential.ts).
-- WeChat answers each renewal with a new token and may rotate the refresh token, so processes renewing side by side
-- could store a refresh token WeChat no longer honours.
ALTER TABLE "wechat_authorizers" ADD COLUMN "token_claim_until" timestamp with time zone;
