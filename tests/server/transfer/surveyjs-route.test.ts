// The SurveyJS path of the transfer calls, through the seam schemas/transfer/surveyjs (helper "surveyjs" writes the
// converter; these pass once it is merged).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TCreateResult } from '../../../schemas/api/question';
import type { TExportProjectResult, TPreviewResult } from '../../../schemas/api/transfer';
import { loginNewUser, makeSubject } from '../../helpers/fixtures';
import { createTestApp, type TestApp } from '../../helpers/test-app';
import { engineName } from '../../helpers/test-db';

let t: TestApp;
let owner: Awaited<ReturnType<typeof loginNewUser>>;
let surveyId: string;
const T = 'activity/question/transfer';
const sample = {
  title: '门店体验调查',
  pages: [
    {
      name: 'page1',
      elements: [
        { type: 'radiogroup', name: 'gender', title: '您的性别', isRequired: true, choices: ['男', '女'] },
        { type: 'text', name: 'name', title: '您的姓名' },
      ],
    },
  ],
};

beforeAll(async () => {
  t = await createTestApp();
  owner = await loginNewUser(t, 4);
  const created = await t.call<TCreateResult>(
    'activity/question/saveOrUpdateWxQuestion',
    { questionType: 1, title: '顾客满意度调查', subjects: [makeSubject(1, 1, '您的年龄段？'), makeSubject(6, 2, '姓名')] },
    owner.headers,
  );
  surveyId = created.data.questionId!;
});
afterAll(() => t.close());

describe(`SurveyJS through the transfer calls on ${engineName()}`, () => {
  it('exports a SurveyJS JSON with the subjects as elements', async () => {
    const result = await t.call<TExportProjectResult>(`${T}/exportProject`, { questionId: surveyId, format: 'surveyjs' }, owner.headers);
    expect(result.resultCode).toBe('200');
    expect(result.data.fileName).toBe('顾客满意度调查.surveyjs.json');
    const json = JSON.parse(result.data.content) as { title?: string; pages?: { elements: { type: string }[] }[] };
    expect(json.title).toBe('顾客满意度调查');
    expect(json.pages!.flatMap((p) => p.elements).map((e) => e.type)).toEqual(['radiogroup', 'text']);
  });

  it('previews and imports a SurveyJS survey into a project', async () => {
    const body = { questionId: surveyId, format: 'surveyjs', content: JSON.stringify(sample) };
    const preview = await t.call<TPreviewResult>(`${T}/previewImport`, body, owner.headers);
    expect(preview.resultCode).toBe('200');
    expect(preview.data.subjects.map((s) => [s.title, s.typeName])).toEqual([
      ['您的性别', '单选题'],
      ['您的姓名', '单行填空题'],
    ]);
    expect(preview.data.report.mapped.length).toBeGreaterThan(0);
    const imported = await t.call<{ added: number }>(`${T}/importSubjects`, body, owner.headers);
    expect(imported.data.added).toBe(2);
  });

  it('creates a project from a SurveyJS file with its title', async () => {
    const made = await t.call<{ questionId: string }>(`${T}/createProjectFromFile`, { format: 'surveyjs', content: JSON.stringify(sample) }, owner.headers);
    expect(made.resultCode).toBe('200');
    const info = await t.call<{ title: string }>('activity/question/getWxQuestion', { questionId: made.data.questionId }, owner.headers);
    expect(info.data.title).toBe('门店体验调查');
  });
});
