import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { chainQuickStartMachine } from '../../machines/chain-quick-start/chain-quick-start.machine';
import { draftProblem, priceFen, stockOf } from '../../machines/chain-quick-start/chain-quick-start.operations';
import { selectLimitDialog, selectPublished } from '../../machines/chain-quick-start/chain-quick-start.selectors';
import type { TChainDraft, TCheckInDraft, TConfigureInput, TGroupBuyDraft, TSignUpDraft } from '../../machines/chain-quick-start/chain-quick-start.types';
import type { TQuestionCount } from '../../schemas/api/question';
import { addDays, shanghaiDay } from '../../schemas/checkin/days';

const SIGN_UP: TSignUpDraft = { kind: 'signUp', title: '周日篮球报名', description: '', cap: 10, deadline: null };
const TODAY = shanghaiDay(new Date());
const CHECK_IN: TCheckInDraft = {
  kind: 'checkIn',
  title: '每日跑步打卡',
  description: '',
  startDay: TODAY,
  endDay: addDays(TODAY, 20),
  windowStart: '06:00',
  windowEnd: '22:00',
};
const GROUP_BUY: TGroupBuyDraft = {
  kind: 'groupBuy',
  title: '周六水果团购',
  description: '',
  deadline: new Date(Date.now() + 86_400_000).toISOString(),
  products: [{ title: '赣南脐橙', price: '58.5', stock: '30' }],
  points: ['小区东门', ' '],
};
const LIMITS: TQuestionCount = { questionCount: 3, maxNumber: 20, memberLevel: 1, levelName: '免费版', subjectLimit: 200 };

interface THarness {
  failConfigureOnce?: boolean;
  limits?: TQuestionCount;
  isCreate?: 0 | 1 | 2;
}

function harness({ failConfigureOnce = false, limits = LIMITS, isCreate = 1 }: THarness = {}) {
  const calls: string[] = [];
  let configureFails = failConfigureOnce;
  const logic = chainQuickStartMachine.provide({
    actors: {
      checkCount: fromPromise(async () => (calls.push('count'), limits)),
      create: fromPromise(async ({ input }: { input: TChainDraft }) => {
        calls.push(`create ${input.kind} ${input.title}`);
        return { isCreate, questionId: isCreate === 1 ? 'q_1' : null };
      }),
      configure: fromPromise(async ({ input }: { input: TConfigureInput }) => {
        calls.push(`configure ${input.questionId} ${input.draft.kind}`);
        if (configureFails) throw ((configureFails = false), new Error('网络不稳定，请重试'));
      }),
      publish: fromPromise(async ({ input }: { input: string }) => {
        calls.push(`publish ${input}`);
      }),
    },
    actions: { openMemberPage: (_, params: { memberLevel: number }) => calls.push(`member page ${params.memberLevel}`) },
  });
  return { actor: createActor(logic).start(), calls };
}

