import type { TRefusalReason } from '../../../schemas/refusals';
import { isScheduledAnswer, slotKey, type TAppointmentAnswer, type TAppointmentSubject } from '../../../schemas/subjects/types/appointment';
import { productLabel, specOf, specPart } from '../../../schemas/subjects/types/product-specs';
import type { TProductSubject } from '../../../schemas/subjects/types/product';
import type { TSubject } from '../../../schemas/subjects/registry';
import { own } from '../../../schemas/subjects/base';
import { SUBJECT_TYPE } from '../../../schemas/subjects/subject-types';
import { WRITE_MESSAGES } from '../../../schemas/api/write';
import type { TQuotaRule } from '../../../schemas/logic/ast';
import type { Query } from '../../db/client';
import { conflict, type AppError } from '../errors';
import type { SubmitTarget } from './submit-cache.service';
import type { SubmitArgs } from './submit-batch.service';
import type { RowOf } from '../../db/rows';
import type { quotaCounters } from '../../db/tables';

/** A quota's places taken so far, as the submit and the answer page read them. */
export type QuotaCount = Pick<RowOf<typeof quotaCounters>, 'quota_id' | 'used'>;

/**
 * Places a sheet takes on the submit path: an appointment slot's capacity per date (type 37, `times[].capacity`)
 * and a product's stock (type 34, `products[].stock`, the units for sale in total). Each is a counter of
 * `respondent_counters` (kind 'slot' / 'stock') that wj_submit takes with one conditional upsert, `n + take <= cap`
 * (migration 0016): the database decides who gets the last place, on both engines.
 */
export interface CapacityTake {
  kind: 'slot' | 'stock';
  key: string;
  take: number;
  cap: number;
}

export const stockKey = (subject: string, product: string) => `${subject}|${product}`;
/** A spec's stock counter: the product's own key for its one (migrated) spec, else `subject|product#spec`. */
export const specStockKey = (subject: string, product: string, spec: string) => stockKey(subject, specPart(product, spec));
/**
 * A product's per-person limit (`maxPerPerson`) over all of a buyer's orders: a stock counter of its own per buyer
 * (login or device), so it is taken in the sheet's statement with the product's stock and given back with it
 * when the order closes or is cancelled (the order's `stock` lists both).
 */
export const buyerStockKey = (subject: string, product: string, buyer: string) => `${subject}|${product}|${buyer}`;

/** Who buys, for the per-person limit: the login when there is one, else the page's device key. */
export const buyerOf = (user: { id: number } | null | undefined, device: string) => (user ? `u${user.id}` : `d${device}`);

export function capacityTakes(subjects: readonly TSubject[], answers: Readonly<Record<string, unknown>>, buyer?: string): CapacityTake[] {
  const out: CapacityTake[] = [];
  for (const s of subjects) {
    const answer = own(answers, s.uuid);
    if (answer === undefined || answer === null) continue;
    if (s.subjectType === SUBJECT_TYPE.appointment) {
      const a = answer as TAppointmentAnswer;
      // Booked against the project's schedule: counted in appointment_slots (server/services/appointment/).
      if (isScheduledAnswer(a)) continue;
      const time = (s as TAppointmentSubject).times.find((t) => t.start === a.start && t.end === a.end);
      if (time?.capacity !== undefined) out.push({ kind: 'slot', key: slotKey(s.uuid, a.date, time.uuid), take: 1, cap: time.capacity });
    } else if (s.subjectType === SUBJECT_TYPE.product) {
      for (const line of answer as { productId: string; specId?: string; quantity: number }[]) {
        const product = (s as TProductSubject).products.find((p) => p.uuid === line.productId);
        const spec = product && specOf(product, line.specId);
        if (spec?.stock !== undefined && line.quantity > 0)
          out.push({ kind: 'stock', key: specStockKey(s.uuid, product!.uuid, spec.uuid), take: line.quantity, cap: spec.stock });
        if (buyer && product?.maxPerPerson !== undefined && line.quantity > 0)
          out.push({ kind: 'stock', key: buyerStockKey(s.uuid, product.uuid, buyer), take: line.quantity, cap: product.maxPerPerson });
      }
    }
  }
  return mergeTakes(out);
}

