-- Issue 51 item 1: a user's coins live per user AND brand in coin_accounts. The coins bought before (users.coin, all
-- bought on 问卷通's host) move to the 问卷通 account with a ledger row each, then users.coin goes. Purchase orders
-- paid through a provider remember the brand they were made on, so the coins they buy land on that brand's account.
INSERT INTO "coin_accounts" ("user_id", "brand", "balance", "updated_at")
SELECT "id", 'wenjuan', "coin", now() FROM "users" WHERE "coin" > 0
ON CONFLICT ("user_id", "brand") DO UPDATE SET "balance" = "coin_accounts"."balance" + EXCLUDED."balance";--> statement-breakpoint
INSERT INTO "coin_ledger" ("user_id", "brand", "delta", "balance_after", "reason", "reference", "title", "created_at")
SELECT u."id", 'wenjuan', u."coin", a."balance", 'buy', 'users.coin', '此前购买的虚拟币', now()
FROM "users" u JOIN "coin_accounts" a ON a."user_id" = u."id" AND a."brand" = 'wenjuan' WHERE u."coin" > 0;--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "coin";--> statement-breakpoint
ALTER TABLE "recharge_orders" ADD COLUMN "brand" text DEFAULT 'wenjuan' NOT NULL;
