-- Logistics and specs (issue 49 item 6). An order is shipped with a carrier (a code of the fixed list in
-- schemas/logistics/carriers.ts) and a tracking number; both can be corrected while the order is 已发货. An order
-- line keeps the spec row (规格) it bought: '' for a product without spec rows, whose one spec is the product.
ALTER TABLE "orders" ADD COLUMN "carrier" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "tracking_no" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "shipped_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "spec_id" text DEFAULT '' NOT NULL;
