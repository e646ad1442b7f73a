import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TCreateResult } from '../../../schemas/api/question';
import type { TLogic } from '../../../schemas/logic/ast';
import type { TSubject } from '../../../schemas/subjects/registry';
import { sanitizePlainText } from '../../../schemas/rich-text/sanitize-project';
import { loginNewUser, makeSubject } from '../../helpers/fixtures';
import { createTestApp, type TestApp } from '../../helpers/test-app';
import { engineName } from '../../helpers/test-db';

// Issue 16 item 10: a project's title, subtitle, default conclusion, share title, conclusion pages, option
// pictures and the messages its logic ends a sheet with were stored as sent; only the browser cleaned them.
// Every write path now cleans them before storing, so no reader of the database (exports, other pages, another
// client) meets a script.
let t: TestApp;
let headers: { token: string };
beforeAll(async () => {
  t = await createTestApp();
  headers = (await loginNewUser(t)).headers;
});
afterAll(() => t.close());

const ACTIVE = /<script|onerror|onload|onclick|javascript:|<svg|<iframe/i;
const TITLE = '<img src=x onerror=alert(1)>满意度<script>alert(2)</script>调查';
const RICH =
  '<p><b>说明</b></p><script>alert(1)</script><img src="https://tracker.example/p.gif?u=1"><a href="javascript:alert(2)">链接</a><img src="/uploads/ok.png">';
const BEACON = 'https://tracker.example/p.gif';

const row = async (questionId: string) =>
  (
    await t.database.query<{ title: string; subtitle: string; conclusion: string; share_title: string; settings: { shareTitle: string }; logic: TLogic }>(
      'SELECT title, subtitle, conclusion, share_title, settings, logic FROM projects WHERE public_id = $1',
      [questionId],
    )
  )[0]!;

async function create(): Promise<string> {
  const created = await t.call<TCreateResult>('activity/question/saveOrUpdateWxQuestion', { questionType: 1, title: TITLE, subtitle: RICH }, headers);
  expect(created.resultCode).toBe('200');
  return created.data.questionId!;
}

function expectRichCleaned(html: string) {
  expect(html).not.toMatch(ACTIVE);
  expect(html).not.toContain('tracker.example');
  expect(html).toContain('<b>说明</b>');
  expect(html).toContain('<img src="/uploads/ok.png" />');
  expect(html).toContain('链接');
}

