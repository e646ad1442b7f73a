import { randomInt } from 'node:crypto';
import type {
  TApplyDetail,
  TApplyEvent,
  TApplySummary,
  TMerchantApplication,
  TProviderCount,
  TProviderDetail,
  TRejectReason,
} from '../../../schemas/api/wxpay';
import { APPLYMENT_STATE_NAMES, type TApplymentState } from '../../../schemas/merchant/constants';
import type { Database, Query } from '../../db/client';
import type { MerchantApplicationRow } from '../../db/rows';
import { conflict, notFound } from '../errors';
import type { MerchantReviewProvider } from '../../providers/merchant-review';
import { sha256 } from '../crypto';
import type { AuthUser } from '../access/sessions.service';
import { col, defineSql } from '../../db/sql';

/** Merchant applications (issue 9): one per out_request_no, owned by one user, with an append-only history. */

export const NOT_FOUND_MESSAGE = '申请单不存在';
const iso = (value: Date | string) => new Date(value).toISOString();
const digits = (n: number) => Array.from({ length: n }, () => randomInt(10)).join('');

/** Beijing date and time in the number, then random digits: readable in support chats, not guessable. */
export function newOutRequestNo(now: Date): string {
  const beijing = new Date(now.getTime() + 8 * 3600_000).toISOString().replace(/\D/g, '').slice(0, 14);
  return `WJ${beijing}${digits(10)}`;
}

export function toSummary(row: MerchantApplicationRow): TApplySummary {
  return {
    out_request_no: row.out_request_no,
    applyment_id: row.applyment_id,
    applyment_state: row.state,
    applyment_state_desc: APPLYMENT_STATE_NAMES[row.state],
    merchant_name: row.merchant_name,
    organization_type: row.organization_type,
    reject_reasons: row.reject_reasons ?? [],
    sign_url: row.sign_url,
    sub_mchid: row.sub_mchid,
    submit_count: row.submit_count,
    submitted_at: iso(row.submitted_at),
    updated_at: iso(row.updated_at),
  };
}

const EVENT_DESC: Record<string, string> = {
  submitted: '提交申请',
  resubmitted: '修改后重新提交',
  auditing: '进入审核',
  rejected: '审核驳回',
  approved: '审核通过，待签约',
  signed: '签约完成，开户成功',
};

export async function appendEvent(query: Query, applicationId: number, kind: string, state: TApplymentState, reasons: TRejectReason[] = []): Promise<void> {
  await query(`INSERT INTO merchant_application_events (application_id, kind, state, reasons) VALUES ($1, $2, $3, $4::jsonb)`, [
    applicationId,
    kind,
    state,
    JSON.stringify(reasons),
  ]);
}

const toDetailSql = defineSql(
  'merchant-applications.toDetail',
  { kind: col.text, state: col.text.as<TApplymentState>(), reasons: col.json.as<TRejectReason[]>(), created_at: col.timestamp },
  'SELECT kind, state, reasons, created_at FROM merchant_application_events WHERE application_id = $1 ORDER BY id',
);

export async function toDetail(query: Query, row: MerchantApplicationRow): Promise<TApplyDetail> {
  const events = await toDetailSql.run(query, [row.id]);
  const history: TApplyEvent[] = events.map((e) => ({
    kind: e.kind,
    state: e.state,
    desc: EVENT_DESC[e.kind] ?? e.kind,
    reasons: e.reasons ?? [],
    at: iso(e.created_at),
  }));
  return { ...toSummary(row), history, application: row.body };
}

/** The caller's application under a number; a stranger's number is "404" exactly like a missing one. */
export async function ownApplication(query: Query, user: AuthUser, outRequestNo: string): Promise<MerchantApplicationRow> {
  const rows = await query<MerchantApplicationRow>('SELECT * FROM merchant_applications WHERE out_request_no = $1 AND user_id = $2', [outRequestNo, user.id]);
  if (!rows[0]) throw notFound(NOT_FOUND_MESSAGE);
  return rows[0];
}

const LOCKED_MESSAGES: Partial<Record<TApplymentState, string>> = {
  SUBMITTED: '申请单审核中，暂不能修改',
  AUDITING: '申请单审核中，暂不能修改',
  TO_BE_SIGNED: '申请单已通过审核，不能修改',
  FINISHED: '申请单已完成，如需修改请新建申请',
};

/**
 * applyMch. The unique out_request_no makes a number one application: a retry with the same body replays
 * the current answer, a rejected application is resubmitted (history appended), any other change is "409".
 * The provider is called outside the transaction and only while the application waits to be handed over.
 */
