import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TAiFinding, TAiMessage, TAiReportSummary } from '../../../schemas/api/ai';
import type { TCrossTab, TStatement } from '../../../schemas/api/report';
import type { TSubject } from '../../../schemas/subjects/registry';
import { chiSquareTest } from '../../../server/services/ai/analysis/stats';
import { loginNewUser, makeSubject } from '../../helpers/fixtures';
import { publishProject, submissionId } from '../../helpers/publish';
import { createTestApp, type TestApp } from '../../helpers/test-app';
import { engineName } from '../../helpers/test-db';

let t: TestApp;
let owner: { headers: { token: string } };
let viewer: { headers: { token: string }; phone: string };
let stranger: { headers: { token: string } };
beforeAll(async () => {
  t = await createTestApp();
  owner = await loginNewUser(t, 4);
  viewer = await loginNewUser(t);
  stranger = await loginNewUser(t);
});
afterAll(() => t.close());

const R = 'question/statement/';
const ASK = 'ai/agent/ai_analyze/getConversation';
const GET = 'activity/ai/getQuestionAnalysis';
const SAVE = 'activity/ai/saveOrUpdateAnalysis';
const opts = (prefix: string, titles: string[]) => titles.map((title, i) => ({ uuid: `${prefix}${i}`, title }));

/**
 * 40 sheets with a planted dependency: 技术 works overtime 16 of 20, 市场 4 of 20 (χ² = 14.4, df 1); gender is
 * exactly even in each department (χ² = 0); 满意 is chosen by 20 of 40; 10 people write a suggestion, 6 of them
 * about 加班.
 */
function fixture() {
  const dept = { ...makeSubject(1, 1, '您所在的部门'), options: opts('d', ['技术', '市场']) } as TSubject;
  const overtime = { ...makeSubject(1, 2, '您是否经常加班'), options: opts('o', ['是', '否']) } as TSubject;
  const gender = { ...makeSubject(1, 3, '您的性别'), options: opts('g', ['男', '女']) } as TSubject;
  const satisfied = { ...makeSubject(1, 4, '您对工作的满意度'), options: opts('s', ['满意', '一般', '不满意']) } as TSubject;
  const advice = { ...makeSubject(7, 5, '您对公司的建议'), required: false } as TSubject;
  return { dept, overtime, gender, satisfied, advice, all: [dept, overtime, gender, satisfied, advice] };
}
const ADVICE = [
  '希望减少加班',
  '加班太多了',
  '加班费要按时发',
  '周末加班能不能调休',
  '食堂饭菜一般',
  '加班后打车报销',
  '加班太累',
  '食堂太远',
  '培训太少',
  '希望涨薪',
];

async function seed() {
  const f = fixture();
  const questionId = await publishProject(t, owner.headers, { subjects: f.all });
  const sheetIds: string[] = [];
  for (let i = 0; i < 40; i++) {
    const j = Math.floor(i / 2) % 4;
    const answers: Record<string, unknown> = {
      [f.dept.uuid]: { optionIds: [i < 20 ? 'd0' : 'd1'] },
      [f.overtime.uuid]: { optionIds: [i < 16 || i >= 36 ? 'o0' : 'o1'] },
      [f.gender.uuid]: { optionIds: [`g${i % 2}`] },
      [f.satisfied.uuid]: { optionIds: [j < 2 ? 's0' : j === 2 ? 's1' : 's2'] },
    };
    if (i % 4 === 0) answers[f.advice.uuid] = ADVICE[i / 4]!;
    const answer = await t.call<{ sheetId: string }>('active/write/submit', {
      questionId,
      submissionId: submissionId(),
      answers,
      deviceId: `dev-ai-${i}`,
      durationSeconds: 60 + i,
      source: 'link',
    });
    expect(answer.resultCode, answer.resultMsg).toBe('200');
    sheetIds.push(answer.data.sheetId);
  }
  for (const sheetId of sheetIds.slice(0, 4)) {
    const marked = await t.call(`${R}markSuspect`, { questionId, sheetId, suspect: true }, owner.headers);
    expect(marked.resultCode, marked.resultMsg).toBe('200');
  }
  return { ...f, questionId, sheetIds };
}

