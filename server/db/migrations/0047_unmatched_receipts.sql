-- Money we did not expect is still money (issue 42 item 3, reliability rule 16): a verified "paid" notify for an
-- order its payment window closed (a late payment), or a second, different transaction for an order already paid
-- (a double payment), is an unmatched receipt: recorded once per provider transaction (the unique key: ten
-- parallel duplicates record one), with ledger rows of its own (kind 'unmatched' +, 'unmatched_refund' −, each
-- naming the receipt), refunded in full through the provider that took it, and shown to the creator until the
-- refund succeeds. state: recorded (its refund not started, or to retry at retry_at) → refunding (asked of the
-- provider) → refunded (settled: the refund's ledger row is written in the same statement's transaction).
CREATE TABLE "unmatched_receipts" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL REFERENCES "orders"("id") ON DELETE cascade,
	"project_id" integer NOT NULL REFERENCES "projects"("id") ON DELETE cascade,
	"provider" text NOT NULL,
	"transaction_id" text NOT NULL,
	"out_trade_no" text NOT NULL,
	"amount_fen" integer NOT NULL,
	"reason" text NOT NULL,
	"state" text DEFAULT 'recorded' NOT NULL,
	"out_refund_no" text NOT NULL,
	"refund_id" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"retry_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"settled_at" timestamp with time zone,
	CONSTRAINT "unmatched_receipts_amount_ck" CHECK ("amount_fen" > 0),
	CONSTRAINT "unmatched_receipts_reason_ck" CHECK ("reason" IN ('late', 'double')),
	CONSTRAINT "unmatched_receipts_state_ck" CHECK ("state" IN ('recorded', 'refunding', 'refunded'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "unmatched_receipts_transaction_uq" ON "unmatched_receipts" ("provider", "transaction_id");
--> statement-breakpoint
CREATE UNIQUE INDEX "unmatched_receipts_refund_uq" ON "unmatched_receipts" ("out_refund_no");
--> statement-breakpoint
CREATE INDEX "unmatched_receipts_project_idx" ON "unmatched_receipts" ("project_id", "created_at");
--> statement-breakpoint
-- The sweep reads only receipts not settled yet.
CREATE INDEX "unmatched_receipts_open_idx" ON "unmatched_receipts" ("retry_at") WHERE "state" <> 'refunded';
--> statement-breakpoint
ALTER TABLE "ledger" ADD COLUMN "receipt_id" integer REFERENCES "unmatched_receipts"("id") ON DELETE cascade;
--> statement-breakpoint
ALTER TABLE "ledger" DROP CONSTRAINT "ledger_kind_ck";
--> statement-breakpoint
ALTER TABLE "ledger" ADD CONSTRAINT "ledger_kind_ck" CHECK ("kind" IN ('payment', 'refund', 'fee', 'unmatched', 'unmatched_refund'));
--> statement-breakpoint
-- A receipt's rows name it, an order's own rows never do: the order's sums and the receipt's sums cannot mix.
ALTER TABLE "ledger" ADD CONSTRAINT "ledger_receipt_ck" CHECK (("kind" IN ('unmatched', 'unmatched_refund')) = ("receipt_id" IS NOT NULL));
--> statement-breakpoint
CREATE INDEX "ledger_receipt_idx" ON "ledger" ("receipt_id") WHERE "receipt_id" IS NOT NULL;
