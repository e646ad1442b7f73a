import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { fenOfYuan, payDraftProblem } from '../../machines/pay-quick-start/pay-quick-start.operations';
import { payQuickStartMachine } from '../../machines/pay-quick-start/pay-quick-start.machine';
import { selectLimitDialog, selectPublished } from '../../machines/pay-quick-start/pay-quick-start.selectors';
import type { TPayDraft } from '../../machines/pay-quick-start/pay-quick-start.types';

const DRAFT: TPayDraft = { title: '三年二班班费', description: '', items: [{ key: 'a', name: '本学期班费', price: '50' }] };
const FREE = { questionCount: 3, maxNumber: 20, memberLevel: 1, levelName: '免费版', subjectLimit: 200 };

function harness(options: { publishFailures?: number; used?: number; isCreate?: 0 | 1 | 2 } = {}) {
  const calls: string[] = [];
  let failures = options.publishFailures ?? 0;
  let created = 0;
  const logic = payQuickStartMachine.provide({
    actors: {
      checkCount: fromPromise(async () => ({ ...FREE, questionCount: options.used ?? 3 })),
      create: fromPromise(async ({ input }: { input: TPayDraft }) => {
        calls.push(`create ${input.title}`);
        const isCreate = options.isCreate ?? 1;
        return { isCreate, questionId: isCreate === 1 ? `q_${++created}` : null };
      }),
      publish: fromPromise(async ({ input }: { input: string }) => {
        calls.push(`publish ${input}`);
        if (failures-- > 0) throw new Error('网络不稳定，请重试');
      }),
    },
  });
  return { actor: createActor(logic).start(), calls };
}

describe('收款 quick start (issue 47 item 5)', () => {
  it('checks the count, creates and publishes one page', async () => {
    const { actor, calls } = harness();
    actor.send({ type: 'pay.publish', draft: DRAFT });
    await waitFor(actor, selectPublished);
    expect(calls).toEqual(['create 三年二班班费', 'publish q_1']);
  });

  it('after a failed publish, 发布 again publishes the same page instead of creating a second one', async () => {
    const { actor, calls } = harness({ publishFailures: 1 });
    actor.send({ type: 'pay.publish', draft: DRAFT });
    await waitFor(actor, (snapshot) => snapshot.matches('failed'));
    expect(actor.getSnapshot().context.error).toBe('网络不稳定，请重试');
    actor.send({ type: 'pay.publish', draft: DRAFT });
    await waitFor(actor, selectPublished);
    expect(calls).toEqual(['create 三年二班班费', 'publish q_1', 'publish q_1']);
  });

  it('refuses a draft without a title, an item or a proper price, calling nothing', () => {
    const { actor, calls } = harness();
    actor.send({ type: 'pay.publish', draft: { ...DRAFT, title: '' } });
    expect(actor.getSnapshot().context.error).toBe('请填写收款标题');
    actor.send({ type: 'pay.publish', draft: { ...DRAFT, items: [] } });
    expect(actor.getSnapshot().context.error).toBe('请至少添加一个收款项目');
    actor.send({ type: 'pay.publish', draft: { ...DRAFT, items: [{ key: 'a', name: '班费', price: '0' }] } });
    expect(actor.getSnapshot().context.error).toBe('「班费」的金额请填 0.01 到 100000 元');
    actor.send({ type: 'pay.publish', draft: { ...DRAFT, items: [{ key: 'a', name: '', price: '5' }] } });
    expect(actor.getSnapshot().context.error).toBe('请填写第1个项目的名称');
    expect(calls).toEqual([]);
  });

  it('the daily limit (at the check, or counted by the server meanwhile) shows the limit dialog', async () => {
    const checked = harness({ used: 20 });
    checked.actor.send({ type: 'pay.publish', draft: DRAFT });
    await waitFor(checked.actor, (snapshot) => snapshot.matches('dailyLimit'));
    expect(selectLimitDialog(checked.actor.getSnapshot())).toMatchObject({ kind: 'daily', maxNumber: 20 });
    expect(checked.calls).toEqual([]);
    const raced = harness({ isCreate: 0 });
    raced.actor.send({ type: 'pay.publish', draft: DRAFT });
    await waitFor(raced.actor, (snapshot) => snapshot.matches('dailyLimit'));
    raced.actor.send({ type: 'dialog.dismiss' });
    expect(raced.actor.getSnapshot().value).toBe('draft');
  });

  it('reads yuan as whole fen', () => {
    expect(fenOfYuan('12.5')).toBe(1250);
    expect(fenOfYuan(' 0.01 ')).toBe(1);
    expect(fenOfYuan('1.234')).toBeNull();
    expect(fenOfYuan('-3')).toBeNull();
    expect(payDraftProblem({ ...DRAFT, items: [{ key: 'a', name: '班费', price: '100001' }] })).toMatch(/0.01 到 100000 元/);
  });
});
