-- WeChat web authorisation (issue 47 item 1: the 微信授权 identity of votes): each code a voter's browser brings
-- back from WeChat is taken here before it is exchanged, with the state's nonce, so a code or a state is used once
-- (a replayed link is refused by this table, before WeChat is asked).
CREATE TABLE "wechat_web_auth_uses" (
	"code_hash" text PRIMARY KEY NOT NULL,
	"nonce" text NOT NULL,
	"authorizer_appid" text NOT NULL,
	"subject" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "wechat_web_auth_uses_nonce_uq" ON "wechat_web_auth_uses" ("nonce");
--> statement-breakpoint
-- Stronger device suspicion (issue 47 item 1): the voting page's browser fingerprint (a hash of its user agent,
-- screen, time zone, language…) kept with each vote, and given to wj_ballot / wj_ballots; many voters from one
-- address with one fingerprint in a short window are flagged 'burstFingerprint' (shown, never dropped).
ALTER TABLE "vote_ballots" ADD COLUMN "fingerprint" text DEFAULT '' NOT NULL;
--> statement-breakpoint
CREATE INDEX "vote_ballots_fingerprint_idx" ON "vote_ballots" USING btree ("vote_id", "fingerprint", "created_at");
--> statement-breakpoint
ALTER TYPE "wj_ballot_in" ADD ATTRIBUTE "fingerprint" text, ADD ATTRIBUTE "burstFingerprint" integer;
