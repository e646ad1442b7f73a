import { describe, expect, it } from 'vitest';
import { AI_LIMITS } from '../../schemas/ai/kinds';
import type { TAiMessage } from '../../schemas/api/ai';
import { selectAskFailed, selectAsking, selectCanAsk, selectLoadFailed } from '../../machines/ai-conversation/ai-conversation.selectors';
import { SAMPLE_ANALYSIS, SAMPLE_REPLY } from '../../machines/ai-conversation/ai-conversation.stand-ins';
import { findMachineEntry } from '../../machines/registry';
import { startWithStandIns } from '../helpers/machine-model';

const entry = findMachineEntry('ai-conversation')!;
const said = (role: 'user' | 'assistant', text: string): TAiMessage => ({ role, text, findings: [], charts: [], engine: null, createTime: '' });

/** Started and loaded with `messages` saved before. */
async function loaded(messages: TAiMessage[] = []) {
  const run = startWithStandIns(entry);
  await run.settle('loadAnalysis', { kind: 'done', output: { ...SAMPLE_ANALYSIS, messages } });
  return run;
}

describe('ai-conversation machine', () => {
  it('loads the findings and the saved conversation, then asks with the history, streams the reply and saves both messages', async () => {
    const saved = [said('user', '这份报告的主要发现是什么？'), said('assistant', '共 10 份答卷')];
    const { actor, controller, settle } = await loaded(saved);
    expect(actor.getSnapshot().value).toBe('ready');
    expect(actor.getSnapshot().context).toMatchObject({ analysis: { title: '通勤方式调查' }, messages: saved, saveState: 'idle' });

    actor.send({ type: 'conversation.ask', message: '  哪个选项最多  ' });
    expect(selectAsking(actor.getSnapshot())).toBe(true);
    expect(controller.pending()).toEqual([
      {
        id: 'ask',
        src: 'ask',
        input: {
          questionId: 'q_sample',
          message: '哪个选项最多',
          history: [
            { role: 'user', text: '这份报告的主要发现是什么？' },
            { role: 'assistant', text: '共 10 份答卷' },
          ],
        },
      },
    ]);
    actor.send({ type: 'reply.delta', text: '第1题' });
    actor.send({ type: 'reply.delta', text: '：地铁最多' });
    expect(actor.getSnapshot().context).toMatchObject({ pending: '哪个选项最多', streamText: '第1题：地铁最多' });
    // A second question while one is being answered is not sent.
    actor.send({ type: 'conversation.ask', message: '再问一个' });
    expect(controller.pending()).toHaveLength(1);

    await settle('ask', 'success');
    expect(actor.getSnapshot().value).toBe('saving');
    const messages = actor.getSnapshot().context.messages;
    expect(messages.map((m: TAiMessage) => [m.role, m.text])).toEqual([
      ['user', '这份报告的主要发现是什么？'],
      ['assistant', '共 10 份答卷'],
      ['user', '哪个选项最多'],
      ['assistant', SAMPLE_REPLY.text],
    ]);
    expect(actor.getSnapshot().context).toMatchObject({ pending: null, streamText: '', saveState: 'saving' });
    expect(controller.pending()).toEqual([{ id: 'saveConversation', src: 'saveConversation', input: { questionId: 'q_sample', messages } }]);
    await settle('saveConversation', 'success');
    expect(actor.getSnapshot().value).toBe('ready');
    expect(actor.getSnapshot().context.saveState).toBe('saved');
  });

  it('keeps a failed question with its error; asking again sends it once more without the failed attempt in the history', async () => {
    const { actor, controller, settle } = await loaded();
    actor.send({ type: 'conversation.ask', message: '哪个选项最多' });
    actor.send({ type: 'reply.delta', text: '第1题' });
    await settle('ask', 'noCount');
    expect(selectAskFailed(actor.getSnapshot())).toBe(true);
    expect(selectCanAsk(actor.getSnapshot())).toBe(true);
    expect(actor.getSnapshot().context).toMatchObject({ error: 'AI 次数不足', pending: '哪个选项最多', streamText: '', messages: [] });
    actor.send({ type: 'conversation.retry' });
    expect(controller.pending()[0]!.input).toEqual({ questionId: 'q_sample', message: '哪个选项最多', history: [] });
    expect(actor.getSnapshot().context.error).toBeNull();
    await settle('ask', 'success');
    await settle('saveConversation', 'success');
    expect(actor.getSnapshot().context.messages).toHaveLength(2);
  });

  it('says when saving failed, and still lets the user ask', async () => {
    const { actor, settle } = await loaded();
    actor.send({ type: 'conversation.ask', message: '哪个选项最多' });
    await settle('ask', 'success');
    await settle('saveConversation', 'failure');
    expect(actor.getSnapshot().value).toBe('ready');
    expect(actor.getSnapshot().context.saveState).toBe('failed');
    expect(actor.getSnapshot().context.messages).toHaveLength(2);
    actor.send({ type: 'conversation.ask', message: '开放题里大家都在说什么？' });
    expect(selectAsking(actor.getSnapshot())).toBe(true);
  });

  it('clears the conversation and saves it empty; an empty conversation has nothing to clear and a blank question is not sent', async () => {
    const { actor, controller, settle } = await loaded([said('user', '问'), said('assistant', '答')]);
    actor.send({ type: 'conversation.ask', message: '   ' });
    expect(actor.getSnapshot().value).toBe('ready');
    actor.send({ type: 'conversation.clear' });
    expect(actor.getSnapshot().context.messages).toEqual([]);
    expect(controller.pending()[0]).toMatchObject({ id: 'saveConversation', input: { questionId: 'q_sample', messages: [] } });
    await settle('saveConversation', 'success');
    actor.send({ type: 'conversation.clear' });
    expect(actor.getSnapshot().value).toBe('ready');
    expect(controller.pending()).toEqual([]);
  });

  it('keeps the newest messages within the stored limit', async () => {
    const many = Array.from({ length: AI_LIMITS.conversationMax }, (_, i) => said(i % 2 ? 'assistant' : 'user', `第${i}条`));
    const { actor, controller, settle } = await loaded(many);
    actor.send({ type: 'conversation.ask', message: '哪个选项最多' });
    expect((controller.pending()[0]!.input as { history: unknown[] }).history).toHaveLength(20);
    await settle('ask', 'success');
    const messages = actor.getSnapshot().context.messages;
    expect(messages).toHaveLength(AI_LIMITS.conversationMax);
    expect(messages[0]!.text).toBe('第2条');
    expect(messages.at(-1)!.text).toBe(SAMPLE_REPLY.text);
  });

  it('shows a refused load (no power) with its code, and loads again on retry', async () => {
    const { actor, settle } = startWithStandIns(entry);
    const refusal = Object.assign(new Error('您没有查看该项目的权限'), { resultCode: '403' });
    await settle('loadAnalysis', { kind: 'error', error: refusal });
    expect(selectLoadFailed(actor.getSnapshot())).toBe(true);
    expect(actor.getSnapshot().context).toMatchObject({ error: '您没有查看该项目的权限', errorCode: '403' });
    actor.send({ type: 'load.retry' });
    await settle('loadAnalysis', 'success');
    expect(actor.getSnapshot().value).toBe('ready');
    expect(actor.getSnapshot().context.error).toBeNull();
  });
});
