-- Red envelopes (issue 49 item 1): a project's budget paid in from the creator's balance and HELD here, a rule
-- (fixed or random amount within bounds, how many, who qualifies), the creator's review of qualifying sheets and
-- the payouts through the pay provider's transfer. The budget is taken by one conditional UPDATE (paid_count <
-- total_count and allocated + amount <= budget), so it is never overspent; every fen held, paid out or returned
-- is a row of red_envelope_ledger; the sandbox records its transfers in sandbox_transfers.
CREATE TABLE "red_envelopes" (
	"project_id" integer PRIMARY KEY NOT NULL REFERENCES "projects"("id") ON DELETE cascade,
	"state" text DEFAULT 'unpaid' NOT NULL,
	"amount_mode" text NOT NULL,
	"min_fen" integer NOT NULL,
	"max_fen" integer NOT NULL,
	"total_count" integer NOT NULL,
	"budget_fen" integer NOT NULL,
	"qualify" text NOT NULL,
	"min_score" double precision,
	"first_n" integer,
	"payer_id" integer REFERENCES "users"("id") ON DELETE set null,
	"paid_count" integer DEFAULT 0 NOT NULL,
	"allocated_fen" integer DEFAULT 0 NOT NULL,
	"returned_fen" integer DEFAULT 0 NOT NULL,
	"last_amount_fen" integer DEFAULT 0 NOT NULL,
	"order_no" text,
	"after_sheet_id" integer DEFAULT 0 NOT NULL,
	"paid_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "red_envelopes_state_ck" CHECK ("state" IN ('unpaid', 'running', 'ended')),
	CONSTRAINT "red_envelopes_mode_ck" CHECK ("amount_mode" IN ('fixed', 'random')),
	CONSTRAINT "red_envelopes_qualify_ck" CHECK ("qualify" IN ('valid', 'score', 'first')),
	CONSTRAINT "red_envelopes_bounds_ck" CHECK ("min_fen" >= 30 AND "min_fen" <= "max_fen" AND "max_fen" <= 20000),
	CONSTRAINT "red_envelopes_budget_ck" CHECK ("total_count" >= 1 AND "budget_fen" >= "min_fen" * "total_count" AND "budget_fen" <= "max_fen" * "total_count"),
	CONSTRAINT "red_envelopes_spent_ck" CHECK ("paid_count" >= 0 AND "paid_count" <= "total_count" AND "allocated_fen" >= 0 AND "returned_fen" >= 0 AND "allocated_fen" + "returned_fen" <= "budget_fen")
);
--> statement-breakpoint
CREATE TABLE "red_envelope_payouts" (
	"id" serial PRIMARY KEY NOT NULL,
	"project_id" integer NOT NULL REFERENCES "projects"("id") ON DELETE cascade,
	"sheet_id" integer NOT NULL,
	"sheet_public_id" text NOT NULL,
	"state" text NOT NULL,
	"amount_fen" integer DEFAULT 0 NOT NULL,
	"payee" text DEFAULT '' NOT NULL,
	"out_batch_no" text NOT NULL,
	"provider" text,
	"transfer_id" text,
	"fail_reason" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"decided_by" integer,
	"decided_at" timestamp with time zone NOT NULL,
	"paid_at" timestamp with time zone,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "red_envelope_payouts_state_ck" CHECK ("state" IN ('rejected', 'paying', 'paid', 'failed')),
	CONSTRAINT "red_envelope_payouts_amount_ck" CHECK ("amount_fen" >= 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX "red_envelope_payouts_sheet_uq" ON "red_envelope_payouts" ("project_id", "sheet_id");
--> statement-breakpoint
CREATE UNIQUE INDEX "red_envelope_payouts_batch_uq" ON "red_envelope_payouts" ("out_batch_no");
--> statement-breakpoint
CREATE INDEX "red_envelope_payouts_project_idx" ON "red_envelope_payouts" ("project_id", "id");
--> statement-breakpoint
CREATE TABLE "red_envelope_ledger" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"project_id" integer NOT NULL REFERENCES "projects"("id") ON DELETE cascade,
	"kind" text NOT NULL,
	"amount_fen" integer NOT NULL,
	"reference" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "red_envelope_ledger_kind_ck" CHECK ("kind" IN ('hold', 'payout', 'return')),
	CONSTRAINT "red_envelope_ledger_amount_ck" CHECK ("amount_fen" > 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX "red_envelope_ledger_reference_uq" ON "red_envelope_ledger" ("kind", "reference");
--> statement-breakpoint
CREATE INDEX "red_envelope_ledger_project_idx" ON "red_envelope_ledger" ("project_id", "id");
--> statement-breakpoint
CREATE TABLE "sandbox_transfers" (
	"out_batch_no" text PRIMARY KEY NOT NULL,
	"transfer_id" text NOT NULL,
	"amount_fen" integer NOT NULL,
	"payee" text NOT NULL,
	"remark" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "sandbox_transfers_amount_ck" CHECK ("amount_fen" > 0)
);
--> statement-breakpoint
ALTER TABLE "balance_ledger" DROP CONSTRAINT "balance_ledger_reason_ck";
--> statement-breakpoint
ALTER TABLE "balance_ledger" ADD CONSTRAINT "balance_ledger_reason_ck" CHECK ("reason" IN ('recharge', 'package', 'member', 'redpacket', 'redpacketReturn'));
