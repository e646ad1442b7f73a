import { randomInt } from 'node:crypto';
import type { TApplyDetail, TDevApplication, TPage, TRejectReason } from '../../../schemas/api/wxpay';
import { APPLYMENT_STATE_NAMES, type TApplymentState } from '../../../schemas/merchant/constants';
import type { Database, Query } from '../../db/client';
import { conflict, notFound } from '../errors';
import type { MerchantApplicationRow } from '../../db/rows';
import { appendEvent, NOT_FOUND_MESSAGE, toDetail, toSummary } from './merchant-applications.service';

/**
 * The sandbox reviewer's decisions (dev/merchant/*): each is one conditional update from the state it
 * leaves, so two reviewers clicking at once decide once; the loser gets "409".
 */

const maskPhone = (phone: string) => (phone.length === 11 ? `${phone.slice(0, 3)}****${phone.slice(7)}` : phone);

export async function listApplications(query: Query, filter: { state?: TApplymentState; page: number; pageSize: number }): Promise<TPage<TDevApplication>> {
  const rows = await query<MerchantApplicationRow & { phone: string; total: string | number }>(
    `SELECT a.*, u.phone, count(*) OVER () AS total FROM merchant_applications a JOIN users u ON u.id = a.user_id
     WHERE ($1::text IS NULL OR a.state = $1) ORDER BY a.updated_at DESC, a.id DESC LIMIT $2 OFFSET $3`,
    [filter.state ?? null, filter.pageSize, (filter.page - 1) * filter.pageSize],
  );
  return {
    list: rows.map((row) => ({ ...toSummary(row), phone: maskPhone(row.phone) })),
    total: Number(rows[0]?.total ?? 0),
    page: filter.page,
    pageSize: filter.pageSize,
  };
}

export async function reviewDetail(query: Query, outRequestNo: string): Promise<TApplyDetail> {
  const [row] = await query<MerchantApplicationRow>('SELECT * FROM merchant_applications WHERE out_request_no = $1', [outRequestNo]);
  if (!row) throw notFound(NOT_FOUND_MESSAGE);
  return toDetail(query, row);
}

interface TDecision {
  from: TApplymentState;
  to: TApplymentState;
  event: string;
  set: string;
  params: unknown[];
  reasons?: TRejectReason[];
}

async function decide(database: Database, outRequestNo: string, decision: TDecision): Promise<TApplyDetail> {
  return database.transaction(async (query) => {
    const [row] = await query<MerchantApplicationRow>(
      `UPDATE merchant_applications SET state = $2, ${decision.set}, updated_at = now() WHERE out_request_no = $1 AND state = $3 RETURNING *`,
      [outRequestNo, decision.to, decision.from, ...decision.params],
    );
    if (!row) {
      const [current] = await query<MerchantApplicationRow>('SELECT state FROM merchant_applications WHERE out_request_no = $1', [outRequestNo]);
      if (!current) throw notFound(NOT_FOUND_MESSAGE);
      throw conflict(`申请单当前为「${APPLYMENT_STATE_NAMES[current.state]}」，不能进行此操作`);
    }
    await appendEvent(query, row.id, decision.event, decision.to, decision.reasons);
    return toDetail(query, row);
  });
}

/** 审核通过 → 待签约, with the link the merchant's administrator signs at. */
export const approve = (database: Database, outRequestNo: string) =>
  decide(database, outRequestNo, {
    from: 'AUDITING',
    to: 'TO_BE_SIGNED',
    event: 'approved',
    set: `reject_reasons = '[]'::jsonb, sign_url = '/merchant.html?sign=' || applyment_id`,
    params: [],
  });

/** 签约完成 → 已完成, with the new sub-merchant number. */
export const sign = (database: Database, outRequestNo: string) =>
  decide(database, outRequestNo, {
    from: 'TO_BE_SIGNED',
    to: 'FINISHED',
    event: 'signed',
    set: 'sub_mchid = $4',
    params: [`19${Array.from({ length: 8 }, () => randomInt(10)).join('')}`],
  });

/** 驳回 with reasons, each naming the step to fix. */
export const reject = (database: Database, outRequestNo: string, reasons: TRejectReason[]) =>
  decide(database, outRequestNo, {
    from: 'AUDITING',
    to: 'REJECTED',
    event: 'rejected',
    set: 'reject_reasons = $4::jsonb',
    params: [JSON.stringify(reasons)],
    reasons,
  });
