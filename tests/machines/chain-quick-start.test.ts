import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { chainQuickStartMachine } from '../../machines/chain-quick-start/chain-quick-start.machine';
import { selectPublished } from '../../machines/chain-quick-start/chain-quick-start.selectors';
import type { TChainDraft } from '../../machines/chain-quick-start/chain-quick-start.types';

const DRAFT: TChainDraft = { title: '周日篮球报名', description: '', cap: 10, deadline: null };

function harness(failConfigureOnce: boolean) {
  const calls: string[] = [];
  let configureFails = failConfigureOnce;
  const logic = chainQuickStartMachine.provide({
    actors: {
      create: fromPromise(async ({ input }: { input: TChainDraft }) => (calls.push(`create ${input.title}`), 'q_1')),
      configure: fromPromise(async ({ input }: { input: { questionId: string; draft: TChainDraft } }) => {
        calls.push(`configure ${input.questionId} cap ${input.draft.cap}`);
        if (configureFails) throw ((configureFails = false), new Error('网络不稳定，请重试'));
      }),
      publish: fromPromise(async ({ input }: { input: string }) => {
        calls.push(`publish ${input}`);
      }),
    },
  });
  return { actor: createActor(logic).start(), calls };
}

describe('chain quick start', () => {
  it('creates, configures and publishes one chain', async () => {
    const { actor, calls } = harness(false);
    actor.send({ type: 'chain.publish', draft: DRAFT });
    await waitFor(actor, selectPublished);
    expect(calls).toEqual(['create 周日篮球报名', 'configure q_1 cap 10', 'publish q_1']);
  });

  it('refuses an empty title or a past deadline with the message the screen shows, calling nothing', () => {
    const { actor, calls } = harness(false);
    actor.send({ type: 'chain.publish', draft: { ...DRAFT, title: '  ' } });
    expect(actor.getSnapshot().context.error).toBe('请填写接龙标题');
    actor.send({ type: 'chain.publish', draft: { ...DRAFT, deadline: '2000-01-01T00:00:00.000Z' } });
    expect(actor.getSnapshot().context.error).toBe('截止时间要晚于现在');
    actor.send({ type: 'chain.publish', draft: { ...DRAFT, cap: 0 } });
    expect(actor.getSnapshot().context.error).toMatch(/人数上限请填 1 到/);
    expect(calls).toEqual([]);
    expect(actor.getSnapshot().value).toBe('draft');
  });

  it('after a failed setting, 发布 again carries on with the same chain instead of creating a second one', async () => {
    const { actor, calls } = harness(true);
    actor.send({ type: 'chain.publish', draft: DRAFT });
    await waitFor(actor, (snapshot) => snapshot.matches('failed'));
    expect(actor.getSnapshot().context.error).toBe('网络不稳定，请重试');
    actor.send({ type: 'chain.publish', draft: { ...DRAFT, cap: 12 } });
    await waitFor(actor, selectPublished);
    expect(calls).toEqual(['create 周日篮球报名', 'configure q_1 cap 10', 'configure q_1 cap 12', 'publish q_1']);
  });
});