describe(`project texts are cleaned when stored (${engineName()})`, () => {
  it('create: the title keeps its text only, the subtitle is cleaned rich text', async () => {
    const stored = await row(await create());
    expect(stored.title).toBe('满意度调查');
    expectRichCleaned(stored.subtitle);
  });

  it('a title that is nothing but markup is refused, not stored empty', async () => {
    const answer = await t.call('activity/question/saveOrUpdateWxQuestion', { questionType: 1, title: '<script>alert(1)</script>' }, headers);
    expect(answer).toMatchObject({ resultCode: '400', resultMsg: 'title: 请输入标题' });
  });

  it('saveOrUpdateWxQuestion on an existing project and updateWxQuestion (conclusion, share title)', async () => {
    const questionId = await create();
    const version = (await t.call<{ version: number }>('activity/question/getWxQuestion', { questionId }, headers)).data.version;
    expect(
      (await t.call('activity/question/saveOrUpdateWxQuestion', { questionId, questionType: 1, version, title: `${TITLE}二`, subtitle: RICH }, headers))
        .resultCode,
    ).toBe('200');
    expect((await row(questionId)).title).toBe('满意度调查二');
    const updated = await t.call(
      'activity/question/updateWxQuestion',
      { questionId, title: '<b onclick=alert(1)>新</b>标题', conclusion: RICH, shareTitle: '<iframe src=x></iframe>分享' },
      headers,
    );
    expect(updated.resultCode).toBe('200');
    const stored = await row(questionId);
    expect(stored.title).toBe('新标题');
    expectRichCleaned(stored.conclusion);
    expect(stored.share_title).toBe('分享');
  });

  it('the editor document: title, subtitle, option pictures and the messages logic ends a sheet with', async () => {
    const questionId = await create();
    const choice = makeSubject(1, 1, '性别') as TSubject & { options: Array<{ uuid: string; title: string; image?: string }> };
    choice.options[0]!.image = `${BEACON}?who=1`;
    choice.options[1]!.image = 'javascript:alert(1)';
    const pictures = makeSubject(5, 2, '选一张图') as TSubject & { options: Array<{ uuid: string; title: string; image: string }> };
    pictures.options[0]!.image = '//tracker.example/a.png';
    pictures.options[1]!.image = '/uploads/kept.png';
    const logic: TLogic = {
      jumps: [{ id: 'j1', from: choice.uuid, to: { kind: 'end', message: '<img src=x onerror=alert(1)>感谢，您不符合条件' } }],
      display: [],
      optionLinkage: [],
      quotas: [
        {
          id: 'q1',
          basis: 'option',
          subject: choice.uuid,
          option: choice.options[0]!.uuid,
          limit: 10,
          onFull: { action: 'end', message: '<script>alert(1)</script>名额已满<b>谢谢</b>' },
        },
      ],
      random: [],
    };
    const version = (await t.call<{ version: number }>('activity/question/getWxQuestion', { questionId }, headers)).data.version;
    const saved = await t.call(
      'activity/question/saveEditorDocument',
      { questionId, version, document: { title: TITLE, subtitle: RICH, subjects: [choice, pictures], logic } },
      headers,
    );
    expect(saved.resultCode).toBe('200');
    const stored = await row(questionId);
    expect(stored.title).toBe('满意度调查');
    expectRichCleaned(stored.subtitle);
    expect(stored.logic.jumps[0]!.to).toEqual({ kind: 'end', message: '感谢，您不符合条件' });
    expect(stored.logic.quotas[0]!.onFull).toEqual({ action: 'end', message: '名额已满谢谢' });
    const subjects = (await t.call<{ subjects: Array<{ options: Array<{ image?: string }> }> }>('activity/question/v2/getSubject', { questionId }, headers))
      .data.subjects;
    expect(subjects[0]!.options.map((o) => o.image ?? '')).toEqual(['', '', ...subjects[0]!.options.slice(2).map((o) => o.image ?? '')]);
    expect(subjects[1]!.options.slice(0, 2).map((o) => o.image)).toEqual(['', '/uploads/kept.png']);

    // saveLogic on its own too.
    const next = (await t.call<{ version: number }>('activity/question/getWxQuestion', { questionId }, headers)).data.version;
    const onlyLogic = await t.call(
      'activity/question/saveLogic',
      { questionId, version: next, logic: { ...logic, jumps: [{ ...logic.jumps[0]!, to: { kind: 'end', message: '<a href="javascript:x">结束</a>' } }] } },
      headers,
    );
    expect(onlyLogic.resultCode).toBe('200');
    expect((await row(questionId)).logic.jumps[0]!.to).toEqual({ kind: 'end', message: '结束' });
  });

  it('conclusion pages (结束页) and the share title of the settings', async () => {
    const questionId = await create();
    const saved = await t.call<Array<{ title: string; content: string }>>(
      'activity/question/saveOrUpdateConclusion',
      { questionId, conclusion: { title: '<b onmouseover=x()>提交成功</b>', content: RICH } },
      headers,
    );
    expect(saved.resultCode).toBe('200');
    const [page] = await t.database.query<{ config: { title: string; content: string } }>(
      'SELECT c.config FROM conclusions c JOIN projects p ON p.id = c.project_id WHERE p.public_id = $1',
      [questionId],
    );
    expect(page!.config.title).toBe('提交成功');
    expectRichCleaned(page!.config.content);
    const settings = await t.call<{ version: number }>('activity/question/getWxQuestionSetting', { questionId }, headers);
    const put = await t.call(
      'activity/question/updateWxQuestionSetting',
      { questionId, version: settings.data.version, settings: { shareTitle: '<script>x()</script>快来填' } },
      headers,
    );
    expect(put.resultCode).toBe('200');
    const stored = await row(questionId);
    expect(stored.share_title).toBe('快来填');
    expect(stored.settings.shareTitle).toBe('快来填');
  });

  it('a copy of a project stored before this rule is cleaned on its way in', async () => {
    const questionId = await create();
    await t.database.query('UPDATE projects SET title = $2, subtitle = $3 WHERE public_id = $1', [questionId, TITLE, RICH]);
    const copy = await t.call<TCreateResult>('activity/question/getQuestionCopy', { questionId }, headers);
    const stored = await row(copy.data.questionId!);
    expect(stored.title).toBe('满意度调查（副本）');
    expectRichCleaned(stored.subtitle);
  });
});

describe('plain text fields', () => {
  it('keep what was typed; markup leaves only its text, entities included', () => {
    for (const plain of ['A&B', '年龄<18岁', '5 > 3', '"引号"', '100% 满意']) expect(sanitizePlainText(plain)).toBe(plain);
    expect(sanitizePlainText('<b>粗</b>体')).toBe('粗体');
    expect(sanitizePlainText('&lt;script&gt;alert(1)&lt;/script&gt;标题')).not.toMatch(/<script/i);
    expect(sanitizePlainText('<scr<script>ipt>alert(1)</scr</script>ipt>')).not.toMatch(/<script/i);
  });
});