/** One take per counter: two specs of one product share the buyer's per-person counter, taken once with their sum. */
function mergeTakes(takes: CapacityTake[]): CapacityTake[] {
  const byKey = new Map<string, CapacityTake>();
  for (const t of takes) {
    const id = `${t.kind}|${t.key}`;
    const seen = byKey.get(id);
    byKey.set(id, seen ? { ...seen, take: seen.take + t.take } : t);
  }
  return [...byKey.values()];
}

/** wj_submit's refusal of a slot or a product, told with its name. */
export function capacityRefusal(subjects: readonly TSubject[], kind: 'slot' | 'stock', key: string): AppError {
  const [subjectId, second, third] = key.split('|');
  const subject = subjects.find((s) => s.uuid === subjectId);
  if (kind === 'slot') {
    const time = (subject as TAppointmentSubject | undefined)?.times.find((t) => t.uuid === third);
    const slot = time ? `${second} ${time.start}–${time.end}` : second;
    return conflict(`${slot} 已约满，请选择其他时段`);
  }
  const [productId, specId] = (second ?? '').split('#');
  const product = (subject as TProductSubject | undefined)?.products.find((p) => p.uuid === productId);
  if (third !== undefined) return conflict(`商品「${product?.title ?? ''}」每人限购 ${product?.maxPerPerson ?? 0} 件，你已达到限购数量`);
  const spec = specId && product ? (specOf(product, specId)?.name ?? '') : '';
  return conflict(`商品「${productLabel(product?.title ?? '', spec)}」库存不足，请减少数量或选择其他商品`);
}

/** Today and the time of day where the project collects (Asia/Shanghai, no daylight saving). */
function shanghai(now: Date): { date: string; time: string } {
  const local = new Date(now.getTime() + 8 * 3_600_000).toISOString();
  return { date: local.slice(0, 10), time: local.slice(11, 16) };
}

/** Appointment answers for a day that has passed, or a slot of today that is over: subject uuid → message. */
export function pastSlots(
  subjects: readonly TSubject[],
  answers: Readonly<Record<string, unknown>>,
  now: Date,
): Record<string, { code: string; message: string }[]> {
  // Today's date in Shanghai, worked out for the first dated answer only (most sheets have none).
  let today: ReturnType<typeof shanghai> | undefined;
  const out: Record<string, { code: string; message: string }[]> = {};
  for (const s of subjects) {
    if (s.subjectType !== SUBJECT_TYPE.appointment) continue;
    const a = own(answers, s.uuid) as { date?: string; end?: string; resourceKey?: string } | undefined | null;
    if (!a || typeof a.date !== 'string' || a.resourceKey !== undefined) continue;
    today ??= shanghai(now);
    if (a.date < today.date) out[s.uuid] = [{ code: 'past', message: '预约日期已过，请选择今天或以后的日期' }];
    else if (a.date === today.date && typeof a.end === 'string' && a.end <= today.time)
      out[s.uuid] = [{ code: 'past', message: '该时段已结束，请选择其他时段' }];
  }
  return out;
}

/** A product subject as the respondent sees it: `stock` is what is left to sell. */
export function withStockLeft(subject: TSubject, sold: ReadonlyMap<string, number>): TSubject {
  if (subject.subjectType !== SUBJECT_TYPE.product || !sold.size) return subject;
  const left = (stock: number | undefined, key: string) => (stock === undefined ? stock : Math.max(0, stock - (sold.get(key) ?? 0)));
  const products = (subject as TProductSubject).products.map((p) => {
    const own = p.stock === undefined ? p : { ...p, stock: left(p.stock, stockKey(subject.uuid, p.uuid)) };
    if (!p.specs) return own;
    return { ...own, specs: p.specs.map((x) => (x.stock === undefined ? x : { ...x, stock: left(x.stock, specStockKey(subject.uuid, p.uuid, x.uuid)) })) };
  });
  return { ...subject, products } as TSubject;
}

