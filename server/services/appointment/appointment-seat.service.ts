import type { Query } from '../../db/client';
import type { AppointmentSlotRow } from '../../db/rows';

/** A concrete slot's counter key. */
export interface SlotKey {
  projectId: number;
  resourceKey: string;
  date: string;
  start: string;
}

/** What a booking took: its number in the slot, and a place (admitted) or a waiting position. */
export interface SlotSeat {
  seq: number;
  admitted: boolean;
  slot: AppointmentSlotRow;
}

/** Takes a booking's place inside the booking's transaction (capacity from the schedule in force). */
export interface SlotTaker {
  take(query: Query, key: SlotKey, capacity: number, party: number, now: Date): Promise<SlotSeat>;
}

/**
 * How a booking, a reschedule or a move takes its place (Deps.appointmentSeat). `prepare` runs before the
 * transaction (the naive strategy of tests/helpers/naive-strategies.ts reads the counter there, as a check-then-act
 * would); production's ignores it.
 */
export interface AppointmentSeatStrategy {
  prepare(query: Query, key: SlotKey): Promise<SlotTaker>;
}

/**
 * ONE conditional upsert of the slot's counter row takes the booking's number and, when the party fits under the
 * capacity, the places; otherwise a waiting position. The row lock it takes orders bookings: numbers follow
 * arrival. `last_admitted` is computed from the old row in SET and read back by RETURNING, so the outcome comes
 * from the same statement that decided it. (A waiting booking that would fit was promoted by the change that
 * freed the place, in that change's transaction, so admitting a fitting party never passes one that fits.)
 */
const exactTaker: SlotTaker = {
  async take(query, key, capacity, party, now) {
    const rows = await query<AppointmentSlotRow>(
      `INSERT INTO appointment_slots AS s (project_id, resource_key, slot_date, slot_start, capacity, taken, waiting, next_seq, last_admitted, updated_at)
       VALUES ($1, $2, $3::date, $4, $5::int, CASE WHEN $6::int <= $5::int THEN $6::int ELSE 0 END, CASE WHEN $6::int <= $5::int THEN 0 ELSE 1 END, 1, $6::int <= $5::int, $7)
       ON CONFLICT (project_id, resource_key, slot_date, slot_start) DO UPDATE SET
         capacity = EXCLUDED.capacity,
         next_seq = s.next_seq + 1,
         last_admitted = (s.taken + $6::int <= EXCLUDED.capacity),
         taken = CASE WHEN s.taken + $6::int <= EXCLUDED.capacity THEN s.taken + $6::int ELSE s.taken END,
         waiting = CASE WHEN s.taken + $6::int <= EXCLUDED.capacity THEN s.waiting ELSE s.waiting + 1 END,
         updated_at = $7
       RETURNING *`,
      [key.projectId, key.resourceKey, key.date, key.start, capacity, party, now],
    );
    const slot = rows[0]!;
    return { seq: slot.next_seq, admitted: slot.last_admitted, slot };
  },
};

export const exactAppointmentSeat: AppointmentSeatStrategy = { prepare: async () => exactTaker };
