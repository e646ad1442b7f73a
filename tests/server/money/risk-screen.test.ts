import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TDataDetail, TRiskScreenInfo, TRiskScreenResult, TSheetDetail } from '../../../schemas/api/report';
import type { TSubject } from '../../../schemas/subjects/registry';
import { grantQuota } from '../../../server/services/money/quota.service';
import { makeSubject } from '../../helpers/fixtures';
import { publishProject, submissionId } from '../../helpers/publish';
import { createTestApp, type TestApp } from '../../helpers/test-app';
import { engineName } from '../../helpers/test-db';
import { newPayer, recharge, type Payer } from './money-helpers';

/**
 * 风控筛查 (issue 46 item 3): the paid screening flags repeated devices, users, identical answers and bursts from
 * one IP, takes exactly one unit of the project owner's risk quota per sheet screened, screens as many as the
 * quota covers (oldest first) and never a sheet twice; no units is a clear refusal pointing at the package page.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ jobs: 'manual' });
}, 60_000);
afterAll(() => t.close());

const R = 'question/statement/';
const opts = (prefix: string, titles: string[]) => titles.map((title, i) => ({ uuid: `${prefix}${i}`, title }));
const ok = <T>(answer: { resultCode: string; resultMsg: string; data: T }) => {
  expect(answer.resultCode, answer.resultMsg).toBe('200');
  return answer.data;
};
const T0 = Date.parse('2026-11-02T02:00:00Z');

/** One sheet: its device, answers, IP and minute after T0 (IP and time set on the stored row). */
interface Plan {
  name: string;
  device: string;
  choice: number;
  text: string;
  ip: string;
  minute: number;
}
// A first; B the same device again; C the same answers as A; D E F three from one IP within 10 minutes
// (F is the third); G that IP again 35 minutes later (alone in its window).
const PLANS: Plan[] = [
  { name: 'A', device: 'dev-a', choice: 0, text: '价格太高', ip: '10.0.0.1', minute: 0 },
  { name: 'B', device: 'dev-a', choice: 1, text: '服务很好', ip: '10.0.0.2', minute: 1 },
  { name: 'C', device: 'dev-c', choice: 0, text: '价格太高', ip: '10.0.0.3', minute: 2 },
  { name: 'D', device: 'dev-d', choice: 1, text: '送货慢', ip: '10.0.0.9', minute: 3 },
  { name: 'E', device: 'dev-e', choice: 0, text: '包装好', ip: '10.0.0.9', minute: 4 },
  { name: 'F', device: 'dev-f', choice: 1, text: '还会再买', ip: '10.0.0.9', minute: 5 },
  { name: 'G', device: 'dev-g', choice: 0, text: '一般', ip: '10.0.0.9', minute: 40 },
];

async function seed(owner: Payer) {
  const pick = { ...makeSubject(1, 1, '满意吗'), options: opts('o', ['满意', '不满意']) } as TSubject;
  const advice = { ...makeSubject(7, 2, '建议'), required: false } as TSubject;
  const questionId = await publishProject(t, owner.headers, { subjects: [pick, advice] });
  const sheets: Record<string, string> = {};
  for (const p of PLANS) {
    const answers = { [pick.uuid]: { optionIds: [`o${p.choice}`] }, [advice.uuid]: p.text };
    const body = { questionId, submissionId: submissionId(), answers, deviceId: p.device, durationSeconds: 60, source: 'link' };
    const sheetId = ok(await t.call<{ sheetId: string }>('active/write/submit', body)).sheetId;
    await t.database.query('UPDATE answer_sheets SET ip = $2, created_at = $3 WHERE public_id = $1', [sheetId, p.ip, new Date(T0 + p.minute * 60_000)]);
    sheets[p.name] = sheetId;
  }
  return { questionId, sheets };
}

async function flags(questionId: string) {
  const rows = await t.database.query<{ public_id: string; suspect: boolean; suspect_reason: string | null; screened: boolean }>(
    `SELECT a.public_id, a.suspect, a.suspect_reason, a.risk_screened_at IS NOT NULL AS screened FROM answer_sheets a
     JOIN projects p ON p.id = a.project_id WHERE p.public_id = $1`,
    [questionId],
  );
  return new Map(rows.map((r) => [r.public_id, r]));
}

