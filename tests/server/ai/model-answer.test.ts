import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TAiReportSummary, TAiStreamEvent } from '../../../schemas/api/ai';
import { AiModelError } from '../../../server/providers/ai/model';
import { openAiCompatibleModel } from '../../../server/providers/ai/openai-compatible';
import { answerWithModel } from '../../../server/services/ai/model-answer';
import { AppError } from '../../../server/services/errors';
import { startFakeOpenAi, type FakeOpenAi } from '../../helpers/fake-openai';
import { grantUnits, loginNewUser } from '../../helpers/fixtures';
import { createTestApp, type TestApp } from '../../helpers/test-app';

/** Issue 52 item 2: an answer about a report through the model, and the provider's own behaviour. */
let fake: FakeOpenAi;
let t: TestApp;
const model = (over: Partial<Parameters<typeof openAiCompatibleModel>[0]> = {}) =>
  openAiCompatibleModel({ baseUrl: fake.baseUrl, model: 'fake-deepseek', timeoutMs: 20_000, retries: 2, jsonMode: true, backoffMs: () => 0, ...over });

beforeAll(async () => {
  fake = await startFakeOpenAi();
  t = await createTestApp({ jobs: 'manual' });
}, 60_000);
afterAll(async () => {
  await t.close();
  await fake.close();
});

const summary: TAiReportSummary = {
  sheetCount: 40,
  findings: [
    { kind: 'share', title: '第1题「满意度」：「满意」占 42.5%（17/40）', detail: '', subjectIds: ['q1'], chartId: 'c1', test: null },
    { kind: 'lowResponse', title: '第5题回答率仅 30%', detail: '', subjectIds: ['q5'], chartId: null, test: null },
  ],
  charts: [
    { chartId: 'c1', title: '满意度', kind: 'bar', labels: ['满意', '一般'], series: [{ name: '人数', values: [17, 23] }], unit: 'count' },
    { chartId: 'c2', title: '部门', kind: 'bar', labels: ['A'], series: [{ name: '人数', values: [40] }], unit: 'count' },
  ],
};
const input = { title: '员工调查', questionType: 1, summary, message: '最突出的是什么？', history: [] };

async function userWith(counts: number) {
  const u = await loginNewUser(t);
  return grantUnits(t, u.phone, 'ai', counts);
}

describe('answerWithModel', () => {
  it('streams the text, takes one count, and carries the findings and charts it cites', async () => {
    const userId = await userWith(2);
    fake.script({ kind: 'stream', pieces: ['最突出的是', '满意度：', '【发现1】「满意」占 42.5%。'] });
    const events: TAiStreamEvent[] = [];
    const { reply, aiRemaining } = await answerWithModel(t.app.deps, model(), userId, input, {
      send: (e) => events.push(e),
      signal: new AbortController().signal,
    });
    expect(events).toEqual([
      { type: 'delta', text: '最突出的是' },
      { type: 'delta', text: '满意度：' },
      { type: 'delta', text: '【发现1】「满意」占 42.5%。' },
    ]);
    expect(reply).toMatchObject({ role: 'assistant', engine: 'model', text: '最突出的是满意度：【发现1】「满意」占 42.5%。' });
    expect(reply.findings).toEqual([summary.findings[0]]);
    expect(reply.charts.map((c) => c.chartId)).toEqual(['c1']);
    expect(aiRemaining).toBe(1);
    const call = fake.calls.at(-1)!.body;
    expect(call.response_format).toBeUndefined();
    expect(call.messages[0]!.content).toContain('【发现1】第1题「满意度」：「满意」占 42.5%（17/40）');
  });

  it('a failed answer gives the count back; none left is refused', async () => {
    const userId = await userWith(1);
    fake.script({ kind: 'status', status: 503 }, { kind: 'status', status: 503 }, { kind: 'status', status: 503 });
    await expect(answerWithModel(t.app.deps, model(), userId, input, null)).rejects.toMatchObject({ resultCode: '502' });
    fake.script({ kind: 'stream', pieces: ['好的'] });
    await expect(answerWithModel(t.app.deps, model(), userId, input, null)).resolves.toMatchObject({ aiRemaining: 0 });
    const refused = await answerWithModel(t.app.deps, model(), userId, input, null).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(AppError);
    expect(refused).toMatchObject({ resultCode: '409', data: { reason: 'noAiCount' } });
    const [uses] = await t.database.query<{ taken: number; returned: number }>(
      `SELECT count(*)::int AS taken, count(*) FILTER (WHERE state = 'returned')::int AS returned FROM ai_uses WHERE user_id = $1`,
      [userId],
    );
    expect(uses).toEqual({ taken: 2, returned: 1 });
    const references = await t.database.query<{ reference: string }>('SELECT DISTINCT reference FROM ai_uses WHERE user_id = $1', [userId]);
    expect(references).toEqual([{ reference: 'analyze-report.v1' }]);
  });
});