describe('chain quick start, one machine for every kind', () => {
  it.each([SIGN_UP, CHECK_IN, GROUP_BUY])('checks the count, creates, configures and publishes one $kind chain', async (draft) => {
    const { actor, calls } = harness();
    actor.send({ type: 'chain.publish', draft });
    await waitFor(actor, selectPublished);
    expect(calls).toEqual(['count', `create ${draft.kind} ${draft.title}`, `configure q_1 ${draft.kind}`, 'publish q_1']);
  });

  it('refuses a bad draft of each kind with the message the screen shows, calling nothing', () => {
    const { actor, calls } = harness();
    const refused = (draft: TChainDraft) => {
      actor.send({ type: 'chain.publish', draft });
      return actor.getSnapshot().context.error;
    };
    expect(refused({ ...SIGN_UP, title: '  ' })).toBe('请填写接龙标题');
    expect(refused({ ...SIGN_UP, deadline: '2000-01-01T00:00:00.000Z' })).toBe('截止时间要晚于现在');
    expect(refused({ ...SIGN_UP, cap: 0 })).toMatch(/人数上限请填 1 到/);
    expect(refused({ ...CHECK_IN, startDay: null })).toBe('请选择开始日期');
    expect(refused({ ...CHECK_IN, endDay: addDays(TODAY, -1) })).toBe('结束日期不能早于开始日期');
    expect(refused({ ...CHECK_IN, windowStart: '22:00', windowEnd: '06:00' })).toBe('打卡结束时间须晚于开始时间');
    expect(refused({ ...GROUP_BUY, title: '' })).toBe('请填写团购标题');
    expect(refused({ ...GROUP_BUY, products: [] })).toBe('请至少添加一件商品');
    expect(refused({ ...GROUP_BUY, products: [{ title: '', price: '1', stock: '' }] })).toBe('请填写第 1 件商品的名称');
    expect(refused({ ...GROUP_BUY, products: [{ title: '芒果', price: '0', stock: '' }] })).toBe('「芒果」的价格请填大于 0 的金额（最多两位小数）');
    expect(refused({ ...GROUP_BUY, products: [{ title: '芒果', price: '9.9', stock: '2.5' }] })).toMatch(/「芒果」的库存请填 1 到/);
    expect(refused({ ...GROUP_BUY, points: ['东门', '东门 '] })).toBe('自提点名称重复，请修改');
    expect(calls).toEqual([]);
    expect(actor.getSnapshot().value).toBe('draft');
  });

  it('after a failed setting, 发布 again carries on with the same chain instead of creating a second one', async () => {
    const { actor, calls } = harness({ failConfigureOnce: true });
    actor.send({ type: 'chain.publish', draft: GROUP_BUY });
    await waitFor(actor, (snapshot) => snapshot.matches('failed'));
    expect(actor.getSnapshot().context.error).toBe('网络不稳定，请重试');
    actor.send({ type: 'chain.publish', draft: GROUP_BUY });
    await waitFor(actor, selectPublished);
    expect(calls).toEqual(['count', 'create groupBuy 周六水果团购', 'configure q_1 groupBuy', 'configure q_1 groupBuy', 'publish q_1']);
  });

  it('today’s creations used up: the creation machine’s limit dialog, nothing created; 升级版本 opens the member page', async () => {
    const { actor, calls } = harness({ limits: { ...LIMITS, questionCount: 20 } });
    actor.send({ type: 'chain.publish', draft: CHECK_IN });
    await waitFor(actor, (snapshot) => snapshot.matches('dailyLimit'));
    expect(selectLimitDialog(actor.getSnapshot())).toEqual({ kind: 'daily', levelName: '免费版', maxNumber: 20, memberLevel: 1 });
    actor.send({ type: 'dialog.confirm' });
    expect(actor.getSnapshot().value).toBe('draft');
    expect(selectLimitDialog(actor.getSnapshot())).toBeNull();
    expect(calls).toEqual(['count', 'member page 1']);
  });

  it('the server counting otherwise (isCreate 0) shows the same dialog; closing it leaves the draft to publish later', async () => {
    const { actor, calls } = harness({ isCreate: 0 });
    actor.send({ type: 'chain.publish', draft: SIGN_UP });
    await waitFor(actor, (snapshot) => snapshot.matches('dailyLimit'));
    actor.send({ type: 'dialog.dismiss' });
    expect(actor.getSnapshot().value).toBe('draft');
    expect(actor.getSnapshot().context.questionId).toBeNull();
    expect(calls).toEqual(['count', 'create signUp 周日篮球报名']);
  });
});

describe('quick product fields', () => {
  it('reads prices in yuan as fen and an empty stock as unlimited', () => {
    expect([priceFen('58'), priceFen('9.9'), priceFen(' 0.01 '), priceFen('0'), priceFen('1.234'), priceFen('abc')]).toEqual([5800, 990, 1, null, null, null]);
    expect([stockOf(''), stockOf('30'), stockOf('0'), stockOf('3.5')]).toEqual([undefined, 30, Number.NaN, Number.NaN]);
    expect(draftProblem(GROUP_BUY, new Date())).toBeNull();
  });
});
