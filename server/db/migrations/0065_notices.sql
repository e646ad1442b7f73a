-- Notices that reach people (issue 47 item 4): what the product tells a participant of a project (a chain's
-- waitlister promoted, a group-buy order ready, a payment received, a booking reminder), by SMS where they left a
-- phone, else on their page at the next visit; one row per notice with its channel and outcome. `once_key` is
-- unique: however many promotions run in parallel, one notice per event (the recording INSERT … ON CONFLICT DO
-- NOTHING). notice_optouts: a participant (u:<user> or d:<device>) who turned a project's notices off.
CREATE TABLE "notices" (
	"id" serial PRIMARY KEY NOT NULL,
	"project_id" integer NOT NULL REFERENCES "projects"("id") ON DELETE cascade,
	"kind" text NOT NULL,
	"participant" text NOT NULL,
	"recipient_name" text DEFAULT '' NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"brand" text DEFAULT '' NOT NULL,
	"channel" text NOT NULL,
	"outcome" text NOT NULL,
	"text" text NOT NULL,
	"once_key" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "notices_kind_ck" CHECK ("kind" IN ('waitlist_promoted', 'order_ready_for_pickup', 'payment_received', 'booking_reminder')),
	CONSTRAINT "notices_channel_ck" CHECK ("channel" IN ('sms', 'page')),
	CONSTRAINT "notices_outcome_ck" CHECK ("outcome" IN ('pending', 'sending', 'sent', 'refused', 'no_quota', 'opted_out', 'shown'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "notices_once_uq" ON "notices" ("once_key");
--> statement-breakpoint
CREATE INDEX "notices_project_idx" ON "notices" ("project_id", "id");
--> statement-breakpoint
CREATE INDEX "notices_page_idx" ON "notices" ("project_id", "participant") WHERE "outcome" = 'pending' AND "channel" = 'page';
--> statement-breakpoint
CREATE INDEX "notices_sms_idx" ON "notices" ("id") WHERE "outcome" = 'pending' AND "channel" = 'sms';
--> statement-breakpoint
CREATE TABLE "notice_optouts" (
	"project_id" integer NOT NULL REFERENCES "projects"("id") ON DELETE cascade,
	"participant" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	PRIMARY KEY ("project_id", "participant")
);
--> statement-breakpoint
-- The chain's own "text owed" flag (0049) is replaced by the notices' pending SMS rows.
DROP INDEX IF EXISTS "chain_entries_notify_idx";
--> statement-breakpoint
ALTER TABLE "chain_entries" DROP COLUMN "notify_pending";