const ok = async <T>(path: string, body: object, headers: { token: string }) => {
  const answer = await t.call<T>(path, body, headers);
  expect(answer.resultCode, `${path}: ${answer.resultMsg}`).toBe('200');
  return answer.data;
};
const summaryOf = async (questionId: string, headers = owner.headers) => (await ok<{ summary: TAiReportSummary }>(GET, { questionId }, headers)).summary;
const ask = async (questionId: string, message: string, history: object[] = []) =>
  (await ok<{ reply: TAiMessage; aiRemaining: number | null }>(ASK, { questionId, message, history }, owner.headers)).reply;
const about = (fs: TAiFinding[], kind: TAiFinding['kind'], ...uuids: string[]) =>
  fs.filter((x) => x.kind === kind && uuids.every((u) => x.subjectIds.includes(u)));

let fx: Awaited<ReturnType<typeof seed>>;

describe(`AI analysis (built-in assistant) on ${engineName()}`, () => {
  beforeAll(async () => {
    fx = await seed();
  });

  it('the largest shares are the report’s own numbers, with a bar chart of every option', async () => {
    const summary = await summaryOf(fx.questionId);
    const statement = await ok<TStatement>(`${R}getStatement`, { questionId: fx.questionId }, owner.headers);
    expect(summary.sheetCount).toBe(statement.total);
    expect(summary.sheetCount).toBe(40);
    for (const stat of statement.subjects.filter((s) => s.kind === 'choice')) {
      const [share] = about(summary.findings, 'share', stat.uuid);
      const top = [...stat.options!].sort((a, b) => b.count - a.count)[0]!;
      expect(share!.title).toContain(`「${top.title}」`);
      expect(share!.title).toContain(`占 ${top.percent}%（${top.count}/${stat.base}）`);
      const chart = summary.charts.find((c) => c.chartId === share!.chartId)!;
      expect(chart.labels).toEqual(stat.options!.map((o) => o.title));
      expect(chart.series[0]!.values).toEqual(stat.options!.map((o) => o.percent));
    }
    expect(about(summary.findings, 'share', fx.satisfied.uuid)[0]!.title).toBe('第4题「您对工作的满意度」：选择「满意」的最多，占 50%（20/40）');
    expect(summary.findings[0]!.kind).toBe('overview');
    expect(summary.findings[0]!.title).toContain('共收到有效答卷 40 份');
  });

  it('the planted dependency is significant with the cross-tab’s own counts; the independent pair is not', async () => {
    const summary = await summaryOf(fx.questionId);
    const [planted] = about(summary.findings, 'difference', fx.dept.uuid, fx.overtime.uuid);
    expect(planted, 'dept × overtime').toBeDefined();
    const cross = await ok<TCrossTab>(`${R}getCrossTab`, { questionId: fx.questionId, rowSubject: fx.dept.uuid, colSubject: fx.overtime.uuid }, owner.headers);
    const expected = chiSquareTest(cross.cells.map((row) => row.map((c) => c.count)))!;
    expect(planted!.test!.chiSquare).toBeCloseTo(expected.chiSquare, 10);
    expect(planted!.test!.chiSquare).toBeCloseTo(14.4, 10);
    expect(planted!.test!.df).toBe(1);
    expect(planted!.test!.pValue).toBeLessThan(0.05);
    expect(planted!.detail).toContain('选择「技术」的人中，选择「是」的占 80%（16/20），整体只有 50%（20/40）');
    const chart = summary.charts.find((c) => c.chartId === planted!.chartId)!;
    expect(chart.kind).toBe('crosstab');
    expect(chart.series).toEqual([
      { name: '技术', values: [80, 20] },
      { name: '市场', values: [20, 80] },
    ]);
    expect(about(summary.findings, 'difference', fx.dept.uuid, fx.gender.uuid)).toEqual([]);
    expect(about(summary.findings, 'difference', fx.gender.uuid)).toEqual([]);
  });

  it('names the suspect share, the skipped optional subject and the planted theme', async () => {
    const summary = await summaryOf(fx.questionId);
    expect(about(summary.findings, 'suspect')[0]!.title).toBe('可疑答卷 4 份，占有效答卷的 10%（4/40）');
    const [low] = about(summary.findings, 'lowResponse', fx.advice.uuid);
    expect(low!.title).toBe('第5题「您对公司的建议」作答率偏低：25%（10/40）');
    expect(low!.detail).toContain('选填题');
    expect(summary.findings.filter((x) => x.kind === 'lowResponse')).toHaveLength(1);
    const [theme] = about(summary.findings, 'theme', fx.advice.uuid);
    expect(theme!.title).toContain('「加班」（6 次）');
    expect(theme!.title).not.toContain('希望');
    const statement = await ok<TStatement>(`${R}getStatement`, { questionId: fx.questionId }, owner.headers);
    const words = statement.subjects.find((s) => s.uuid === fx.advice.uuid)!.words!;
    expect(words.find((w) => w.word === '加班')!.count).toBe(6);
  });

  it('answers questions from the findings, naming subjects by number or by title', async () => {
    const top = await ask(fx.questionId, '哪个选项最多？');
    expect(top.engine).toBe('builtin');
    expect(top.text).toContain('选择「满意」的最多，占 50%（20/40）');
    const named = await ask(fx.questionId, '第四题哪个选项最多');
    expect(named.findings.map((x) => x.subjectIds)).toEqual([[fx.satisfied.uuid]]);
    expect(named.charts.map((c) => c.chartId)).toEqual([named.findings[0]!.chartId]);
    const byTitle = await ask(fx.questionId, '加班的情况怎么样，哪个最多');
    expect(byTitle.findings[0]!.subjectIds).toEqual([fx.overtime.uuid]);
    const least = await ask(fx.questionId, '满意度里哪个最少？');
    expect(least.text).toContain('第4题「您对工作的满意度」中选择「一般」、「不满意」的最少，占 25%');
    expect((await ask(fx.questionId, '哪个选项最少？')).text).toContain('各选择题中选择最少的选项');
    const difference = await ask(fx.questionId, '不同部门之间有没有显著差异？');
    expect(difference.findings.map((x) => x.kind)).toEqual(['difference']);
    expect(difference.text).toContain('p < 0.001');
    const none = await ask(fx.questionId, '第3题和其他题有没有显著差异？');
    expect(none.findings).toEqual([]);
    expect(none.text).toContain('没有发现显著差异');
    const followUp = await ask(fx.questionId, '那第2题呢？', [{ role: 'user', text: '第3题和其他题有没有显著差异？' }]);
    expect(followUp.findings.map((x) => x.kind)).toEqual(['difference']);
    expect((await ask(fx.questionId, '开放题大家都提到了什么？')).text).toContain('「加班」（6 次）');
    expect((await ask(fx.questionId, '有没有可疑答卷')).text).toContain('可疑答卷 4 份');
    expect((await ask(fx.questionId, '整体情况怎么样')).text).toContain('共收到有效答卷 40 份');
    expect((await ask(fx.questionId, '有什么改进建议？')).text).toContain('根据报告数据，建议');
    const fallback = await ask(fx.questionId, '今天天气如何');
    expect(fallback.text).toContain('我是内置助手');
    expect(fallback.findings).toEqual([]);
  });

  it('saves one conversation per project and user, as text; a view member reads and saves his own; a stranger gets 404', async () => {
    const reply = await ask(fx.questionId, '哪个选项最多？');
    const messages = [{ role: 'user', text: '<b>哪个</b>选项最多？' }, reply];
    const saved = await ok<{ updateTime: string }>(SAVE, { questionId: fx.questionId, messages }, owner.headers);
    expect(saved.updateTime).toMatch(/^\d{4}-/);
    const got = await ok<{ messages: TAiMessage[]; updateTime: string; title: string }>(GET, { questionId: fx.questionId }, owner.headers);
    expect(got.messages.map((m) => m.text)).toEqual(['哪个选项最多？', reply.text]);
    expect(got.messages[1]!.findings).toEqual(reply.findings);
    expect(got.updateTime).toBe(saved.updateTime);
    expect(got.title).toBe('发布测试');

    const id = (await t.database.query<{ id: number }>('SELECT id FROM projects WHERE public_id = $1', [fx.questionId]))[0]!.id;
    const vid = (await t.database.query<{ id: number }>('SELECT id FROM users WHERE phone = $1', [viewer.phone]))[0]!.id;
    await t.database.query('INSERT INTO project_members (project_id, user_id, power_type) VALUES ($1, $2, 3)', [id, vid]);
    const fresh = await ok<{ messages: TAiMessage[]; updateTime: string | null; summary: TAiReportSummary }>(
      GET,
      { questionId: fx.questionId },
      viewer.headers,
    );
    expect(fresh.messages).toEqual([]);
    expect(fresh.updateTime).toBeNull();
    expect(fresh.summary.sheetCount).toBe(40);
    await ok(SAVE, { questionId: fx.questionId, messages: [{ role: 'user', text: '我的问题' }] }, viewer.headers);
    expect((await ok<{ messages: TAiMessage[] }>(GET, { questionId: fx.questionId }, viewer.headers)).messages.map((m) => m.text)).toEqual(['我的问题']);
    expect((await ok<{ messages: TAiMessage[] }>(GET, { questionId: fx.questionId }, owner.headers)).messages).toHaveLength(2);

    for (const [path, body] of [
      [GET, { questionId: fx.questionId }],
      [SAVE, { questionId: fx.questionId, messages: [] }],
      [ASK, { questionId: fx.questionId, message: '整体情况' }],
    ] as const) {
      expect((await t.call(path, body, stranger.headers)).resultCode, path).toBe('404');
    }
    const tooLong = Array.from({ length: 61 }, () => ({ role: 'user', text: '问' }));
    expect((await t.call(SAVE, { questionId: fx.questionId, messages: tooLong }, owner.headers)).resultCode).toBe('400');
  });

  it('counts valid sheets only, as the report does: a binned sheet leaves the analysis', async () => {
    await ok(`${R}delAnswerSheet`, { questionId: fx.questionId, sheetId: fx.sheetIds[39] }, owner.headers);
    const summary = await summaryOf(fx.questionId);
    const statement = await ok<TStatement>(`${R}getStatement`, { questionId: fx.questionId }, owner.headers);
    expect(summary.sheetCount).toBe(39);
    expect(statement.total).toBe(39);
    const satisfied = statement.subjects.find((s) => s.uuid === fx.satisfied.uuid)!.options!;
    expect(about(summary.findings, 'share', fx.satisfied.uuid)[0]!.title).toContain(`占 ${satisfied[0]!.percent}%（${satisfied[0]!.count}/39）`);
  });

  it('a project without answers says so, and the assistant waits for answers', async () => {
    const questionId = await publishProject(t, owner.headers, { subjects: fixture().all });
    const summary = await summaryOf(questionId);
    expect(summary).toEqual({
      sheetCount: 0,
      findings: [expect.objectContaining({ kind: 'overview', title: '还没有有效答卷，收到答卷后这里会给出分析' })],
      charts: [],
    });
    expect((await ask(questionId, '哪个选项最多')).text).toContain('还没有有效答卷');
  });
});
