-- Issue 49 gaps (helper redpack2). Votes take red envelopes too: an envelope, its payouts and its ledger belong to a
-- project (survey, exam) or to a vote activity, never both; a vote's qualifying unit is a ballot (its first
-- vote_ballots row: sheet_id holds that row's id, sheet_public_id the ballot id). The vote's red-packet download
-- is an export job of the vote (report 'redPacketList').
ALTER TABLE "red_envelopes" DROP CONSTRAINT "red_envelopes_pkey";--> statement-breakpoint
ALTER TABLE "red_envelopes" ALTER COLUMN "project_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "red_envelopes" ADD COLUMN "vote_id" integer REFERENCES "vote_activities"("id") ON DELETE cascade;--> statement-breakpoint
ALTER TABLE "red_envelopes" ADD CONSTRAINT "red_envelopes_owner_ck" CHECK (("project_id" IS NULL) <> ("vote_id" IS NULL));--> statement-breakpoint
CREATE UNIQUE INDEX "red_envelopes_project_uq" ON "red_envelopes" ("project_id");--> statement-breakpoint
CREATE UNIQUE INDEX "red_envelopes_vote_uq" ON "red_envelopes" ("vote_id");--> statement-breakpoint
ALTER TABLE "red_envelope_payouts" ALTER COLUMN "project_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "red_envelope_payouts" ADD COLUMN "vote_id" integer REFERENCES "vote_activities"("id") ON DELETE cascade;--> statement-breakpoint
ALTER TABLE "red_envelope_payouts" ADD CONSTRAINT "red_envelope_payouts_owner_ck" CHECK (("project_id" IS NULL) <> ("vote_id" IS NULL));--> statement-breakpoint
CREATE UNIQUE INDEX "red_envelope_payouts_vote_sheet_uq" ON "red_envelope_payouts" ("vote_id", "sheet_id");--> statement-breakpoint
CREATE INDEX "red_envelope_payouts_vote_idx" ON "red_envelope_payouts" ("vote_id", "id");--> statement-breakpoint
-- The follow-up job (server/jobs/red-payout-followup.ts) asks the provider about payouts still 发放中.
CREATE INDEX "red_envelope_payouts_paying_idx" ON "red_envelope_payouts" ("updated_at") WHERE "state" = 'paying';--> statement-breakpoint
ALTER TABLE "red_envelope_ledger" ALTER COLUMN "project_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "red_envelope_ledger" ADD COLUMN "vote_id" integer REFERENCES "vote_activities"("id") ON DELETE cascade;--> statement-breakpoint
ALTER TABLE "red_envelope_ledger" ADD CONSTRAINT "red_envelope_ledger_owner_ck" CHECK (("project_id" IS NULL) <> ("vote_id" IS NULL));--> statement-breakpoint
CREATE INDEX "red_envelope_ledger_vote_idx" ON "red_envelope_ledger" ("vote_id", "id");--> statement-breakpoint
-- 放弃发放 (cancelRedPacket): a failed payout the creator gives up is 'cancelled'; its amount goes back into the
-- envelope (a 'cancel' ledger row), or to the payer's balance when the envelope has ended (a 'return' row).
ALTER TABLE "red_envelope_payouts" DROP CONSTRAINT "red_envelope_payouts_state_ck";--> statement-breakpoint
ALTER TABLE "red_envelope_payouts" ADD CONSTRAINT "red_envelope_payouts_state_ck" CHECK ("state" IN ('rejected', 'paying', 'paid', 'failed', 'cancelled'));--> statement-breakpoint
ALTER TABLE "red_envelope_ledger" DROP CONSTRAINT "red_envelope_ledger_kind_ck";--> statement-breakpoint
ALTER TABLE "red_envelope_ledger" ADD CONSTRAINT "red_envelope_ledger_kind_ck" CHECK ("kind" IN ('hold', 'payout', 'return', 'cancel'));--> statement-breakpoint
ALTER TABLE "export_jobs" DROP CONSTRAINT "export_jobs_report_ck";--> statement-breakpoint
ALTER TABLE "export_jobs" ADD CONSTRAINT "export_jobs_report_ck" CHECK ("vote_id" IS NULL OR "report" IN ('votingDetail', 'statisticsPlayer', 'allVoting', 'playerFile', 'redPacketList'));
