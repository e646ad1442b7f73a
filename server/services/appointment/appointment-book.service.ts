import type { TBooking, TBookingPage } from '../../../schemas/api/appointment';
import { nextBookingState, type TBookingAction } from '../../../schemas/appointment/booking-states';
import { APPOINTMENT_MESSAGES, bookableSlot, findSlot, instantOf, type TConcreteSlot, type TSchedule } from '../../../schemas/appointment/schedule';
import { BRANDS } from '../../../schemas/brands';
import { PROJECT_STATUS } from '../../../schemas/project-kinds';
import type { TRefusalReason } from '../../../schemas/refusals';
import type { Query } from '../../db/client';
import type { AppointmentBookingRow, AppointmentSlotRow } from '../../db/rows';
import { badInput, conflict, notFound } from '../errors';
import type { AuthUser } from '../access/sessions.service';
import { publicId, randomToken, sha256 } from '../crypto';
import type { Deps } from '../deps';
import { bookingView, dateText, publicAppointment, readSchedule, requireSchedule, waitPositionOf } from './appointment-project.service';
import type { SlotKey } from './appointment-seat.service';
import { col, defineSql } from '../../db/sql';
import { enqueueWebhookEvent } from '../webhooks/enqueue';

export interface SlotChoice {
  resourceKey: string;
  date: string;
  start: string;
}

export const keyOf = (projectId: number, c: SlotChoice): SlotKey => ({ projectId, resourceKey: c.resourceKey, date: c.date, start: c.start });
const rowKey = (row: AppointmentBookingRow): SlotKey => ({
  projectId: row.project_id,
  resourceKey: row.resource_key,
  date: dateText(row.slot_date),
  start: row.slot_start,
});
const sameKey = (a: SlotKey, b: SlotKey) => a.projectId === b.projectId && a.resourceKey === b.resourceKey && a.date === b.date && a.start === b.start;
const keyText = (k: SlotKey) => `${k.resourceKey}|${k.date}|${k.start}`;

/** The slot the respondent chose, or the refusal a person understands (closed date, past, cut-off, too far, party). */
export function checkChoice(schedule: TSchedule, choice: SlotChoice, partySize: number, now: Date): TConcreteSlot {
  if (choice.resourceKey && !schedule.resources.some((r) => r.key === choice.resourceKey)) throw badInput(APPOINTMENT_MESSAGES.noSuchSlot, 'resourceKey');
  if (!choice.resourceKey && schedule.resources.length) throw badInput('请选择预约的资源', 'resourceKey');
  if (partySize > schedule.partySizeMax) throw badInput(APPOINTMENT_MESSAGES.partyTooLarge(schedule.partySizeMax), 'partySize');
  const found = bookableSlot(schedule, choice.resourceKey, choice.date, choice.start, now);
  if ('refusal' in found) throw badInput(APPOINTMENT_MESSAGES[found.refusal], found.refusal === 'noSuchSlot' ? 'start' : 'date');
  if (partySize > found.slot.capacity) throw badInput(APPOINTMENT_MESSAGES.partyTooLarge(found.slot.capacity), 'partySize');
  return found.slot;
}

/** Lock the counter rows of `keys` in one fixed order (every change of a slot locks them first: no deadlocks). */
async function lockSlots(query: Query, keys: SlotKey[]): Promise<void> {
  for (const k of [...keys].sort((a, b) => (keyText(a) < keyText(b) ? -1 : 1))) {
    await query('SELECT 1 FROM appointment_slots WHERE project_id = $1 AND resource_key = $2 AND slot_date = $3 AND slot_start = $4 FOR UPDATE', [
      k.projectId,
      k.resourceKey,
      k.date,
      k.start,
    ]);
  }
}

/**
 * Make sure the counter row of `key` exists, so the locks of a change that touches two slots are all taken up
 * front in one order (a row made later, inside the transaction, would be locked out of order: deadlock). Reads
 * first: an INSERT … ON CONFLICT against an existing row waits for whoever holds it.
 */
