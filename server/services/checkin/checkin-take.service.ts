import type { Query } from '../../db/client';
import type { CheckInRecordRow } from '../../db/rows';

/** A check-in as it is to be stored. */
export interface NewCheckIn {
  publicId: string;
  projectId: number;
  participant: string;
  day: string;
  userId: number | null;
  name: string;
  content: string;
  photos: string[];
  amount: number | null;
  kind: CheckInRecordRow['kind'];
  at: Date;
}

/**
 * How a check-in is stored under "one per person per day" (Deps.checkInTake): the stored row, or null when that
 * person already has one for that day. Production's is exactCheckInTake; tests inject a read-then-insert one.
 */
export interface CheckInTakeStrategy {
  take(query: Query, row: NewCheckIn): Promise<CheckInRecordRow | null>;
}

/** ONE conditional INSERT against the unique key (project, participant, day): the database decides who was first. */
export const exactCheckInTake: CheckInTakeStrategy = {
  async take(query, r) {
    const rows = await query<CheckInRecordRow>(
      `INSERT INTO checkin_records (public_id, project_id, participant, day, user_id, name, content, photos, amount, kind, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8::jsonb, $9, $10, $11)
       ON CONFLICT (project_id, participant, day) DO NOTHING RETURNING *`,
      [r.publicId, r.projectId, r.participant, r.day, r.userId, r.name, r.content, JSON.stringify(r.photos), r.amount, r.kind, r.at],
    );
    return rows[0] ?? null;
  },
};