export async function applyMch(database: Database, review: MerchantReviewProvider, user: AuthUser, body: TMerchantApplication): Promise<TApplySummary> {
  const hash = sha256(JSON.stringify(body));
  const values = [body.business_license_info.organization_type, body.sales_scene_info.store_name, JSON.stringify(body), hash];
  const row = await database.transaction(async (query) => {
    const inserted = await query<MerchantApplicationRow>(
      `INSERT INTO merchant_applications (out_request_no, applyment_id, user_id, state, organization_type, merchant_name, body, body_hash)
       VALUES ($1, $2, $3, 'SUBMITTED', $4, $5, $6::jsonb, $7) ON CONFLICT (out_request_no) DO NOTHING RETURNING *`,
      [body.out_request_no, `AP${digits(16)}`, user.id, ...values],
    );
    if (inserted[0]) {
      await appendEvent(query, inserted[0].id, 'submitted', 'SUBMITTED');
      return inserted[0];
    }
    const [existing] = await query<MerchantApplicationRow>('SELECT * FROM merchant_applications WHERE out_request_no = $1 FOR UPDATE', [body.out_request_no]);
    if (!existing || existing.user_id !== user.id) throw notFound(NOT_FOUND_MESSAGE);
    if (existing.state === 'REJECTED') {
      const [updated] = await query<MerchantApplicationRow>(
        `UPDATE merchant_applications SET state = 'SUBMITTED', organization_type = $2, merchant_name = $3, body = $4::jsonb, body_hash = $5,
           reject_reasons = '[]'::jsonb, submit_count = submit_count + 1, submitted_at = now(), updated_at = now()
         WHERE id = $1 AND state = 'REJECTED' RETURNING *`,
        [existing.id, ...values],
      );
      await appendEvent(query, existing.id, 'resubmitted', 'SUBMITTED');
      return updated!;
    }
    if (existing.body_hash === hash) return existing;
    throw conflict(LOCKED_MESSAGES[existing.state] ?? '申请单当前状态不能修改');
  });
  if (row.state !== 'SUBMITTED') return toSummary(row);
  return toSummary(await handOver(database, review, row));
}

/** Give a waiting application to the provider and record the state it reports. */
async function handOver(database: Database, review: MerchantReviewProvider, row: MerchantApplicationRow): Promise<MerchantApplicationRow> {
  const { state } = await review.submit({
    outRequestNo: row.out_request_no,
    applymentId: row.applyment_id,
    organizationType: row.organization_type,
    body: row.body,
    submitCount: row.submit_count,
  });
  if (state === 'SUBMITTED') return row;
  return database.transaction(async (query) => {
    const [moved] = await query<MerchantApplicationRow>(
      `UPDATE merchant_applications SET state = $2, updated_at = now() WHERE id = $1 AND state = 'SUBMITTED' RETURNING *`,
      [row.id, state],
    );
    if (moved) await appendEvent(query, row.id, 'auditing', state);
    return moved ?? (await query<MerchantApplicationRow>('SELECT * FROM merchant_applications WHERE id = $1', [row.id]))[0]!;
  });
}

/** getProviderStatus: the caller's application under a number, or their newest; null when there is none. */
export async function providerStatus(query: Query, user: AuthUser, outRequestNo?: string): Promise<TApplySummary | null> {
  const rows = outRequestNo
    ? await query<MerchantApplicationRow>('SELECT * FROM merchant_applications WHERE out_request_no = $1 AND user_id = $2', [outRequestNo, user.id])
    : await query<MerchantApplicationRow>('SELECT * FROM merchant_applications WHERE user_id = $1 ORDER BY updated_at DESC, id DESC LIMIT 1', [user.id]);
  return rows[0] ? toSummary(rows[0]) : null;
}

/** getProviderDetail: the merchant the caller has once an application is finished (the newest), or null. */
export async function providerDetail(query: Query, user: AuthUser): Promise<TProviderDetail | null> {
  const [row] = await query<MerchantApplicationRow>(
    `SELECT * FROM merchant_applications WHERE user_id = $1 AND state = 'FINISHED' ORDER BY updated_at DESC, id DESC LIMIT 1`,
    [user.id],
  );
  if (!row) return null;
  return {
    out_request_no: row.out_request_no,
    sub_mchid: row.sub_mchid ?? '',
    merchant_name: row.merchant_name,
    merchant_shortname: row.body.sales_scene_info?.merchant_shortname ?? '',
    organization_type: row.organization_type,
    finished_at: iso(row.updated_at),
  };
}

const providerCountSql = defineSql(
  'merchant-applications.providerCount',
  { state: col.text.as<TApplymentState>(), n: col.bigint },
  'SELECT state, count(*) AS n FROM merchant_applications WHERE user_id = $1 GROUP BY state',
);

/** getProviderCount: the caller's applications by state. */
export async function providerCount(query: Query, user: AuthUser): Promise<TProviderCount> {
  const rows = await providerCountSql.run(query, [user.id]);
  const of = (...states: TApplymentState[]) => rows.filter((r) => states.includes(r.state)).reduce((sum, r) => sum + Number(r.n), 0);
  return {
    total: of('SUBMITTED', 'AUDITING', 'REJECTED', 'TO_BE_SIGNED', 'FINISHED'),
    auditing: of('SUBMITTED', 'AUDITING'),
    rejected: of('REJECTED'),
    to_be_signed: of('TO_BE_SIGNED'),
    finished: of('FINISHED'),
  };
}
