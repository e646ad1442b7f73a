-- The account centre's profile items (issue 46): an account deleted by its owner keeps its row, anonymised, so the
-- balance ledger, recharge orders and the orders it paid keep their user; deleted_at marks it and its phone is
-- freed (replaced by a placeholder). Third-party identities (QQ) bound to an account: one account per identity.
ALTER TABLE "users" ADD COLUMN "deleted_at" timestamp with time zone;
--> statement-breakpoint
CREATE TABLE "user_identities" (
	"provider" text NOT NULL,
	"open_id" text NOT NULL,
	"user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE cascade,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_identities_pkey" PRIMARY KEY ("provider", "open_id"),
	CONSTRAINT "user_identities_provider_ck" CHECK ("provider" IN ('qq'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "user_identities_user_uq" ON "user_identities" ("user_id", "provider");
