-- Issue 51: the brand's coin (问卷币 / 金币) — accounts per user and brand with their ledger, daily sign-in, tasks and
-- their question links, the gift centre and its exchanges, the coin draw, and the mutual answering space.
CREATE TABLE "coin_accounts" (
	"user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE cascade,
	"brand" text NOT NULL,
	"balance" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "coin_accounts_pk" PRIMARY KEY ("user_id", "brand"),
	CONSTRAINT "coin_accounts_balance_ck" CHECK ("balance" >= 0)
);--> statement-breakpoint
CREATE TABLE "coin_ledger" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE cascade,
	"brand" text NOT NULL,
	"delta" integer NOT NULL,
	"balance_after" integer NOT NULL,
	"reason" text NOT NULL,
	"reference" text DEFAULT '' NOT NULL,
	"title" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "coin_ledger_delta_ck" CHECK ("delta" <> 0 AND "balance_after" >= 0)
);--> statement-breakpoint
CREATE INDEX "coin_ledger_user_idx" ON "coin_ledger" USING btree ("user_id", "brand", "id");--> statement-breakpoint
CREATE UNIQUE INDEX "coin_ledger_ref_uq" ON "coin_ledger" USING btree ("user_id", "brand", "reason", "reference") WHERE "reference" <> '';--> statement-breakpoint
CREATE TABLE "coin_signins" (
	"user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE cascade,
	"brand" text NOT NULL,
	"day" date NOT NULL,
	"streak" integer NOT NULL,
	"reward" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "coin_signins_pk" PRIMARY KEY ("user_id", "brand", "day"),
	CONSTRAINT "coin_signins_streak_ck" CHECK ("streak" >= 1)
);--> statement-breakpoint
CREATE TABLE "user_tasks" (
	"user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE cascade,
	"brand" text NOT NULL,
	"task_code" text NOT NULL,
	"period" text DEFAULT '' NOT NULL,
	"progress" integer DEFAULT 0 NOT NULL,
	"bound_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"rewarded_at" timestamp with time zone,
	"reward" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_tasks_pk" PRIMARY KEY ("user_id", "brand", "task_code", "period"),
	CONSTRAINT "user_tasks_reward_ck" CHECK ("rewarded_at" IS NULL OR "completed_at" IS NOT NULL)
);--> statement-breakpoint
CREATE TABLE "task_questions" (
	"user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE cascade,
	"brand" text NOT NULL,
	"task_code" text NOT NULL,
	"period" text DEFAULT '' NOT NULL,
	"project_id" integer NOT NULL REFERENCES "projects"("id") ON DELETE cascade,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "task_questions_pk" PRIMARY KEY ("user_id", "brand", "task_code", "period", "project_id")
);--> statement-breakpoint
CREATE TABLE "gifts" (
	"id" serial PRIMARY KEY NOT NULL,
	"public_id" text NOT NULL,
	"brand" text DEFAULT '' NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"image" text DEFAULT '' NOT NULL,
	"kind" text DEFAULT 'physical' NOT NULL,
	"coin_price" integer NOT NULL,
	"stock" integer NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "gifts_stock_ck" CHECK ("stock" >= 0 AND "coin_price" > 0),
	CONSTRAINT "gifts_kind_ck" CHECK ("kind" IN ('physical'))
);--> statement-breakpoint
CREATE UNIQUE INDEX "gifts_public_id_uq" ON "gifts" USING btree ("public_id");--> statement-breakpoint
CREATE TABLE "gift_exchanges" (
	"id" serial PRIMARY KEY NOT NULL,
	"public_id" text NOT NULL,
	"user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE cascade,
	"brand" text NOT NULL,
	"gift_id" integer NOT NULL REFERENCES "gifts"("id"),
	"gift_name" text NOT NULL,
	"coins" integer NOT NULL,
	"receiver_name" text DEFAULT '' NOT NULL,
	"receiver_phone" text DEFAULT '' NOT NULL,
	"region" text DEFAULT '' NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"express_company" text DEFAULT '' NOT NULL,
	"tracking_no" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "gift_exchanges_state_ck" CHECK ("state" IN ('pending', 'shipped', 'done', 'cancelled'))
);--> statement-breakpoint
CREATE UNIQUE INDEX "gift_exchanges_public_id_uq" ON "gift_exchanges" USING btree ("public_id");--> statement-breakpoint
CREATE INDEX "gift_exchanges_user_idx" ON "gift_exchanges" USING btree ("user_id", "brand", "id");--> statement-breakpoint
CREATE TABLE "coin_draw_prizes" (
	"id" serial PRIMARY KEY NOT NULL,
	"public_id" text NOT NULL,
	"brand" text DEFAULT '' NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"kind" text NOT NULL,
	"coins" integer DEFAULT 0 NOT NULL,
	"gift_id" integer REFERENCES "gifts"("id"),
	"weight" integer NOT NULL,
	"stock" integer,
	"sort" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "coin_draw_prizes_kind_ck" CHECK ("kind" IN ('coin', 'gift', 'none')),
	CONSTRAINT "coin_draw_prizes_weight_ck" CHECK ("weight" >= 0 AND ("stock" IS NULL OR "stock" >= 0))
);--> statement-breakpoint
CREATE UNIQUE INDEX "coin_draw_prizes_public_id_uq" ON "coin_draw_prizes" USING btree ("public_id");--> statement-breakpoint
CREATE TABLE "coin_draws" (
	"id" serial PRIMARY KEY NOT NULL,
	"public_id" text NOT NULL,
	"user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE cascade,
	"brand" text NOT NULL,
	"prize_id" integer REFERENCES "coin_draw_prizes"("id"),
	"prize_name" text NOT NULL,
	"prize_kind" text NOT NULL,
	"cost" integer NOT NULL,
	"won_coins" integer DEFAULT 0 NOT NULL,
	"exchange_id" integer REFERENCES "gift_exchanges"("id"),
	"day" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE UNIQUE INDEX "coin_draws_public_id_uq" ON "coin_draws" USING btree ("public_id");--> statement-breakpoint
CREATE INDEX "coin_draws_user_idx" ON "coin_draws" USING btree ("user_id", "brand", "day");--> statement-breakpoint
CREATE TABLE "space_releases" (
	"id" serial PRIMARY KEY NOT NULL,
	"public_id" text NOT NULL,
	"project_id" integer NOT NULL REFERENCES "projects"("id") ON DELETE cascade,
	"user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE cascade,
	"brand" text NOT NULL,
	"reward" integer NOT NULL,
	"budget" integer NOT NULL,
	"paid" integer DEFAULT 0 NOT NULL,
	"refunded" integer DEFAULT 0 NOT NULL,
	"answers" integer DEFAULT 0 NOT NULL,
	"minutes" integer DEFAULT 1 NOT NULL,
	"state" text DEFAULT 'open' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp with time zone,
	CONSTRAINT "space_releases_state_ck" CHECK ("state" IN ('open', 'closed')),
	CONSTRAINT "space_releases_money_ck" CHECK ("reward" >= 1 AND "budget" >= "reward" AND "paid" >= 0 AND "refunded" >= 0 AND "paid" + "refunded" <= "budget")
);--> statement-breakpoint
CREATE UNIQUE INDEX "space_releases_public_id_uq" ON "space_releases" USING btree ("public_id");--> statement-breakpoint
CREATE UNIQUE INDEX "space_releases_open_uq" ON "space_releases" USING btree ("project_id") WHERE "state" = 'open';--> statement-breakpoint
CREATE INDEX "space_releases_list_idx" ON "space_releases" USING btree ("brand", "state", "id");--> statement-breakpoint
CREATE TABLE "space_answers" (
	"id" serial PRIMARY KEY NOT NULL,
	"release_id" integer NOT NULL REFERENCES "space_releases"("id") ON DELETE cascade,
	"sheet_id" integer REFERENCES "answer_sheets"("id") ON DELETE set null,
	"user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE cascade,
	"reward" integer DEFAULT 0 NOT NULL,
	"state" text NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "space_answers_state_ck" CHECK ("state" IN ('paid', 'refused'))
);--> statement-breakpoint
CREATE UNIQUE INDEX "space_answers_once_uq" ON "space_answers" USING btree ("release_id", "user_id");--> statement-breakpoint
CREATE INDEX "space_answers_user_idx" ON "space_answers" USING btree ("user_id", "id");--> statement-breakpoint
-- The gift centre's first catalogue and the draw's prizes (weights of 10 000; the canvas bag also a draw prize).
INSERT INTO "gifts" ("public_id", "name", "description", "coin_price", "stock", "sort") VALUES
	('g_notebook', '定制笔记本', 'A5 软皮笔记本，112 页', 200, 100, 1),
	('g_bag', '帆布袋', '加厚帆布手提袋，38×42 cm', 300, 50, 2),
	('g_cup', '保温杯', '316 不锈钢保温杯，450 ml', 800, 20, 3),
	('g_powerbank', '充电宝', '10000 mAh 双口快充充电宝', 1500, 10, 4);--> statement-breakpoint
INSERT INTO "coin_draw_prizes" ("public_id", "name", "kind", "coins", "gift_id", "weight", "stock", "sort") VALUES
	('p_none', '谢谢参与', 'none', 0, NULL, 5000, NULL, 1),
	('p_coin5', '', 'coin', 5, NULL, 2500, NULL, 2),
	('p_coin20', '', 'coin', 20, NULL, 1500, NULL, 3),
	('p_coin100', '', 'coin', 100, NULL, 800, NULL, 4),
	('p_bag', '帆布袋', 'gift', 0, (SELECT "id" FROM "gifts" WHERE "public_id" = 'g_bag'), 200, 20, 5);
