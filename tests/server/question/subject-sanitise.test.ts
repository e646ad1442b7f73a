import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TCreateResult } from '../../../schemas/api/question';
import type { TSubject } from '../../../schemas/subjects/registry';
import { loginNewUser, makeSubject } from '../../helpers/fixtures';
import { createTestApp, type TestApp } from '../../helpers/test-app';
import { engineName } from '../../helpers/test-db';

// Every rich-text field of a subject is cleaned by one function when it is saved, whichever call saves it.
let t: TestApp;
let headers: { token: string };
beforeAll(async () => {
  t = await createTestApp();
  headers = (await loginNewUser(t)).headers;
});
afterAll(() => t.close());

const ANALYSIS = '<p>正确答案是 B</p><img src=x onerror="alert(1)"><a href="javascript:alert(2)">看解析</a><script>alert(3)</script>';
const OPTION = '男<img src=x onerror=alert(1)><svg onload=alert(2)></svg>';
const ROW = '<a href="javascript:alert(1)" onclick="alert(2)">服务态度</a>';
const ACTIVE = /onerror|onload|onclick|javascript:|<script|<svg/i;

type Options = { options: Array<{ uuid: string; title: string }> };
const exam = (): TSubject & Options => ({ ...(makeSubject(1, 1, '哪个是对的？') as TSubject & Options), answerAnalysis: ANALYSIS, score: 5 });

async function create(subjects: TSubject[]): Promise<{ questionId: string; read: () => Promise<TSubject[]> }> {
  const created = await t.call<TCreateResult>('activity/question/saveOrUpdateWxQuestion', { questionType: 2, title: '安全测试', subjects }, headers);
  expect(created.resultCode).toBe('200');
  const questionId = created.data.questionId!;
  return { questionId, read: async () => (await t.call<{ subjects: TSubject[] }>('activity/question/v2/getSubject', { questionId }, headers)).data.subjects };
}

describe(`saving subjects cleans every rich-text field (${engineName()})`, () => {
  it('on create: the exam analysis and option titles lose scripts and handlers, keep their text', async () => {
    const subject = exam();
    subject.options[0]!.title = OPTION;
    subject.options[1]!.title = 'A&B 年龄<18岁';
    const [saved] = (await (await create([subject])).read()) as Array<TSubject & Options & { answerAnalysis: string }>;
    expect(saved!.answerAnalysis).not.toMatch(ACTIVE);
    expect(saved!.answerAnalysis).toContain('<p>正确答案是 B</p>');
    expect(saved!.answerAnalysis).toContain('看解析');
    expect(saved!.options[0]!.title).not.toMatch(ACTIVE);
    expect(saved!.options[0]!.title).toMatch(/^男/);
    // Plain labels are not touched (no &amp; or &lt; appears on the respondent page).
    expect(saved!.options[1]!.title).toBe('A&B 年龄<18岁');
  });

  it('on the editor calls: a changed subject, an option and a whole document', async () => {
    const p = await create([makeSubject(1, 1, '第1题'), makeSubject(11, 2, '矩阵')]);
    const [single, matrix] = (await p.read()) as [TSubject & Options, TSubject & { rows: Array<{ uuid: string; title: string }> }];

    const updated = await t.call(
      'activity/question/updateWxQuestionSubject',
      { questionId: p.questionId, subject: { ...single, answerAnalysis: ANALYSIS } },
      headers,
    );
    expect(updated.resultCode).toBe('200');
    const option = await t.call(
      'activity/question/updateSubjectOption',
      { questionId: p.questionId, subjectUuid: single.uuid, option: { uuid: single.options[0]!.uuid, title: OPTION } },
      headers,
    );
    expect(option.resultCode).toBe('200');
    const read = (await p.read()) as Array<TSubject & Options & { answerAnalysis?: string }>;
    expect(read[0]!.answerAnalysis).toContain('<p>正确答案是 B</p>');
    expect(read[0]!.answerAnalysis).not.toMatch(ACTIVE);
    expect(read[0]!.options[0]!.title).toMatch(/^男/);
    expect(read[0]!.options[0]!.title).not.toMatch(ACTIVE);

    const { version } = (await t.call<{ version: number }>('activity/question/v2/getSubject', { questionId: p.questionId }, headers)).data;
    const rows = matrix.rows.map((r, i) => (i === 0 ? { ...r, title: ROW } : r));
    const saved = await t.call(
      'activity/question/saveEditorDocument',
      { questionId: p.questionId, version, document: { title: '安全测试', subjects: [read[0], { ...matrix, rows }], logic: {} } },
      headers,
    );
    expect(saved.resultCode).toBe('200');
    const after = (await p.read()) as Array<TSubject & { rows?: Array<{ title: string }> }>;
    expect(after[1]!.rows![0]!.title).toContain('服务态度');
    expect(after[1]!.rows![0]!.title).not.toMatch(ACTIVE);
  });

  it('in the question bank', async () => {
    const subject = exam();
    subject.options[0]!.title = OPTION;
    expect((await t.call('activity/question/saveSubjectBank', { subject }, headers)).resultCode).toBe('200');
    const list = await t.call<{ list: Array<{ subject: TSubject & Options & { answerAnalysis: string } }> }>(
      'activity/question/getSubjectBankList',
      {},
      headers,
    );
    const saved = list.data.list[0]!.subject;
    expect(saved.answerAnalysis).not.toMatch(ACTIVE);
    expect(saved.options[0]!.title).not.toMatch(ACTIVE);
  });
});
