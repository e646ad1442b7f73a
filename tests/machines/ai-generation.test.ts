import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { TAiGeneration } from '../../schemas/api/ai';
import type { TCreateResult } from '../../schemas/api/question';
import { subjectEntry, type TSubject } from '../../schemas/subjects/registry';
import { aiGenerationMachine } from '../../machines/ai-generation/ai-generation.machine';
import { selectCanUndo, selectFailedStep, selectLimitDialog } from '../../machines/ai-generation/ai-generation.selectors';
import type { TAiAsk, TAiCreateInput } from '../../machines/ai-generation/ai-generation.types';

const subject = (uuid: string, title: string): TSubject => ({ ...subjectEntry(1).create({ uuid, indexSort: 1, newId: () => `${uuid}o` }), title }) as TSubject;
const A = subject('a', '您对薪酬是否满意？');
const B = subject('b', '您对上级是否满意？');
const C = subject('c', '您对办公环境是否满意？');
const FREE = { questionCount: 20, maxNumber: 20, memberLevel: 1, levelName: '免费版', subjectLimit: 200 };

const generation = (over: Partial<TAiGeneration> = {}): TAiGeneration => ({
  generationId: 'g1',
  kind: 'question',
  prompt: '员工满意度调查，10题左右',
  engine: 'builtin',
  engineName: '内置助手',
  draft: { questionType: 1, solitaireType: null, title: '员工满意度调查', subtitle: '', subjects: [A, B, C] },
  sources: [],
  aiRemaining: null,
  questionId: null,
  createTime: '2026-12-05T10:00:00.000Z',
  ...over,
});

function harness(options: { generateFails?: number; createResults?: TCreateResult[]; createFails?: number } = {}) {
  const asked: TAiAsk[] = [];
  const created: TAiCreateInput[] = [];
  const opened: string[] = [];
  let generateFails = options.generateFails ?? 0;
  let createFails = options.createFails ?? 0;
  const results = [...(options.createResults ?? [])];
  let release: (() => void) | null = null;
  const logic = aiGenerationMachine.provide({
    actors: {
      generate: fromPromise(async ({ input }: { input: TAiAsk }) => {
        asked.push(input);
        await new Promise<void>((resolve) => (release = resolve));
        if (generateFails-- > 0) throw new Error('AI 次数已用完，请购买');
        return generation();
      }),
      create: fromPromise(async ({ input }: { input: TAiCreateInput }) => {
        created.push(input);
        if (createFails-- > 0) throw new Error('网络不稳定，请重试');
        return results.shift() ?? { isCreate: 1 as const, questionId: 'q_new' };
      }),
      checkCount: fromPromise(async () => FREE),
    },
    actions: { openEditor: (_, params: { questionId: string }) => void opened.push(params.questionId) },
  });
  const actor = createActor(logic).start();
  return { actor, asked, created, opened, finishStream: () => release?.() };
}

const ASK = { kind: 'question' as const, prompt: '  员工满意度调查，10题左右 ' };