const riskOf = async (userId: number) =>
  (await t.database.query<{ remaining: number; used: number }>(`SELECT remaining, used FROM user_quotas WHERE user_id = $1 AND kind = 'risk'`, [userId]))[0] ??
  null;

async function member(questionId: string, power: 1 | 2 | 3) {
  const user = await newPayer(t);
  const [project] = await t.database.query<{ id: number }>('SELECT id FROM projects WHERE public_id = $1', [questionId]);
  await t.database.query('INSERT INTO project_members (project_id, user_id, power_type) VALUES ($1, $2, $3)', [project!.id, user.id, power]);
  return user;
}

describe(`risk screening (${engineName()})`, () => {
  it('refuses with no units, screens as many as the quota covers, flags by device, content and IP burst, and charges each sheet once', async () => {
    const owner = await newPayer(t);
    const { questionId, sheets } = await seed(owner);
    const q = { questionId };

    expect(ok(await t.call<TRiskScreenInfo>(`${R}getRiskScreen`, q, owner.headers))).toEqual({ pending: 7, remaining: 0, buyPath: '/buyRiskAccound.html' });
    const refused = await t.call<{ reason: string; buyPath: string }>(`${R}riskScreen`, q, owner.headers);
    expect(refused.resultCode).toBe('409');
    expect(refused.resultMsg).toBe('风控筛查次数不足，请先购买风控服务');
    expect(refused.data).toMatchObject({ reason: 'quotaEmpty', buyPath: '/buyRiskAccound.html' });
    expect([...(await flags(questionId)).values()].some((r) => r.screened || r.suspect)).toBe(false);

    // Four units: the four oldest sheets (A–D) are screened, three wait.
    await grantQuota(t.database.query, owner.id, 'risk', 4, new Date());
    expect(ok(await t.call<TRiskScreenResult>(`${R}riskScreen`, q, owner.headers))).toEqual({ screened: 4, flagged: 2, unscreened: 3, remaining: 0 });
    let rows = await flags(questionId);
    expect(['A', 'B', 'C', 'D'].map((n) => rows.get(sheets[n]!)!.screened)).toEqual([true, true, true, true]);
    expect(['E', 'F', 'G'].map((n) => rows.get(sheets[n]!)!.screened)).toEqual([false, false, false]);
    expect(rows.get(sheets.B!)).toMatchObject({ suspect: true, suspect_reason: '同一设备重复提交' });
    expect(rows.get(sheets.C!)).toMatchObject({ suspect: true, suspect_reason: '与其他答卷内容相同' });
    expect(rows.get(sheets.A!)).toMatchObject({ suspect: false, suspect_reason: null });
    expect(rows.get(sheets.D!)).toMatchObject({ suspect: false, suspect_reason: null });
    expect((await t.call(`${R}riskScreen`, q, owner.headers)).resultMsg).toBe('风控筛查次数不足，请先购买风控服务');

    // A bought package (sandbox recharge, paid from the balance) screens the rest: F is the third from one IP.
    await recharge(t, owner, 3_000);
    ok(await t.call('active/pay/getBalancePay', { packageId: 'risk-1000' }, owner.headers));
    expect(ok(await t.call<TRiskScreenResult>(`${R}riskScreen`, q, owner.headers))).toEqual({ screened: 3, flagged: 1, unscreened: 0, remaining: 997 });
    rows = await flags(questionId);
    expect(rows.get(sheets.F!)).toMatchObject({ suspect: true, suspect_reason: '同一IP短时间内多次提交' });
    expect(rows.get(sheets.E!)!.suspect).toBe(false);
    expect(rows.get(sheets.G!)!.suspect).toBe(false);

    // Screened sheets are never charged again; a new sheet is.
    expect(ok(await t.call<TRiskScreenResult>(`${R}riskScreen`, q, owner.headers))).toEqual({ screened: 0, flagged: 0, unscreened: 0, remaining: 997 });
    expect(await riskOf(owner.id)).toMatchObject({ remaining: 997, used: 7 });

    // The report shows the reason on the 可疑 tag's row and on the sheet.
    const detail = ok(await t.call<TDataDetail>(`${R}getDataDetail`, { questionId, sort: 'createTime', order: 'asc' }, owner.headers));
    expect(detail.list.map((r) => r.suspectReason)).toEqual([null, '同一设备重复提交', '与其他答卷内容相同', null, null, '同一IP短时间内多次提交', null]);
    const sheet = ok(await t.call<TSheetDetail>(`${R}getAnswerSheetDetail`, { questionId, sheetId: sheets.C }, owner.headers));
    expect(sheet).toMatchObject({ suspect: true, suspectReason: '与其他答卷内容相同' });
  });

  it('several rules on one sheet name them all, and a creator’s own flag reads 手动标记', async () => {
    const owner = await newPayer(t);
    const { questionId, sheets } = await seed(owner);
    // A second copy of A from A's device and IP within the minute: device, content; the IP has two sheets only.
    const again = await t.database.query<{ public_id: string }>(
      `INSERT INTO answer_sheets (public_id, project_id, submission_id, body_hash, device_id, ip, source, answers, result, duration_seconds, created_at)
       SELECT 'copy-of-a-0001', project_id, 'sub-copy-a', body_hash, device_id, ip, source, answers, result, duration_seconds, created_at + interval '30 seconds'
       FROM answer_sheets WHERE public_id = $1 RETURNING public_id`,
      [sheets.A],
    );
    ok(await t.call(`${R}markSuspect`, { questionId, sheetId: sheets.E, suspect: true }, owner.headers));
    await grantQuota(t.database.query, owner.id, 'risk', 50, new Date());
    expect(ok(await t.call<TRiskScreenResult>(`${R}riskScreen`, { questionId }, owner.headers))).toMatchObject({ screened: 8, flagged: 4, remaining: 42 });
    const rows = await flags(questionId);
    expect(rows.get(again[0]!.public_id)!.suspect_reason).toBe('同一设备重复提交；与其他答卷内容相同');
    expect(rows.get(sheets.E!)).toMatchObject({ suspect: true, suspect_reason: '手动标记' });
    ok(await t.call(`${R}markSuspect`, { questionId, sheetId: sheets.B, suspect: false }, owner.headers));
    expect((await flags(questionId)).get(sheets.B!)).toMatchObject({ suspect: false, suspect_reason: null, screened: true });
  });

  it("takes the project owner's units when an edit collaborator screens; view members and strangers are refused", async () => {
    const owner = await newPayer(t);
    const { questionId } = await seed(owner);
    await grantQuota(t.database.query, owner.id, 'risk', 10, new Date());
    const editor = await member(questionId, 2);
    await grantQuota(t.database.query, editor.id, 'risk', 100, new Date());
    const viewer = await member(questionId, 3);
    const stranger = await newPayer(t);
    await grantQuota(t.database.query, stranger.id, 'risk', 100, new Date());

    expect((await t.call(`${R}riskScreen`, { questionId }, viewer.headers)).resultCode).toBe('403');
    expect((await t.call(`${R}riskScreen`, { questionId }, stranger.headers)).resultCode).toBe('404');
    expect((await t.call(`${R}getRiskScreen`, { questionId }, stranger.headers)).resultCode).toBe('404');
    expect(ok(await t.call<TRiskScreenInfo>(`${R}getRiskScreen`, { questionId }, editor.headers))).toMatchObject({ pending: 7, remaining: 10 });
    expect(ok(await t.call<TRiskScreenResult>(`${R}riskScreen`, { questionId }, editor.headers))).toMatchObject({ screened: 7, remaining: 3 });
    expect(await riskOf(owner.id)).toMatchObject({ remaining: 3, used: 7 });
    expect(await riskOf(editor.id)).toMatchObject({ remaining: 100, used: 0 });
    expect(await riskOf(stranger.id)).toMatchObject({ remaining: 100, used: 0 });
  });

  it('leaves sheets in the bin unscreened and uncharged', async () => {
    const owner = await newPayer(t);
    const { questionId, sheets } = await seed(owner);
    ok(await t.call(`${R}delAnswerSheet`, { questionId, sheetId: sheets.G }, owner.headers));
    await grantQuota(t.database.query, owner.id, 'risk', 20, new Date());
    expect(ok(await t.call<TRiskScreenResult>(`${R}riskScreen`, { questionId }, owner.headers))).toEqual({
      screened: 6,
      flagged: 3,
      unscreened: 0,
      remaining: 14,
    });
    expect((await flags(questionId)).get(sheets.G!)!.screened).toBe(false);
  });
});
