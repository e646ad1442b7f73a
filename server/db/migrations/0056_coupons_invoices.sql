-- Coupons, invoices and coins bought from the balance (issue 46). A user holds a coupon of the platform's catalogue
-- (schemas/money/coupons.ts) at most once (the unique (user_id, coupon_id)) and uses it on one purchase at most
-- (used_at set by one conditional UPDATE in the purchase's transaction). An invoice asks for one paid recharge
-- order, for its paid amount; one per order while not revoked (a partial unique key over a non-null column).
-- The saved invoice details (recharge/saveOrderAccount) prefill the next request. A purchase the coupon pays whole
-- is still a ledger row (0 fen), so it shows in the transactions.
ALTER TABLE "balance_ledger" DROP CONSTRAINT "balance_ledger_amount_ck";
--> statement-breakpoint
ALTER TABLE "balance_ledger" ADD CONSTRAINT "balance_ledger_amount_ck" CHECK ("amount_fen" <> 0 OR "reason" <> 'recharge');
--> statement-breakpoint
CREATE TABLE "user_coupons" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE cascade,
	"coupon_id" text NOT NULL,
	"discount_fen" integer NOT NULL,
	"received_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"order_no" text,
	"hidden" boolean DEFAULT false NOT NULL,
	CONSTRAINT "user_coupons_discount_ck" CHECK ("discount_fen" > 0),
	CONSTRAINT "user_coupons_used_ck" CHECK (("used_at" IS NULL) = ("order_no" IS NULL))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "user_coupons_code_uq" ON "user_coupons" ("code");
--> statement-breakpoint
CREATE UNIQUE INDEX "user_coupons_once_uq" ON "user_coupons" ("user_id", "coupon_id");
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"invoice_no" text NOT NULL,
	"user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE cascade,
	"order_no" text NOT NULL,
	"amount_fen" integer NOT NULL,
	"title_type" text NOT NULL,
	"title" text NOT NULL,
	"tax_no" text,
	"email" text NOT NULL,
	"state" text DEFAULT 'requested' NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"issued_at" timestamp with time zone,
	CONSTRAINT "invoices_amount_ck" CHECK ("amount_fen" > 0),
	CONSTRAINT "invoices_title_type_ck" CHECK ("title_type" IN ('personal', 'company')),
	CONSTRAINT "invoices_tax_ck" CHECK (("title_type" = 'company') = ("tax_no" IS NOT NULL)),
	CONSTRAINT "invoices_state_ck" CHECK ("state" IN ('requested', 'issued', 'revoked'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_no_uq" ON "invoices" ("invoice_no");
--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_order_uq" ON "invoices" ("order_no") WHERE "state" <> 'revoked';
--> statement-breakpoint
CREATE INDEX "invoices_user_idx" ON "invoices" ("user_id", "id");
--> statement-breakpoint
CREATE TABLE "invoice_accounts" (
	"user_id" integer PRIMARY KEY NOT NULL REFERENCES "users"("id") ON DELETE cascade,
	"title_type" text NOT NULL,
	"title" text NOT NULL,
	"tax_no" text,
	"email" text NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "invoice_accounts_title_type_ck" CHECK ("title_type" IN ('personal', 'company')),
	CONSTRAINT "invoice_accounts_tax_ck" CHECK (("title_type" = 'company') = ("tax_no" IS NOT NULL))
);