async function ensureSlot(query: Query, key: SlotKey, capacity: number, now: Date): Promise<void> {
  const args = [key.projectId, key.resourceKey, key.date, key.start];
  const found = await query('SELECT 1 FROM appointment_slots WHERE project_id = $1 AND resource_key = $2 AND slot_date = $3 AND slot_start = $4', args);
  if (found.length) return;
  await query(
    `INSERT INTO appointment_slots (project_id, resource_key, slot_date, slot_start, capacity, updated_at) VALUES ($1, $2, $3, $4, $5, $6)
     ON CONFLICT (project_id, resource_key, slot_date, slot_start) DO NOTHING`,
    [...args, capacity, now],
  );
}

/** The booking row again under its lock, checked still in the slot the caller locked and allowed to take `action`. */
async function lockBooking(query: Query, row: AppointmentBookingRow, action: TBookingAction): Promise<AppointmentBookingRow> {
  const [current] = await query<AppointmentBookingRow>('SELECT * FROM appointment_bookings WHERE id = $1 FOR UPDATE', [row.id]);
  if (!current || !sameKey(rowKey(current), rowKey(row))) throw conflict(APPOINTMENT_MESSAGES.changedMeanwhile);
  if (!nextBookingState(current.state, action)) throw conflict(APPOINTMENT_MESSAGES.badTransition);
  return current;
}

/** Give back a booked booking's places (and refresh the slot's capacity from the schedule in force). */
async function freePlaces(query: Query, key: SlotKey, party: number, capacity: number | null, now: Date): Promise<void> {
  await query(
    `UPDATE appointment_slots SET taken = taken - $5::int, capacity = COALESCE($6::int, capacity), updated_at = $7
     WHERE project_id = $1 AND resource_key = $2 AND slot_date = $3 AND slot_start = $4`,
    [key.projectId, key.resourceKey, key.date, key.start, party, capacity, now],
  );
}

/**
 * Promote waiting bookings of a slot, oldest first, each that fits (first fit: a party too large for the places
 * freed waits while a smaller one behind it moves up), inside the transaction that freed the places and holds the
 * slot's row. Each promotion is one conditional UPDATE of the counter. Returns the promoted bookings' ids.
 */
export async function promoteWaiting(query: Query, key: SlotKey, now: Date): Promise<string[]> {
  const args = [key.projectId, key.resourceKey, key.date, key.start];
  const waiting = await query<AppointmentBookingRow>(
    `SELECT * FROM appointment_bookings WHERE project_id = $1 AND resource_key = $2 AND slot_date = $3 AND slot_start = $4 AND state = 'waitlisted'
     ORDER BY seq FOR UPDATE`,
    args,
  );
  const promoted: string[] = [];
  for (const w of waiting) {
    const taken = await query<AppointmentSlotRow>(
      `UPDATE appointment_slots SET taken = taken + $5::int, waiting = waiting - 1, updated_at = $6
       WHERE project_id = $1 AND resource_key = $2 AND slot_date = $3 AND slot_start = $4 AND taken + $5::int <= capacity RETURNING *`,
      [...args, w.party_size, now],
    );
    if (!taken[0]) continue;
    await query(`UPDATE appointment_bookings SET state = 'booked', promoted = true, updated_at = $2 WHERE id = $1`, [w.id, now]);
    await queuePromotionNotice(query, w);
    promoted.push(w.public_id);
    if (taken[0].taken >= taken[0].capacity) break;
  }
  return promoted;
}

const queuePromotionNoticeSql = defineSql('appointment-book.queuePromotionNotice', { title: col.text }, 'SELECT title FROM projects WHERE id = $1');

/**
 * Tell a promoted booker: the notice goes into the SMS outbox (sms_outbox, the outbox provider's table) in the
 * transaction that promoted the booking, so it exists exactly when the promotion does. A booking without a phone
 * gets none; its booking page shows the new state.
 */
