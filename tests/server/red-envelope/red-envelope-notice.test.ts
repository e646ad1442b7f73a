import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TSubmitResult } from '../../../schemas/api/write';
import { RED_NOTICES } from '../../../schemas/red-envelope/rules';
import { submissionId } from '../../helpers/publish';
import { createTestApp, type TestApp } from '../../helpers/test-app';
import { ADVICE, approve, envelopeProject, fixedRule } from './red-helpers';

/** The respondent's after-submit screen hears what happens to the sheet's red envelope (issue 49 gaps, item 2). */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ jobs: 'manual' });
}, 60_000);
afterAll(() => t.close());

async function submit(questionId: string): Promise<TSubmitResult> {
  const sent = await t.call<TSubmitResult>('active/write/submit', {
    questionId,
    submissionId: submissionId(),
    answers: { [ADVICE.uuid]: '意见' },
    deviceId: `rn${Math.random().toString(36).slice(2, 12)}`,
    durationSeconds: 60,
    source: 'link',
  });
  expect(sent.resultCode, sent.resultMsg).toBe('200');
  return sent.data;
}

describe('the submit result carries the red envelope notice', () => {
  it('says nothing without a running envelope; qualified while places last; the first N full; all paid out', async () => {
    const s = await envelopeProject(t, { ...fixedRule(2), qualify: 'first', firstN: 2 }, { balanceFen: 200 });
    expect((await submit(s.questionId)).redPacket).toBeUndefined();
    expect((await t.call(`activity/question/redPacket/payRedPacket`, { questionId: s.questionId }, s.owner.headers)).resultCode).toBe('200');
    const one = await submit(s.questionId);
    const two = await submit(s.questionId);
    expect(one.redPacket).toEqual({ state: 'qualified', message: RED_NOTICES.qualified });
    expect(two.redPacket?.message).toBe('你已获得红包资格，创建者审核通过后发放');
    expect((await submit(s.questionId)).redPacket).toEqual({ state: 'exhausted', message: RED_NOTICES.firstGone(2) });
    expect((await approve(t, s, [one.sheetId, two.sheetId])).data.done).toBe(2);
    expect((await submit(s.questionId)).redPacket).toEqual({ state: 'exhausted', message: RED_NOTICES.exhausted });
  });

  it('an exam sheet below the score is told the score it needed', async () => {
    const exam = await envelopeProject(t, { ...fixedRule(3), qualify: 'score', minScore: 60 }, { balanceFen: 300, pay: true, questionType: 2 });
    expect((await submit(exam.questionId)).redPacket).toEqual({ state: 'notQualified', message: RED_NOTICES.score(60) });
  });
});
