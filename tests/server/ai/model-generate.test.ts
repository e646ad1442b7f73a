import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { signedAiHeaders } from '../../helpers/ai-sign';
import type { TAiGeneration, TAiStreamEvent } from '../../../schemas/api/ai';
import type { TCreateResult } from '../../../schemas/api/question';
import { AI_KIND_NAMES, AI_KINDS, type TAiKindName } from '../../../schemas/ai/kinds';
import { openAiCompatibleModel } from '../../../server/providers/ai/openai-compatible';
import { generateWithModel } from '../../../server/services/ai/model-generate';
import { startFakeOpenAi, type FakeOpenAi, type FakeReply } from '../../helpers/fake-openai';
import { grantUnits, loginNewUser } from '../../helpers/fixtures';
import { chunked, MODEL_ANSWERS } from '../../helpers/model-answers';
import { naiveAiQuota } from '../../helpers/naive-strategies';
import { createTestApp, siblingApp, type TestApp } from '../../helpers/test-app';
import { engineName } from '../../helpers/test-db';

/**
 * Issue 52 acceptance, first bullet, against a local fake OpenAI-compatible server: a streamed generation of each
 * kind becomes a valid project; an unusable answer is asked again, then refused and never saved; a timeout answers
 * §8's message; AI counts are taken exactly once per generation under parallel calls (the naive twin overshoots).
 */
let fake: FakeOpenAi;
let t: TestApp;
let slow: TestApp;
const model = (timeoutMs: number) =>
  openAiCompatibleModel({ baseUrl: fake.baseUrl, model: 'fake-qwen', apiKey: 'sk-test', timeoutMs, retries: 1, jsonMode: true, backoffMs: () => 0 });

beforeAll(async () => {
  fake = await startFakeOpenAi();
  t = await createTestApp({ jobs: 'manual', aiModel: model(20_000), env: { AI_RETRIES: 2 } });
  slow = await siblingApp(t, { aiModel: model(300), env: { AI_RETRIES: 2 } });
}, 60_000);
afterAll(async () => {
  await slow.close();
  await t.close();
  await fake.close();
});
beforeEach(() => {
  fake.fallback = null;
});

const answerOf = (kind: TAiKindName) => JSON.stringify(MODEL_ANSWERS[kind]);
const streamed = (kind: TAiKindName): FakeReply => ({ kind: 'stream', pieces: chunked(answerOf(kind)) });
const path = (kind: TAiKindName) => `ai/${AI_KINDS[kind].path}`;

async function user(aiCounts: number) {
  const u = await loginNewUser(t);
  const userId = await grantUnits(t, u.phone, 'ai', aiCounts);
  return { ...u, userId };
}

/** A streamed generation: every event in order (the last one `end`, carrying the envelope). */
async function generate(app: TestApp, headers: { token: string }, kind: TAiKindName, prompt = '帮我做一份', count?: number) {
  const payload = JSON.stringify({ prompt, ...(count ? { count } : {}) });
  const response = await app.app.inject({
    method: 'POST',
    url: `/api/${path(kind)}`,
    headers: { ...signedAiHeaders(app.app, headers.token, path(kind), payload), 'content-type': 'application/json', accept: 'text/event-stream' },
    payload,
  });
  expect(response.headers['content-type']).toContain('text/event-stream');
  const events = response.body
    .split('\n\n')
    .filter((b) => b.startsWith('data: '))
    .map((b) => JSON.parse(b.slice(6)) as TAiStreamEvent);
  const end = events.at(-1) as Extract<TAiStreamEvent, { type: 'end' }>;
  expect(end.type).toBe('end');
  return { events, end: end.envelope as { resultCode: string; resultMsg: string; data: TAiGeneration & { reason?: string } } };
}

async function remaining(userId: number) {
  const [row] = await t.database.query<{ remaining: number; used: number }>(`SELECT remaining, used FROM user_quotas WHERE user_id = $1 AND kind = 'ai'`, [
    userId,
  ]);
  return row!;
}

async function uses(userId: number) {
  const [row] = await t.database.query<{ taken: number; returned: number }>(
    `SELECT count(*)::int AS taken, count(*) FILTER (WHERE state = 'returned')::int AS returned FROM ai_uses WHERE user_id = $1`,
    [userId],
  );
  return row!;
}

const generations = async (userId: number) =>
  (await t.database.query<{ n: number }>('SELECT count(*)::int AS n FROM ai_generations WHERE user_id = $1', [userId]))[0]!.n;

