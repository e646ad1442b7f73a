import { expect } from 'vitest';
import type { TDecisions, TRedPacketView } from '../../../schemas/api/red-envelope';
import type { TSubject } from '../../../schemas/subjects/registry';
import type { TRedRule } from '../../../schemas/red-envelope/rules';
import { makeSubject } from '../../helpers/fixtures';
import { publishProject, submissionId } from '../../helpers/publish';
import type { TestApp } from '../../helpers/test-app';
import { newPayer, recharge, type Payer } from '../money/money-helpers';

export const RP = 'activity/question/redPacket/';
export const RANDOM_10_FOR_3: TRedRule = {
  amountMode: 'random',
  minFen: 30,
  maxFen: 1_000,
  totalCount: 3,
  budgetFen: 1_000,
  qualify: 'valid',
  minScore: null,
  firstN: null,
};
export const fixedRule = (count: number, fen = 100): TRedRule => ({
  amountMode: 'fixed',
  minFen: fen,
  maxFen: fen,
  totalCount: count,
  budgetFen: fen * count,
  qualify: 'valid',
  minScore: null,
  firstN: null,
});

export const ADVICE = makeSubject(7, 1, '建议') as TSubject;
const advice = ADVICE;

export interface Setup {
  owner: Payer;
  questionId: string;
  projectId: number;
}

/** A published survey whose owner has `balanceFen` and saved `rule` (paid in when `pay`). */
export async function envelopeProject(t: TestApp, rule: TRedRule, options: { balanceFen?: number; pay?: boolean; questionType?: number } = {}): Promise<Setup> {
  const owner = await newPayer(t);
  if (options.balanceFen) await recharge(t, owner, options.balanceFen);
  const questionId = await publishProject(t, owner.headers, { subjects: [advice], questionType: options.questionType ?? 1 });
  const saved = await t.call<TRedPacketView>(`${RP}saveRedPacket`, { questionId, rule }, owner.headers);
  expect(saved.resultCode, saved.resultMsg).toBe('200');
  if (options.pay) {
    const paid = await t.call<TRedPacketView>(`${RP}payRedPacket`, { questionId }, owner.headers);
    expect(paid.resultCode, paid.resultMsg).toBe('200');
  }
  const [row] = await t.database.query<{ id: number }>('SELECT id FROM projects WHERE public_id = $1', [questionId]);
  return { owner, questionId, projectId: row!.id };
}

/** `n` respondents answer; their sheets' public ids in order. */
export async function answer(t: TestApp, questionId: string, n: number): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < n; i++) {
    const sent = await t.call<{ sheetId?: string }>('active/write/submit', {
      questionId,
      submissionId: submissionId(),
      answers: { [advice.uuid]: `意见 ${i}` },
      deviceId: `rp${Math.random().toString(36).slice(2, 12)}`,
      durationSeconds: 60,
      source: 'link',
    });
    expect(sent.resultCode, sent.resultMsg).toBe('200');
  }
  const rows = await t.database.query<{ public_id: string }>(
    'SELECT s.public_id FROM answer_sheets s JOIN projects p ON p.id = s.project_id WHERE p.public_id = $1 ORDER BY s.id',
    [questionId],
  );
  ids.push(...rows.slice(-n).map((r) => r.public_id));
  return ids;
}

export const approve = (t: TestApp, s: Setup, sheetIds: string[], headers = s.owner.headers) =>
  t.call<TDecisions>(`${RP}approveRedPacket`, { questionId: s.questionId, sheetIds }, headers);

/** The envelope's money: budget, taken, returned, and its ledger's sums per kind. */
export async function envelopeMoney(t: TestApp, projectId: number) {
  const [row] = await t.database.query<{
    budget: number;
    allocated: number;
    returned: number;
    paid_count: number;
    hold: number;
    payout: number;
    back: number;
    payouts: number;
  }>(
    `SELECT e.budget_fen AS budget, e.allocated_fen AS allocated, e.returned_fen AS returned, e.paid_count,
       coalesce((SELECT sum(amount_fen) FROM red_envelope_ledger WHERE project_id = e.project_id AND kind = 'hold'), 0)::int AS hold,
       coalesce((SELECT sum(amount_fen) FROM red_envelope_ledger WHERE project_id = e.project_id AND kind = 'payout'), 0)::int AS payout,
       coalesce((SELECT sum(amount_fen) FROM red_envelope_ledger WHERE project_id = e.project_id AND kind = 'return'), 0)::int AS back,
       (SELECT count(*) FROM red_envelope_payouts WHERE project_id = e.project_id AND state <> 'rejected')::int AS payouts
     FROM red_envelopes e WHERE e.project_id = $1`,
    [projectId],
  );
  return row!;
}