describe('the OpenAI-compatible provider', () => {
  it('tries 429 and 5xx again, then reports the endpoint unavailable', async () => {
    fake.script({ kind: 'status', status: 429 }, { kind: 'stream', pieces: ['ok'] });
    await expect(model().chat({ messages: [{ role: 'user', content: 'hi' }], json: false })).resolves.toEqual({
      text: 'ok',
      usage: { promptTokens: 100, completionTokens: 1 },
    });
    fake.script({ kind: 'status', status: 500 }, { kind: 'status', status: 502 });
    const error = await model({ retries: 1 })
      .chat({ messages: [{ role: 'user', content: 'hi' }], json: false })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AiModelError);
    expect((error as AiModelError).reason).toBe('unavailable');
  });

  it('does not start an answer again once a piece of it reached the caller', async () => {
    const before = fake.calls.length;
    const pieces: string[] = [];
    fake.script({ kind: 'drop', pieces: ['一半'] });
    await expect(model().chat({ messages: [], json: false, onDelta: (p) => pieces.push(p) })).rejects.toMatchObject({ reason: 'unavailable' });
    expect(pieces).toEqual(['一半']);
    expect(fake.calls.length).toBe(before + 1);
    fake.script({ kind: 'drop', pieces: [] }, { kind: 'stream', pieces: ['完整'] });
    await expect(model().chat({ messages: [], json: false })).resolves.toMatchObject({ text: '完整' });
  });

  it('reports another 4xx as refused at once, and an unreachable host as unavailable', async () => {
    const before = fake.calls.length;
    fake.script({ kind: 'status', status: 404 });
    await expect(model().chat({ messages: [], json: true })).rejects.toMatchObject({ reason: 'refused' });
    expect(fake.calls.length).toBe(before + 1);
    const nowhere = openAiCompatibleModel({ baseUrl: 'http://127.0.0.1:9/v1', model: 'x', timeoutMs: 5_000, retries: 1, jsonMode: true, backoffMs: () => 0 });
    await expect(nowhere.chat({ messages: [], json: true })).rejects.toMatchObject({ reason: 'unavailable' });
  });

  it('asks no JSON mode when it is off, sends no key when none is set, and stops when the caller goes away', async () => {
    fake.script({ kind: 'stream', pieces: ['{}'] });
    await model({ jsonMode: false }).chat({ messages: [], json: true });
    expect(fake.calls.at(-1)!.body.response_format).toBeUndefined();
    expect(fake.calls.at(-1)!.authorization).toBeUndefined();
    fake.script({ kind: 'stall', ms: 2_000 });
    const gone = new AbortController();
    const pending = model().chat({ messages: [], json: true, signal: gone.signal });
    setTimeout(() => gone.abort(), 50);
    await expect(pending).rejects.toMatchObject({ reason: 'aborted' });
  });
});