async function queuePromotionNotice(query: Query, row: AppointmentBookingRow): Promise<void> {
  if (!row.phone) return;
  const [project] = await queuePromotionNoticeSql.run(query, [row.project_id]);
  const brand = BRANDS.wenjuan;
  const text = promotionNoticeText(brand.name, project?.title ?? '', dateText(row.slot_date), row.slot_start, row.slot_end);
  await query('INSERT INTO sms_outbox (phone, text, brand) VALUES ($1, $2, $3)', [row.phone, text, brand.id]);
}

export const promotionNoticeText = (brandName: string, title: string, date: string, start: string, end: string): string =>
  `【${brandName}】您在「${title}」的候补已转为预约成功：${date} ${start}–${end}，请按时到达。`;

export interface NewBooking {
  key: SlotKey;
  slot: TConcreteSlot;
  partySize: number;
  admitted: boolean;
  seq: number;
  token: string;
  userId: number | null;
  /** The answer sheet that made the booking (submit path), or null (the book call). */
  sheetId: number | null;
  name: string;
  phone: string;
  now: Date;
}

/** Store a booking whose place or waiting number was just taken, in the same transaction (its token as SHA-256 only). */
export async function insertBooking(query: Query, b: NewBooking): Promise<AppointmentBookingRow> {
  const [row] = await query<AppointmentBookingRow>(
    `INSERT INTO appointment_bookings (public_id, project_id, resource_key, slot_date, slot_start, slot_end, party_size, state, seq, token_hash, user_id, answer_sheet_id, name, phone, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $15) RETURNING *`,
    [
      publicId(),
      b.key.projectId,
      b.key.resourceKey,
      b.key.date,
      b.key.start,
      b.slot.end,
      b.partySize,
      b.admitted ? 'booked' : 'waitlisted',
      b.seq,
      sha256(b.token),
      b.userId,
      b.sheetId,
      b.name,
      b.phone,
      b.now,
    ],
  );
  // Its webhooks (issue 53), queued with the booking: the slot and the person as booked.
  await enqueueWebhookEvent(query, {
    projectId: b.key.projectId,
    event: 'booking.created',
    eventId: row!.public_id,
    payload: {
      bookingId: row!.public_id,
      resourceKey: b.key.resourceKey,
      slot: { date: String(b.key.date), start: b.key.start, end: b.slot.end },
      partySize: b.partySize,
      state: row!.state,
      person: { name: b.name, phone: b.phone },
    },
  });
  return row!;
}

export interface BookInput extends SlotChoice {
  questionId: string;
  partySize: number;
  name: string;
  phone: string;
}

/**
 * Book a slot: one transaction takes the booking's number and its places or a waiting position
 * (Deps.appointmentSeat: one conditional upsert of the slot's counter) and stores the booking with the hash of
 * its private token. The token is handed back once: it is the booking page's link.
 */
export async function book(deps: Deps, user: AuthUser | null, input: BookInput): Promise<{ booking: TBooking; token: string }> {
  const { database } = deps;
  const project = await publicAppointment(database.query, input.questionId);
  if (project.status !== PROJECT_STATUS.published) throw conflict(APPOINTMENT_MESSAGES.notCollecting, { reason: 'paused' satisfies TRefusalReason });
  const schedule = await requireSchedule(database.query, project.id);
  const now = deps.now();
  const slot = checkChoice(schedule, input, input.partySize, now);
  const key = keyOf(project.id, input);
  const taker = await deps.appointmentSeat.prepare(database.query, key);
  const token = randomToken(24);
  return database.transaction(async (query) => {
    const seat = await taker.take(query, key, slot.capacity, input.partySize, now);
    const row = await insertBooking(query, {
      key,
      slot,
      partySize: input.partySize,
      admitted: seat.admitted,
      seq: seat.seq,
      token,
      userId: user?.id ?? null,
      sheetId: null,
      name: input.name,
      phone: input.phone,
      now,
    });
    return { booking: bookingView(row, project.public_id, schedule, await waitPositionOf(query, row)), token };
  });
}

