import type { TBooking, TManageBooking } from '../../../schemas/api/appointment';
import { APPOINTMENT_MESSAGES, instantOf, ZSchedule, type TSchedule } from '../../../schemas/appointment/schedule';
import { PROJECT_KINDS, type TPowerNeed } from '../../../schemas/project-kinds';
import type { Query } from '../../db/client';
import type { AppointmentBookingRow, AppointmentScheduleRow, ProjectRow } from '../../db/rows';
import { conflict, notFound } from '../errors';
import { accessProject } from '../access/powers.service';
import type { AuthUser } from '../access/sessions.service';
import { col, defineSql } from '../../db/sql';

export type AppointmentProject = Pick<ProjectRow, 'id' | 'public_id' | 'title' | 'status' | 'question_type'>;

const isAppointment = (p: Pick<ProjectRow, 'question_type'>) => p.question_type === PROJECT_KINDS.appoint.questionType;

/** An appointment project as anyone reaches it by its link: live (not binned, not a template), or "404". */
export async function publicAppointment(query: Query, questionId: string): Promise<AppointmentProject> {
  const rows = await query<AppointmentProject>(
    `SELECT id, public_id, title, status, question_type FROM projects WHERE public_id = $1 AND deleted_at IS NULL AND NOT is_template`,
    [questionId],
  );
  const project = rows[0];
  if (!project || !isAppointment(project)) throw notFound(APPOINTMENT_MESSAGES.notAppointment);
  return project;
}

/** An appointment project as its creator or a collaborator reaches it: the power checked first. */
export async function managedAppointment(query: Query, user: AuthUser | null, questionId: string, need: TPowerNeed): Promise<AppointmentProject> {
  const { project } = await accessProject(query, user, questionId, need);
  if (!isAppointment(project)) throw notFound(APPOINTMENT_MESSAGES.notAppointment);
  return project;
}

/** The project's schedule and its version (version 0: none yet). */
export async function readSchedule(query: Query, projectId: number): Promise<{ schedule: TSchedule | null; version: number }> {
  const rows = await query<AppointmentScheduleRow>('SELECT * FROM appointment_schedules WHERE project_id = $1', [projectId]);
  const row = rows[0];
  return row ? { schedule: ZSchedule.parse(row.schedule), version: row.version } : { schedule: null, version: 0 };
}

export async function requireSchedule(query: Query, projectId: number): Promise<TSchedule> {
  const { schedule } = await readSchedule(query, projectId);
  if (!schedule) throw conflict(APPOINTMENT_MESSAGES.noSchedule);
  return schedule;
}

const iso = (value: Date | string) => new Date(value).toISOString();
/** A `date` column as YYYY-MM-DD (drivers hand back a Date at UTC midnight or a string). */
export const dateText = (value: Date | string): string => (typeof value === 'string' ? value.slice(0, 10) : value.toISOString().slice(0, 10));

export function bookingView(row: AppointmentBookingRow, questionId: string, schedule: TSchedule | null, waitPosition = 0): TBooking {
  const date = dateText(row.slot_date);
  return {
    bookingId: row.public_id,
    questionId,
    resourceKey: row.resource_key,
    date,
    start: row.slot_start,
    end: row.slot_end,
    startsAt: instantOf(schedule?.timeZone ?? 'Asia/Shanghai', date, row.slot_start).toISOString(),
    endsAt: instantOf(schedule?.timeZone ?? 'Asia/Shanghai', date, row.slot_end).toISOString(),
    timeZone: schedule?.timeZone ?? 'Asia/Shanghai',
    partySize: row.party_size,
    state: row.state,
    promoted: row.promoted,
    waitPosition: row.state === 'waitlisted' ? waitPosition : 0,
    name: row.name,
    createTime: iso(row.created_at),
    updateTime: iso(row.updated_at),
  };
}

export const manageView = (row: AppointmentBookingRow, questionId: string, schedule: TSchedule | null, waitPosition = 0): TManageBooking => ({
  ...bookingView(row, questionId, schedule, waitPosition),
  phone: row.phone,
  reason: row.reason,
});

const waitPositionOfSql = defineSql(
  'appointment-project.waitPositionOf',
  { n: col.bigint },
  `SELECT count(*) AS n FROM appointment_bookings
     WHERE project_id = $1 AND resource_key = $2 AND slot_date = $3 AND slot_start = $4 AND state = 'waitlisted' AND seq <= $5`,
);

/** A waiting booking's position among its slot's waiting bookings (1 first). */
export async function waitPositionOf(query: Query, row: AppointmentBookingRow): Promise<number> {
  if (row.state !== 'waitlisted') return 0;
  const rows = await waitPositionOfSql.run(query, [row.project_id, row.resource_key, row.slot_date, row.slot_start, row.seq]);
  return Number(rows[0]?.n ?? 0);
}
