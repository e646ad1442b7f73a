-- The money core (issue 46): a balance that never goes negative, a ledger row for every change of it (with the
-- balance after it; the rows of a user add up to the balance), recharge orders paid through the pay providers
-- (credited once per provider transaction: the unique (reason, reference)), the quotas the packages of the
-- /buy*.html pages add to, and the membership's start and period (memberTime, memberUpgradeType).
ALTER TABLE "users" ADD COLUMN "member_since" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "member_upgrade_type" integer;
--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_balance_ck" CHECK ("balance_fen" >= 0);
--> statement-breakpoint
CREATE TABLE "balance_ledger" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE cascade,
	"amount_fen" integer NOT NULL,
	"reason" text NOT NULL,
	"order_no" text NOT NULL,
	"reference" text NOT NULL,
	"title" text NOT NULL,
	"balance_after_fen" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "balance_ledger_reason_ck" CHECK ("reason" IN ('recharge', 'package', 'member')),
	CONSTRAINT "balance_ledger_amount_ck" CHECK ("amount_fen" <> 0),
	CONSTRAINT "balance_ledger_after_ck" CHECK ("balance_after_fen" >= 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX "balance_ledger_reference_uq" ON "balance_ledger" ("reason", "reference");
--> statement-breakpoint
CREATE INDEX "balance_ledger_user_idx" ON "balance_ledger" ("user_id", "id");
--> statement-breakpoint
CREATE TABLE "recharge_orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_no" text NOT NULL,
	"user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE cascade,
	"amount_fen" integer NOT NULL,
	"state" text DEFAULT 'created' NOT NULL,
	"provider" text,
	"transaction_id" text,
	"created_at" timestamp with time zone NOT NULL,
	"closes_at" timestamp with time zone NOT NULL,
	"paid_at" timestamp with time zone,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "recharge_orders_state_ck" CHECK ("state" IN ('created', 'paid', 'closed')),
	CONSTRAINT "recharge_orders_amount_ck" CHECK ("amount_fen" > 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX "recharge_orders_no_uq" ON "recharge_orders" ("order_no");
--> statement-breakpoint
CREATE INDEX "recharge_orders_user_idx" ON "recharge_orders" ("user_id", "id");
--> statement-breakpoint
CREATE TABLE "user_quotas" (
	"user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE cascade,
	"kind" text NOT NULL,
	"remaining" integer DEFAULT 0 NOT NULL,
	"used" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "user_quotas_pkey" PRIMARY KEY ("user_id", "kind"),
	CONSTRAINT "user_quotas_kind_ck" CHECK ("kind" IN ('ai', 'sms', 'advert', 'risk')),
	CONSTRAINT "user_quotas_remaining_ck" CHECK ("remaining" >= 0),
	CONSTRAINT "user_quotas_used_ck" CHECK ("used" >= 0)
);