/** The booking a private token opens, or "404" (a wrong token tells nothing about other bookings). */
export async function bookingByToken(query: Query, token: string): Promise<{ row: AppointmentBookingRow; questionId: string }> {
  const rows = await query<AppointmentBookingRow & { question_public_id: string }>(
    `SELECT b.*, p.public_id AS question_public_id FROM appointment_bookings b JOIN projects p ON p.id = b.project_id
     WHERE b.token_hash = $1 AND p.deleted_at IS NULL`,
    [sha256(token)],
  );
  const row = rows[0];
  if (!row) throw notFound(APPOINTMENT_MESSAGES.badToken);
  return { row, questionId: row.question_public_id };
}

const getBookingSql = defineSql('appointment-book.getBooking', { title: col.text }, 'SELECT title FROM projects WHERE id = $1');

export async function getBooking(deps: Deps, token: string): Promise<TBookingPage> {
  const { row, questionId } = await bookingByToken(deps.database.query, token);
  const { schedule } = await readSchedule(deps.database.query, row.project_id);
  const [project] = await getBookingSql.run(deps.database.query, [row.project_id]);
  return {
    ...bookingView(row, questionId, schedule, await waitPositionOf(deps.database.query, row)),
    title: project?.title ?? '',
    partySizeMax: schedule?.partySizeMax ?? 1,
  };
}

/** Once a slot has started its booking no longer changes from the private link. */
function refuseStarted(schedule: TSchedule, row: AppointmentBookingRow, now: Date): void {
  if (instantOf(schedule.timeZone, dateText(row.slot_date), row.slot_start).getTime() <= now.getTime()) throw conflict(APPOINTMENT_MESSAGES.started);
}

/** Cancel from the private link: the places free and the slot's waiting bookings move up, in one transaction. */
export async function cancelBooking(deps: Deps, token: string, reason: string): Promise<{ booking: TBooking; promoted: string[] }> {
  const { row, questionId } = await bookingByToken(deps.database.query, token);
  return cancelRow(deps, row, questionId, reason, true);
}

/** The booking of a project by its id (the creator's calls; the power is checked by the caller). */
export async function bookingOfProject(query: Query, projectId: number, bookingId: string): Promise<AppointmentBookingRow> {
  const [row] = await query<AppointmentBookingRow>('SELECT * FROM appointment_bookings WHERE project_id = $1 AND public_id = $2', [projectId, bookingId]);
  if (!row) throw notFound('预约记录不存在');
  return row;
}

/** Cancel a booking (from its link, or by the creator with a reason, who may also cancel a started slot's booking). */
export async function cancelRow(
  deps: Deps,
  row: AppointmentBookingRow,
  questionId: string,
  reason: string,
  byRespondent: boolean,
): Promise<{ booking: TBooking; promoted: string[] }> {
  const { database } = deps;
  const schedule = await requireSchedule(database.query, row.project_id);
  const now = deps.now();
  if (byRespondent) refuseStarted(schedule, row, now);
  const key = rowKey(row);
  const capacity = findSlot(schedule, key.resourceKey, key.date, key.start)?.capacity ?? null;
  return database.transaction(async (query) => {
    await lockSlots(query, [key]);
    const current = await lockBooking(query, row, 'cancel');
    const [done] = await query<AppointmentBookingRow>(
      `UPDATE appointment_bookings SET state = 'cancelled', reason = $2, updated_at = $3 WHERE id = $1 RETURNING *`,
      [current.id, reason, now],
    );
    let promoted: string[] = [];
    if (current.state === 'booked') {
      await freePlaces(query, key, current.party_size, capacity, now);
      promoted = await promoteWaiting(query, key, now);
    } else {
      await query(
        `UPDATE appointment_slots SET waiting = waiting - 1, updated_at = $5 WHERE project_id = $1 AND resource_key = $2 AND slot_date = $3 AND slot_start = $4`,
        [key.projectId, key.resourceKey, key.date, key.start, now],
      );
    }
    return { booking: bookingView(done!, questionId, schedule), promoted };
  });
}

