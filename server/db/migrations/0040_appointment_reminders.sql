-- Appointment reminders (issue 22 item 3): when a booking's reminder was claimed and for which slot
-- ('resource|date|start'), so the sweep sends one reminder per booking and slot, exactly once across processes
-- (one conditional UPDATE … RETURNING claims it); a booking moved to another slot is reminded again for the new one.
ALTER TABLE "appointment_bookings" ADD COLUMN "reminded_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "appointment_bookings" ADD COLUMN "reminded_slot" text;
--> statement-breakpoint
CREATE INDEX "appointment_bookings_remind_idx" ON "appointment_bookings" ("slot_date") WHERE "state" = 'booked';
