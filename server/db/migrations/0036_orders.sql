-- Orders of payment projects (issue 21 item 1): a submit with products creates its order in the sheet's own
-- transaction, after the sheet's statement took the stock. Money is integer fen. The state column follows
-- schemas/order/order-states.ts; every change of state is one conditional UPDATE … WHERE state = … RETURNING,
-- so a replayed notify never pays twice and a late one never revives a closed order.
CREATE TABLE "orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_no" text NOT NULL,
	"project_id" integer NOT NULL REFERENCES "projects"("id") ON DELETE cascade,
	"sheet_id" integer REFERENCES "answer_sheets"("id") ON DELETE set null,
	"user_id" integer REFERENCES "users"("id") ON DELETE set null,
	"device_id" text NOT NULL,
	"amount_fen" integer NOT NULL,
	"refunded_fen" integer DEFAULT 0 NOT NULL,
	"state" text DEFAULT 'created' NOT NULL,
	"state_before_refund" text,
	"provider" text,
	"out_trade_no" text,
	"transaction_id" text,
	"description" text DEFAULT '' NOT NULL,
	"contact" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"stock" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"closes_at" timestamp with time zone NOT NULL,
	"paid_at" timestamp with time zone,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "orders_state_ck" CHECK ("state" IN ('created', 'paid', 'shipped', 'collected', 'done', 'closed', 'refunding', 'refunded')),
	CONSTRAINT "orders_amount_ck" CHECK ("amount_fen" > 0),
	CONSTRAINT "orders_refunded_ck" CHECK ("refunded_fen" >= 0 AND "refunded_fen" <= "amount_fen")
);
--> statement-breakpoint
CREATE UNIQUE INDEX "orders_order_no_uq" ON "orders" ("order_no");
--> statement-breakpoint
CREATE UNIQUE INDEX "orders_out_trade_no_uq" ON "orders" ("out_trade_no");
--> statement-breakpoint
CREATE UNIQUE INDEX "orders_sheet_uq" ON "orders" ("sheet_id");
--> statement-breakpoint
CREATE INDEX "orders_project_idx" ON "orders" ("project_id", "created_at");
--> statement-breakpoint
-- The closing sweep reads only unpaid orders by their deadline.
CREATE INDEX "orders_closing_idx" ON "orders" ("closes_at") WHERE "state" = 'created';
--> statement-breakpoint
CREATE TABLE "order_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL REFERENCES "orders"("id") ON DELETE cascade,
	"product_id" text NOT NULL,
	"title" text NOT NULL,
	"spec" text DEFAULT '' NOT NULL,
	"price_fen" integer NOT NULL,
	"quantity" integer NOT NULL,
	"amount_fen" integer NOT NULL,
	CONSTRAINT "order_lines_quantity_ck" CHECK ("quantity" >= 1),
	CONSTRAINT "order_lines_amount_ck" CHECK ("amount_fen" = "price_fen" * "quantity")
);
--> statement-breakpoint
CREATE INDEX "order_lines_order_idx" ON "order_lines" ("order_id");
--> statement-breakpoint
CREATE TABLE "order_refunds" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL REFERENCES "orders"("id") ON DELETE cascade,
	"out_refund_no" text NOT NULL,
	"amount_fen" integer NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"state" text NOT NULL,
	"refund_id" text,
	"created_by" integer,
	"created_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "order_refunds_state_ck" CHECK ("state" IN ('processing', 'success', 'failed')),
	CONSTRAINT "order_refunds_amount_ck" CHECK ("amount_fen" > 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX "order_refunds_no_uq" ON "order_refunds" ("out_refund_no");
--> statement-breakpoint
-- Every change of money: a payment (+), a refund (−), a provider's fee (−). `reference` (the provider's
-- transaction or refund id) is unique per kind, so one payment is one row however many notifies arrive.
CREATE TABLE "ledger" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL REFERENCES "orders"("id") ON DELETE cascade,
	"project_id" integer NOT NULL REFERENCES "projects"("id") ON DELETE cascade,
	"kind" text NOT NULL,
	"amount_fen" integer NOT NULL,
	"provider" text NOT NULL,
	"reference" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "ledger_kind_ck" CHECK ("kind" IN ('payment', 'refund', 'fee'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_reference_uq" ON "ledger" ("kind", "provider", "reference");
--> statement-breakpoint
CREATE INDEX "ledger_project_idx" ON "ledger" ("project_id", "created_at");
--> statement-breakpoint
-- The sandbox provider's own record of its trades (server/providers/pay-sandbox.ts): what its cashier shows and
-- what its `query` answers when no notify has come.
CREATE TABLE "sandbox_trades" (
	"out_trade_no" text PRIMARY KEY NOT NULL,
	"amount_fen" integer NOT NULL,
	"description" text NOT NULL,
	"notify_url" text NOT NULL,
	"return_url" text NOT NULL,
	"state" text DEFAULT 'unpaid' NOT NULL,
	"transaction_id" text,
	"refunded_fen" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paid_at" timestamp with time zone,
	CONSTRAINT "sandbox_trades_state_ck" CHECK ("state" IN ('unpaid', 'paid', 'closed'))
);
