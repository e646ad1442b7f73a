-- A member plan or package paid straight through a pay provider (issue 46): a recharge order that carries the
-- package it pays for. Its verified payment credits the balance and buys the item from it in one transaction;
-- `delivery` says what became of the item: 'done' (bought), 'kept' (no longer buyable: the money stays in the
-- balance, `delivery_note` says why). Null for a plain recharge or while unpaid.
ALTER TABLE "recharge_orders" ADD COLUMN "package_id" text;
--> statement-breakpoint
ALTER TABLE "recharge_orders" ADD COLUMN "delivery" text;
--> statement-breakpoint
ALTER TABLE "recharge_orders" ADD COLUMN "delivery_note" text;
--> statement-breakpoint
ALTER TABLE "recharge_orders" ADD CONSTRAINT "recharge_orders_delivery_ck" CHECK ("delivery" IN ('done', 'kept'));
