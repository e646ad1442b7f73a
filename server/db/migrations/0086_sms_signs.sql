-- Issue 50 items 2–3 (helper sms): a user's SMS signatures (【签名】 at the start of each text), reviewed by an
-- operator like merchant applications (审核中 → 已通过 / 未通过 with a reason). The chosen approved one signs the
-- user's SMS sends; at most one is chosen per user.
CREATE TABLE "sms_signs" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	"name" text NOT NULL,
	"purpose" text NOT NULL,
	"state" text DEFAULT 'reviewing' NOT NULL,
	"reason" text,
	"chosen" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reviewed_at" timestamp with time zone,
	CONSTRAINT "sms_signs_name_ck" CHECK (length("name") BETWEEN 2 AND 12),
	CONSTRAINT "sms_signs_state_ck" CHECK ("state" IN ('reviewing', 'approved', 'rejected')),
	CONSTRAINT "sms_signs_chosen_ck" CHECK (NOT "chosen" OR "state" = 'approved')
);--> statement-breakpoint
CREATE UNIQUE INDEX "sms_signs_user_name_uq" ON "sms_signs" USING btree ("user_id", "name");--> statement-breakpoint
CREATE UNIQUE INDEX "sms_signs_user_chosen_uq" ON "sms_signs" USING btree ("user_id") WHERE "chosen";--> statement-breakpoint
CREATE INDEX "sms_signs_state_idx" ON "sms_signs" USING btree ("state", "id");
--> statement-breakpoint
-- Where a send's links point and whose name signs it (the request's origin and brand at send time): the runner
-- builds each message's context from them.
ALTER TABLE "invitations" ADD COLUMN "origin" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "invitations" ADD COLUMN "brand" text DEFAULT '' NOT NULL;