/** The refusal of a sheet whose matched quota is full: the quota's own end message, or the option named full. */
export function quotaFull(
  subjects: readonly { uuid: string; options?: { uuid: string; title: string }[] }[],
  quota: { onFull: { action: string; message?: string }; basis: string; subject?: string; option?: string },
): AppError {
  if (quota.onFull.action === 'end' && quota.onFull.message) return conflict(quota.onFull.message, { reason: 'quotaEnd' satisfies TRefusalReason });
  // 'message': the respondent stays on the sheet and answers differently, as with a full option.
  if (quota.onFull.action === 'message' && quota.onFull.message) return conflict(quota.onFull.message, { reason: 'optionFull' satisfies TRefusalReason });
  const subjectUuid = quota.basis === 'option' ? quota.subject : (quota.onFull as { subject?: string }).subject;
  const optionUuid = quota.basis === 'option' ? quota.option : (quota.onFull as { option?: string }).option;
  const title = subjects.find((s) => s.uuid === subjectUuid)?.options?.find((o) => o.uuid === optionUuid)?.title ?? '';
  return conflict(WRITE_MESSAGES.optionFull(title), { reason: 'optionFull' satisfies TRefusalReason });
}

/** What a new sheet takes besides its own row: its matched quotas, its slots and stock, and one of the answer cap. */
export interface SubmitTakes {
  target: SubmitTarget;
  quotas: readonly TQuotaRule[];
  capacities: readonly CapacityTake[];
  /** 仅限微信授权填写: the respondent's openid and 每个微信最多填写 N 次 (null: no such limit on this sheet). */
  wechat: { openid: string; limit: number } | null;
}

/** Takes a sheet's counters inside its transaction, after wj_submit stored the sheet; throws the refusal when one is full. */
export interface CapacityTaker {
  take(query: Query, takes: SubmitTakes): Promise<void>;
}

/**
 * How a new sheet takes its quotas, slots, stock, the per-WeChat limit and the answer cap (deps.capacity). The exact strategy,
 * production's, prepares nothing: wj_submit takes every one with a conditional update in the sheet's own
 * statement. A strategy that prepares a taker (before the transaction, for a new sheet) has the statement take
 * none of them and count the sheet under a cap it never reaches; the taker takes them instead.
 * tests/helpers/naive-strategies.ts has a read-then-write one, which the concurrency tests catch overshooting.
 */
export interface CapacityStrategy {
  prepare(query: Query, questionId: string): Promise<CapacityTaker | null>;
}

export const exactCapacity: CapacityStrategy = { prepare: async () => null };

/** The fields of a sheet (wj_sheet) that wj_take_places and wj_give_back_places read. */
type Places = Pick<SubmitArgs, 'project' | 'quotaIds' | 'quotaLimits' | 'limitKinds' | 'limitKeys' | 'limitValues'>;

/**
 * An edit's places as the SQL functions take them, one JSON argument: its quotas and its slots and stock ('slot#1',
 * 'stock#3': the kind names what is taken), as wj_submit passes them for a new sheet.
 */
export function placesArg(project: number, quotas: readonly { id: string; limit: number }[], takes: readonly CapacityTake[]): string {
  const places: Places = {
    project,
    quotaIds: quotas.map((q) => q.id),
    quotaLimits: quotas.map((q) => q.limit),
    limitKinds: takes.map((c) => `${c.kind}#${c.take}`),
    limitKeys: takes.map((c) => c.key),
    limitValues: takes.map((c) => c.cap),
  };
  return JSON.stringify(places);
}

export const TAKE_SQL = 'SELECT wj_take_places(jsonb_populate_record(NULL::wj_sheet, $1::jsonb))';
export const GIVE_BACK_SQL = 'SELECT wj_give_back_places(jsonb_populate_record(NULL::wj_sheet, $1::jsonb))';