describe(`generation through an OpenAI-compatible model on ${engineName()}`, () => {
  it('each of the six kinds streams its subjects and becomes a valid project that reads back', async () => {
    const u = await user(10);
    for (const [i, kind] of AI_KIND_NAMES.entries()) {
      fake.script(streamed(kind));
      const { events, end } = await generate(t, u.headers, kind);
      expect(end.resultCode, end.resultMsg).toBe('200');
      const g = end.data;
      expect(g).toMatchObject({ kind, engine: 'model', engineName: 'fake-qwen', sources: ['generate-project.v1'], aiRemaining: 10 - i - 1 });
      expect(events[0]).toEqual({ type: 'start', engine: 'model', engineName: 'fake-qwen' });
      expect(events.find((e) => e.type === 'title')).toEqual({ type: 'title', title: MODEL_ANSWERS[kind].title, subtitle: MODEL_ANSWERS[kind].subtitle });
      const sent = events.filter((e) => e.type === 'subject');
      expect(sent.map((e) => e.index)).toEqual(MODEL_ANSWERS[kind].subjects.map((_, n) => n));
      // What the page showed is what is stored (a reservation's slot subject moves first, renumbered).
      const shown = sent.map((e) => (e as { subject: { uuid: string } }).subject);
      if (kind === 'reservation') expect(g.draft.subjects.map((s) => s.uuid).sort()).toEqual(shown.map((s) => s.uuid).sort());
      else expect(g.draft.subjects).toEqual(shown);

      const created = await t.call<TCreateResult>(
        'activity/question/saveOrUpdateWxQuestion',
        {
          questionType: g.draft.questionType,
          solitaireType: g.draft.solitaireType ?? undefined,
          title: g.draft.title,
          subtitle: g.draft.subtitle,
          subjects: g.draft.subjects,
        },
        u.headers,
      );
      expect(created.resultCode, created.resultMsg).toBe('200');
      const back = await t.call<{ subjects: { title: string; subjectType: number }[] }>(
        'activity/question/getSubject',
        { questionId: created.data.questionId },
        u.headers,
      );
      expect(back.data.subjects.map((s) => [s.subjectType, s.title])).toEqual(g.draft.subjects.map((s) => [s.subjectType, s.title]));
    }
    expect(await generations(u.userId)).toBe(6);
    expect(await remaining(u.userId)).toMatchObject({ remaining: 4, used: 6 });
    const references = await t.database.query<{ reference: string; purpose: string }>('SELECT DISTINCT reference, purpose FROM ai_uses WHERE user_id = $1', [
      u.userId,
    ]);
    expect(references).toEqual([{ reference: 'generate-project.v1', purpose: 'generate' }]);
  });

  it('the endpoint is asked in JSON mode, streamed, with the key and the kind’s prompt', async () => {
    const u = await user(1);
    fake.script(streamed('exam'));
    await generate(t, u.headers, 'exam', '安全考试，3题');
    const call = fake.calls.at(-1)!;
    expect(call.authorization).toBe('Bearer sk-test');
    expect(call.body).toMatchObject({ model: 'fake-qwen', stream: true, response_format: { type: 'json_object' } });
    expect(call.body.messages[0]!.content).toContain('考试测评');
    expect(call.body.messages[1]!.content).toContain('安全考试，3题');
    expect(call.body.messages[1]!.content).toContain('约 3 道题目');
  });

  it('a title written after the subjects is sent once the answer is whole', async () => {
    const u = await user(1);
    const { title, subtitle, subjects } = MODEL_ANSWERS.solitaire;
    fake.script({ kind: 'stream', pieces: chunked(JSON.stringify({ subjects, title, subtitle })) });
    const { events, end } = await generate(t, u.headers, 'solitaire');
    expect(end.resultCode).toBe('200');
    expect(events.map((e) => e.type)).toEqual(['start', 'subject', 'subject', 'title', 'end']);
    expect(events[3]).toEqual({ type: 'title', title, subtitle });
  });

  it('an invalid answer is asked again with what was wrong, and the second answer is used', async () => {
    const u = await user(1);
    fake.script({ kind: 'stream', pieces: ['{"title": "问卷", "subjects": [{"type": "single", "title": "缺选项"}'] }, streamed('question'));
    const before = fake.calls.length;
    const { events, end } = await generate(t, u.headers, 'question');
    expect(end.resultCode).toBe('200');
    expect(events.filter((e) => e.type === 'retry')).toEqual([{ type: 'retry', attempt: 1, reason: '输出不是合法的 JSON 对象' }]);
    const again = fake.calls[before + 1]!.body.messages;
    expect(again.at(-1)!.content).toContain('不符合要求');
    expect(await remaining(u.userId)).toMatchObject({ remaining: 0, used: 1 });
  });

  it('an answer unusable after the retries is reported, never saved, and the count comes back', async () => {
    const u = await user(1);
    const wrong: FakeReply = { kind: 'stream', pieces: ['{"title": "考试", "subjects": [{"type": "single", "title": "1+1=?", "options": ["1", "2"]}]}'] };
    fake.script(wrong, wrong, wrong);
    const { events, end } = await generate(t, u.headers, 'exam');
    expect(end).toMatchObject({ resultCode: '502', resultMsg: 'AI返回的内容无法识别，请换个描述再试' });
    expect(events.filter((e) => e.type === 'retry').map((e) => (e as { reason: string }).reason)).toEqual([
      '第1题：考试选择题需要正确答案（correct）',
      '第1题：考试选择题需要正确答案（correct）',
    ]);
    expect(await generations(u.userId)).toBe(0);
    expect(await remaining(u.userId)).toMatchObject({ remaining: 1, used: 0 });
    expect(await uses(u.userId)).toEqual({ taken: 1, returned: 1 });
  });

  it('a model past AI_TIMEOUT_MS answers §8’s timeout message and gives the count back', async () => {
    const u = await user(1);
    fake.script({ kind: 'stall', ms: 3_000, pieces: chunked(answerOf('question')) });
    const { end } = await generate(slow, u.headers, 'question');
    expect(end).toMatchObject({ resultCode: '504', resultMsg: 'AI响应超时，请稍后重试' });
    expect(await generations(u.userId)).toBe(0);
    expect(await remaining(u.userId)).toMatchObject({ remaining: 1, used: 0 });
  });

  it('a 500 is tried again and the next answer used; a refused key is reported', async () => {
    const u = await user(2);
    fake.script({ kind: 'status', status: 500 }, streamed('solitaire'));
    const plain = await t.call<TAiGeneration>(path('solitaire'), { prompt: '家长会接龙' }, u.headers);
    expect(plain.resultCode).toBe('200');
    expect(plain.data.draft.subjects).toHaveLength(2);

    fake.script({ kind: 'status', status: 401 });
    const refused = await t.call(path('solitaire'), { prompt: '家长会接龙' }, u.headers);
    expect(refused).toMatchObject({ resultCode: '502', resultMsg: 'AI服务暂时不可用，请稍后重试' });
    expect(await remaining(u.userId)).toMatchObject({ remaining: 1, used: 1 });
  });

  it('with no AI count left the generation is refused with the page that sells them, and the model is not called', async () => {
    const u = await user(0);
    const before = fake.calls.length;
    const { end } = await generate(t, u.headers, 'question');
    expect(end).toMatchObject({ resultCode: '409', resultMsg: 'AI次数不足，请购买AI次数', data: { reason: 'noAiCount', buy: '/buyAI.html' } });
    expect(fake.calls.length).toBe(before);
  });

  it('a page that goes away mid-answer stops the model and gets its count back', async () => {
    const u = await user(1);
    fake.script({ kind: 'stall', ms: 2_000, pieces: chunked(answerOf('question')) });
    const gone = new AbortController();
    const pending = generateWithModel(
      t.app.deps,
      t.app.deps.aiModel!,
      u.userId,
      { kind: 'question', prompt: '问卷', count: 5 },
      { send: () => {}, signal: gone.signal },
    );
    setTimeout(() => gone.abort(), 50);
    await expect(pending).rejects.toMatchObject({ resultCode: '502' });
    expect(await remaining(u.userId)).toMatchObject({ remaining: 1, used: 0 });
    expect(await uses(u.userId)).toEqual({ taken: 1, returned: 1 });
  });

  describe('parallel generations', () => {
    const N = 3;
    const M = 7;
    async function race(app: TestApp) {
      const u = await user(N);
      fake.fallback = () => streamed('question');
      const answers = await Promise.all(Array.from({ length: M }, () => app.call<TAiGeneration>(path('question'), { prompt: '员工满意度调查' }, u.headers)));
      return { u, ok: answers.filter((a) => a.resultCode === '200').length, refused: answers.filter((a) => a.resultCode === '409').length };
    }

    it(`a user with ${N} AI counts sending ${M} at once gets exactly ${N}, and the count is 0`, async () => {
      const { u, ok, refused } = await race(t);
      expect(ok).toBe(N);
      expect(refused).toBe(M - N);
      expect(await remaining(u.userId)).toMatchObject({ remaining: 0, used: N });
      const { taken, returned } = await uses(u.userId);
      expect(taken - returned).toBe(N);
      expect(await generations(u.userId)).toBe(N);
    });

    it('a naive read-then-write take of the count lets more through than were bought', async () => {
      const naive = await siblingApp(t, { aiModel: model(20_000), env: { AI_RETRIES: 2 }, strategies: { aiQuota: naiveAiQuota(M) } });
      try {
        const { ok } = await race(naive);
        expect(ok).toBeGreaterThan(N);
      } finally {
        await naive.close();
      }
    });
  });
});