describe('AI generation machine (issue 52 item 4)', () => {
  it('shows subjects as they stream, restarts the list when the model retries, then edits and creates the edited list', async () => {
    const { actor, asked, created, opened, finishStream } = harness();
    actor.send({ type: 'gen.start', ask: ASK });
    expect(asked).toEqual([{ kind: 'question', prompt: '员工满意度调查，10题左右' }]);
    actor.send({ type: 'stream.start', engine: 'builtin', engineName: '内置助手' });
    actor.send({ type: 'stream.title', title: '员工满意度调查', subtitle: '' });
    actor.send({ type: 'stream.subject', index: 0, subject: A });
    actor.send({ type: 'stream.retry', attempt: 2, reason: 'JSON 无效' });
    expect(actor.getSnapshot().context).toMatchObject({ subjects: [], notice: '生成的内容未通过校验，正在重新生成（第2次）', engineName: '内置助手' });
    actor.send({ type: 'stream.subject', index: 0, subject: A });
    actor.send({ type: 'stream.subject', index: 1, subject: B });
    expect(actor.getSnapshot().context.subjects.map((s) => s.uuid)).toEqual(['a', 'b']);
    finishStream();
    await waitFor(actor, (s) => s.matches('review'));
    expect(actor.getSnapshot().context).toMatchObject({ generationId: 'g1', notice: null });

    actor.send({ type: 'edit.rename', uuid: 'b', title: '您对直属上级满意吗？' });
    actor.send({ type: 'edit.remove', uuid: 'a' });
    actor.send({ type: 'edit.move', uuid: 'c', by: -1 });
    actor.send({ type: 'edit.move', uuid: 'c', by: -1 }); // already first: stays
    actor.send({ type: 'edit.title', title: ' 年度员工满意度调查 ' });
    actor.send({ type: 'edit.subtitle', subtitle: '匿名填写' });
    expect(actor.getSnapshot().context.subjects.map((s) => s.title)).toEqual(['您对办公环境是否满意？', '您对直属上级满意吗？']);
    actor.send({ type: 'gen.create' });
    await waitFor(actor, (s) => s.matches('created'));
    expect(created).toEqual([
      { generationId: 'g1', title: '年度员工满意度调查', subtitle: '匿名填写', subjects: [C, { ...B, title: '您对直属上级满意吗？' }] },
    ]);
    expect(opened).toEqual(['q_new']);
  });

  it('停止生成 cuts the stream (its signal aborts) and keeps nothing', async () => {
    let aborted = false;
    const logic = aiGenerationMachine.provide({
      actors: {
        generate: fromPromise(
          ({ signal }) =>
            new Promise<TAiGeneration>((_, reject) =>
              signal.addEventListener('abort', () => {
                aborted = true;
                reject(new Error('aborted'));
              }),
            ),
        ),
      },
    });
    const actor = createActor(logic).start();
    actor.send({ type: 'gen.start', ask: ASK });
    actor.send({ type: 'stream.subject', index: 0, subject: A });
    actor.send({ type: 'gen.cancel' });
    expect(actor.getSnapshot().value).toBe('idle');
    expect(actor.getSnapshot().context).toMatchObject({ ask: null, subjects: [], error: null });
    expect(aborted).toBe(true);
  });

  it('puts removed subjects back where they were, newest removal first', () => {
    const { actor } = harness();
    actor.send({ type: 'gen.open', generation: generation() });
    expect(selectCanUndo(actor.getSnapshot())).toBe(false);
    actor.send({ type: 'edit.remove', uuid: 'b' });
    actor.send({ type: 'edit.remove', uuid: 'a' });
    expect(actor.getSnapshot().context.subjects.map((s) => s.uuid)).toEqual(['c']);
    actor.send({ type: 'edit.undo' });
    expect(actor.getSnapshot().context.subjects.map((s) => s.uuid)).toEqual(['a', 'c']);
    actor.send({ type: 'edit.undo' });
    expect(actor.getSnapshot().context.subjects.map((s) => s.uuid)).toEqual(['a', 'b', 'c']);
    expect(selectCanUndo(actor.getSnapshot())).toBe(false);
  });

  it('refuses a too-short request, an empty title or an empty list without calling anything', () => {
    const { actor, asked, created } = harness();
    actor.send({ type: 'gen.start', ask: { kind: 'question', prompt: ' 调 ' } });
    expect(actor.getSnapshot().context.error).toBe('请用至少2个字描述您需要的内容');
    expect(asked).toEqual([]);
    actor.send({ type: 'gen.open', generation: generation({ draft: { ...generation().draft, subjects: [A] } }) });
    actor.send({ type: 'edit.title', title: '  ' });
    actor.send({ type: 'gen.create' });
    expect(actor.getSnapshot().context.error).toBe('请输入标题');
    actor.send({ type: 'edit.title', title: '调查' });
    actor.send({ type: 'edit.remove', uuid: 'a' });
    actor.send({ type: 'gen.create' });
    expect(actor.getSnapshot().context.error).toBe('请至少保留一道题目');
    expect(created).toEqual([]);
  });

  it('retries a failed generation, and a failed creation creates (not generates) again', async () => {
    const { actor, asked, created, finishStream } = harness({ generateFails: 1, createFails: 1 });
    actor.send({ type: 'gen.start', ask: ASK });
    finishStream();
    await waitFor(actor, (s) => s.matches('failed'));
    expect(selectFailedStep(actor.getSnapshot())).toBe('generate');
    expect(actor.getSnapshot().context.error).toBe('AI 次数已用完，请购买');
    actor.send({ type: 'gen.retry' });
    finishStream();
    await waitFor(actor, (s) => s.matches('review'));
    expect(asked).toHaveLength(2);
    actor.send({ type: 'gen.create' });
    await waitFor(actor, (s) => s.matches('failed'));
    expect(selectFailedStep(actor.getSnapshot())).toBe('create');
    actor.send({ type: 'gen.retry' });
    await waitFor(actor, (s) => s.matches('created'));
    expect(asked).toHaveLength(2);
    expect(created).toHaveLength(2);
  });

  it('shows the daily limit dialog naming the level, then back to the list; the subject limit likewise', async () => {
    const { actor } = harness({
      createResults: [
        { isCreate: 0, questionId: null },
        { isCreate: 2, questionId: null },
      ],
    });
    actor.send({ type: 'gen.open', generation: generation({ questionId: 'q_before' }) });
    expect(actor.getSnapshot().context.questionId).toBe('q_before');
    actor.send({ type: 'gen.create' });
    await waitFor(actor, (s) => s.matches('dailyLimit'));
    expect(selectLimitDialog(actor.getSnapshot())).toEqual({ kind: 'daily', levelName: '免费版', maxNumber: 20, memberLevel: 1 });
    actor.send({ type: 'dialog.dismiss' });
    actor.send({ type: 'gen.create' });
    await waitFor(actor, (s) => s.matches('subjectLimit'));
    expect(selectLimitDialog(actor.getSnapshot())).toMatchObject({ kind: 'subject', subjectLimit: 200 });
    actor.send({ type: 'dialog.dismiss' });
    expect(actor.getSnapshot().matches('review')).toBe(true);
    expect(actor.getSnapshot().context.subjects).toHaveLength(3);
  });
});