/**
 * Move a booked booking to another slot from the private link: one transaction takes the new places with the
 * same conditional statement as a booking (refused when they do not fit: a reschedule never waits), frees the
 * old ones and promotes the old slot's waiting bookings. Both counter rows are locked first, in a fixed order.
 */
export async function rescheduleBooking(deps: Deps, token: string, choice: SlotChoice): Promise<{ booking: TBooking; promoted: string[] }> {
  const { row, questionId } = await bookingByToken(deps.database.query, token);
  return moveRow(deps, row, questionId, choice);
}

/** Move a booked booking (its link's reschedule, or the creator's move): the same one transaction. */
export async function moveRow(
  deps: Deps,
  row: AppointmentBookingRow,
  questionId: string,
  choice: SlotChoice,
): Promise<{ booking: TBooking; promoted: string[] }> {
  const { database } = deps;
  const project = await publicAppointment(database.query, questionId);
  if (project.status !== PROJECT_STATUS.published) throw conflict(APPOINTMENT_MESSAGES.notCollecting, { reason: 'paused' satisfies TRefusalReason });
  const schedule = await requireSchedule(database.query, row.project_id);
  const now = deps.now();
  if (!nextBookingState(row.state, 'reschedule')) throw conflict(APPOINTMENT_MESSAGES.badTransition);
  refuseStarted(schedule, row, now);
  const slot = checkChoice(schedule, choice, row.party_size, now);
  const oldKey = rowKey(row);
  const newKey = keyOf(row.project_id, choice);
  if (sameKey(oldKey, newKey)) throw badInput(APPOINTMENT_MESSAGES.sameSlot, 'start');
  const oldCapacity = findSlot(schedule, oldKey.resourceKey, oldKey.date, oldKey.start)?.capacity ?? null;
  await ensureSlot(database.query, newKey, slot.capacity, now);
  const taker = await deps.appointmentSeat.prepare(database.query, newKey);
  return database.transaction(async (query) => {
    await lockSlots(query, [oldKey, newKey]);
    const current = await lockBooking(query, row, 'reschedule');
    const seat = await taker.take(query, newKey, slot.capacity, current.party_size, now);
    if (!seat.admitted) throw conflict(APPOINTMENT_MESSAGES.full, { reason: 'full' satisfies TRefusalReason });
    await freePlaces(query, oldKey, current.party_size, oldCapacity, now);
    const [moved] = await query<AppointmentBookingRow>(
      `UPDATE appointment_bookings SET resource_key = $2, slot_date = $3, slot_start = $4, slot_end = $5, seq = $6, updated_at = $7 WHERE id = $1 RETURNING *`,
      [current.id, newKey.resourceKey, newKey.date, newKey.start, slot.end, seat.seq, now],
    );
    const promoted = await promoteWaiting(query, oldKey, now);
    return { booking: bookingView(moved!, questionId, schedule), promoted };
  });
}

/** The creator's check-in or no-show: a move of the table, under the slot's and the booking's locks. */
export async function markBooking(deps: Deps, projectId: number, bookingId: string, action: 'checkIn' | 'markNoShow'): Promise<AppointmentBookingRow> {
  const { database } = deps;
  const row = await bookingOfProject(database.query, projectId, bookingId);
  const now = deps.now();
  return database.transaction(async (query) => {
    await lockSlots(query, [rowKey(row)]);
    const current = await lockBooking(query, row, action);
    const [done] = await query<AppointmentBookingRow>(`UPDATE appointment_bookings SET state = $2, updated_at = $3 WHERE id = $1 RETURNING *`, [
      current.id,
      nextBookingState(current.state, action),
      now,
    ]);
    return done!;
  });
}
