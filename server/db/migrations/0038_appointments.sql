-- Appointments (预约, issue 22 items 1 and 4). The schedule of a project is one versioned jsonb document (weekly
-- template, exceptions, window, zone, resources: schemas/appointment/schedule.ts).
CREATE TABLE "appointment_schedules" (
	"project_id" integer PRIMARY KEY NOT NULL REFERENCES "projects"("id") ON DELETE cascade,
	"version" integer DEFAULT 1 NOT NULL,
	"schedule" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- One counter row per concrete slot (resource '' when the project has no resources): places taken (people of
-- booked bookings), bookings waiting and the waitlist's number counter. A booking takes its place or a waiting
-- number in ONE conditional upsert of this row; every change of a slot locks this row first. There is no CHECK
-- of taken <= capacity: the creator may lower a slot's capacity below the places already booked.
CREATE TABLE "appointment_slots" (
	"project_id" integer NOT NULL REFERENCES "projects"("id") ON DELETE cascade,
	"resource_key" text DEFAULT '' NOT NULL,
	"slot_date" date NOT NULL,
	"slot_start" text NOT NULL,
	"capacity" integer NOT NULL,
	"taken" integer DEFAULT 0 NOT NULL,
	"waiting" integer DEFAULT 0 NOT NULL,
	"next_seq" integer DEFAULT 0 NOT NULL,
	"last_admitted" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "appointment_slots_pk" PRIMARY KEY ("project_id", "resource_key", "slot_date", "slot_start"),
	CONSTRAINT "appointment_slots_taken_ck" CHECK ("taken" >= 0),
	CONSTRAINT "appointment_slots_waiting_ck" CHECK ("waiting" >= 0)
);
--> statement-breakpoint
-- Bookings: the private link's token is stored as its SHA-256 only. `seq` is the booking's number in its slot
-- (waitlist order); a reschedule takes a new number in the new slot.
CREATE TABLE "appointment_bookings" (
	"id" serial PRIMARY KEY NOT NULL,
	"public_id" text NOT NULL,
	"project_id" integer NOT NULL REFERENCES "projects"("id") ON DELETE cascade,
	"resource_key" text DEFAULT '' NOT NULL,
	"slot_date" date NOT NULL,
	"slot_start" text NOT NULL,
	"slot_end" text NOT NULL,
	"party_size" integer DEFAULT 1 NOT NULL,
	"state" text NOT NULL,
	"promoted" boolean DEFAULT false NOT NULL,
	"seq" integer NOT NULL,
	"token_hash" text NOT NULL,
	"user_id" integer REFERENCES "users"("id") ON DELETE set null,
	"answer_sheet_id" integer,
	"name" text DEFAULT '' NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "appointment_bookings_state_ck" CHECK ("state" IN ('booked', 'waitlisted', 'cancelled', 'checkedIn', 'noShow')),
	CONSTRAINT "appointment_bookings_party_ck" CHECK ("party_size" BETWEEN 1 AND 50)
);
--> statement-breakpoint
CREATE UNIQUE INDEX "appointment_bookings_public_id_uq" ON "appointment_bookings" ("public_id");
--> statement-breakpoint
CREATE UNIQUE INDEX "appointment_bookings_token_uq" ON "appointment_bookings" ("token_hash");
--> statement-breakpoint
CREATE INDEX "appointment_bookings_slot_idx" ON "appointment_bookings" ("project_id", "resource_key", "slot_date", "slot_start", "state", "seq");
