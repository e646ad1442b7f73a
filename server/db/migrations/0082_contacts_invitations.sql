-- Issue 50 (lead): the address book and invitations by SMS and e-mail. Helpers extend it in their own migrations.
-- A user's contact groups (a contact is in at most one; none = 未分组).
CREATE TABLE "contact_groups" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contact_groups_name_ck" CHECK (length("name") BETWEEN 1 AND 30)
);--> statement-breakpoint
CREATE UNIQUE INDEX "contact_groups_user_name_uq" ON "contact_groups" USING btree ("user_id", "name");--> statement-breakpoint
-- The custom fields a user defines for their contacts (text, number, date, choice).
CREATE TABLE "contact_fields" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"options" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"required" boolean DEFAULT false NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contact_fields_name_ck" CHECK (length("name") BETWEEN 1 AND 20),
	CONSTRAINT "contact_fields_kind_ck" CHECK ("kind" IN ('text', 'number', 'date', 'choice'))
);--> statement-breakpoint
CREATE UNIQUE INDEX "contact_fields_user_name_uq" ON "contact_fields" USING btree ("user_id", "name");--> statement-breakpoint
-- Which columns the user's address book shows, in order (built-in keys and custom field ids).
CREATE TABLE "contact_settings" (
	"user_id" integer PRIMARY KEY NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	"shown_fields" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
-- One person in a user's address book. A phone and an e-mail (lower-cased) are each unique within the book.
CREATE TABLE "contacts" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	"group_id" integer REFERENCES "contact_groups"("id") ON DELETE SET NULL,
	"name" text NOT NULL,
	"phone" text,
	"email" text,
	"fields" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"email_opt_out_at" timestamp with time zone,
	"sms_opt_out_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contacts_name_ck" CHECK (length("name") BETWEEN 1 AND 50)
);--> statement-breakpoint
CREATE UNIQUE INDEX "contacts_user_phone_uq" ON "contacts" USING btree ("user_id", "phone") WHERE "phone" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "contacts_user_email_uq" ON "contacts" USING btree ("user_id", lower("email")) WHERE "email" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "contacts_user_group_idx" ON "contacts" USING btree ("user_id", "group_id", "id");--> statement-breakpoint
-- A contact's own link to one project: ties the sheet to the contact. A resend reuses it. With one_sheet, the
-- submit claims it by one conditional UPDATE (sheet_id IS NULL), so a link makes at most one sheet.
CREATE TABLE "contact_links" (
	"id" serial PRIMARY KEY NOT NULL,
	"project_id" integer NOT NULL REFERENCES "projects"("id") ON DELETE CASCADE,
	"contact_id" integer NOT NULL REFERENCES "contacts"("id") ON DELETE CASCADE,
	"token" text NOT NULL,
	"one_sheet" boolean DEFAULT true NOT NULL,
	"sheet_id" integer,
	"opened_at" timestamp with time zone,
	"answered_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE UNIQUE INDEX "contact_links_token_uq" ON "contact_links" USING btree ("token");--> statement-breakpoint
CREATE UNIQUE INDEX "contact_links_project_contact_uq" ON "contact_links" USING btree ("project_id", "contact_id");--> statement-breakpoint
-- One send to a group or a selection, now or scheduled; resend_of names the send whose unanswered it resends.
CREATE TABLE "invitations" (
	"id" serial PRIMARY KEY NOT NULL,
	"project_id" integer NOT NULL REFERENCES "projects"("id") ON DELETE CASCADE,
	"user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	"channel" text NOT NULL,
	"subject" text,
	"body" text NOT NULL,
	"sign_name" text,
	"state" text DEFAULT 'scheduled' NOT NULL,
	"one_sheet" boolean DEFAULT true NOT NULL,
	"resend_of" integer REFERENCES "invitations"("id") ON DELETE SET NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"refused" integer DEFAULT 0 NOT NULL,
	"scheduled_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "invitations_channel_ck" CHECK ("channel" IN ('sms', 'email')),
	CONSTRAINT "invitations_state_ck" CHECK ("state" IN ('scheduled', 'sending', 'done', 'cancelled'))
);--> statement-breakpoint
CREATE INDEX "invitations_project_idx" ON "invitations" USING btree ("project_id", "id");--> statement-breakpoint
CREATE INDEX "invitations_user_idx" ON "invitations" USING btree ("user_id", "id");--> statement-breakpoint
-- One message of a send to one contact: taken by any process (FOR UPDATE SKIP LOCKED), retried with a delay, its
-- outcome kept. refused = not sent for want of SMS counts; skipped = the contact opted out.
CREATE TABLE "invitation_messages" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"invitation_id" integer NOT NULL REFERENCES "invitations"("id") ON DELETE CASCADE,
	"link_id" integer NOT NULL REFERENCES "contact_links"("id") ON DELETE CASCADE,
	"contact_id" integer REFERENCES "contacts"("id") ON DELETE SET NULL,
	"channel" text NOT NULL,
	"address" text NOT NULL,
	"name" text NOT NULL,
	"content" text NOT NULL,
	"state" text DEFAULT 'queued' NOT NULL,
	"reason" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"claimed_by" text,
	"locked_until" timestamp with time zone,
	"provider_id" text,
	"sent_at" timestamp with time zone,
	"delivered_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invitation_messages_channel_ck" CHECK ("channel" IN ('sms', 'email')),
	CONSTRAINT "invitation_messages_state_ck" CHECK ("state" IN ('queued', 'refused', 'sending', 'sent', 'delivered', 'failed', 'skipped'))
);--> statement-breakpoint
CREATE INDEX "invitation_messages_due_idx" ON "invitation_messages" USING btree ("state", "next_attempt_at", "id");--> statement-breakpoint
CREATE INDEX "invitation_messages_invitation_idx" ON "invitation_messages" USING btree ("invitation_id", "id");--> statement-breakpoint
CREATE INDEX "invitation_messages_link_idx" ON "invitation_messages" USING btree ("link_id");--> statement-breakpoint
CREATE INDEX "invitation_messages_provider_idx" ON "invitation_messages" USING btree ("provider_id");
