import { mkdirSync } from 'node:fs';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { Editor } from './editor-model';
import { loginCreator, options, publish, subject, useToken } from './respond-support';
import { closeOtherContextsAfterEach } from './contexts';

const SHOTS = '/tmp/shots-media-copy';
mkdirSync(SHOTS, { recursive: true });
closeOtherContextsAfterEach();

async function call<T>(request: APIRequestContext, path: string, body: unknown, token: string): Promise<T> {
  const answer = await (await request.post(`/api/${path}`, { data: body, headers: { token } })).json();
  expect(answer.resultCode, `${path}: ${answer.resultMsg}`).toBe('200');
  return answer.data as T;
}

/** The smallest file an mp4 reader accepts as one: a `ftyp` box (isom, compatible isom and mp42) and an empty `mdat`. */
function minimalMp4(): Buffer {
  const ftyp = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypisom'), Buffer.from([0, 0, 2, 0]), Buffer.from('isommp42')]);
  const mdat = Buffer.concat([Buffer.from([0, 0, 0, 8]), Buffer.from('mdat')]);
  return Buffer.concat([ftyp, mdat]);
}

test('高级复制: a survey with logic copied into an exam without logic opens in the editor with its questions', async ({ page, request, baseURL }) => {
  const token = await loginCreator(request);
  const used = options('用过', '没用过');
  const q1 = subject(1, { title: '您是否使用过我们的产品？', options: used });
  const q2 = subject(6, { title: '您最常用的功能是什么？' });
  const q3 = subject(7, { title: '您还有什么建议？', required: false });
  const source = await publish(request, token, {
    title: '产品体验调查',
    questionType: 1,
    subjects: [q1, q2, q3],
    logic: {
      jumps: [
        {
          id: 'j1',
          from: q1.uuid,
          when: { match: 'all', predicates: [{ op: 'chose', subject: q1.uuid, option: used[1]!.uuid }] },
          to: { kind: 'subject', subject: q3.uuid },
        },
      ],
    },
  });
  await useToken(page, token, baseURL!);

  // From the list: 更多操作 → 高级复制.
  await page.goto('/questionnaire/list.html');
  const card = page.locator('li', { has: page.locator(`a[href*="questionId=${source}"]`) }).first();
  await card.getByRole('button', { name: '更多操作' }).click();
  await page.getByRole('menuitem', { name: '高级复制' }).click();
  await expect(page).toHaveURL(new RegExp(`/questionnaire/copy\\.html\\?questionId=${source}`));
  await expect(page.getByRole('heading', { name: '复制项目' })).toBeVisible();
  await expect(page.getByText('原问卷共 3 个题目')).toBeVisible();

  // An exam, without the logic: the page says what the copy leaves behind before copying.
  await page.getByRole('radio', { name: '考试' }).check();
  await page.getByRole('checkbox', { name: /复制逻辑/ }).uncheck();
  await expect(page.getByText(/题目逻辑（跳题、显示与隐藏/)).toBeVisible();
  await expect(page.getByText('复制为考试后，请在编辑器中为题目设置分值和正确答案')).toBeVisible();
  await page.getByLabel('副本标题').fill('产品知识测验');
  await page.screenshot({ path: `${SHOTS}/copy-page-1280.png`, fullPage: true });
  await page.getByRole('button', { name: '复制并编辑' }).click();

  // The copy opens in the editor with the three questions.
  await expect(page).toHaveURL(/\/questionnaire\/edit\/subject\.html\?questionId=/);
  const copyId = new URL(page.url()).searchParams.get('questionId')!;
  expect(copyId).not.toBe(source);
  const I = Editor(page);
  await expect(I.cards).toHaveCount(3);
  for (const title of ['您是否使用过我们的产品？', '您最常用的功能是什么？', '您还有什么建议？'])
    await expect(I.cards.filter({ hasText: title })).toHaveCount(1);

  // The server holds an exam with no logic; the source keeps its jump.
  const info = await call<{ questionType: number; title: string }>(request, 'activity/question/getWxQuestion', { questionId: copyId }, token);
  expect(info).toMatchObject({ questionType: 2, title: '产品知识测验' });
  const copied = await call<{ logic: { jumps?: unknown[] } }>(request, 'activity/question/getSubject', { questionId: copyId }, token);
  expect(copied.logic.jumps ?? []).toHaveLength(0);
  const original = await call<{ logic: { jumps: unknown[] } }>(request, 'activity/question/getSubject', { questionId: source }, token);
  expect(original.logic.jumps).toHaveLength(1);
});

test('上传视频 in the editor: a small mp4 is accepted into the block, a text file renamed .mp4 is refused with the reason', async ({
  page,
  request,
  baseURL,
}) => {
  const token = await loginCreator(request);
  const video = subject(32, { url: '' });
  const created = await call<{ questionId: string }>(
    request,
    'activity/question/saveOrUpdateWxQuestion',
    { title: '新品介绍', questionType: 1, subjects: [video, subject(6, { title: '看完视频后您的印象是？' })] },
    token,
  );
  await useToken(page, token, baseURL!);
  const I = Editor(page);
  await I.open(created.questionId);
  const block = I.cards.first();
  await expect(block).toContainText('尚未设置视频地址');
  await block.click();

  // A renamed text file: refused, with the server's reason shown beside the button.
  await expect(page.getByText('上传视频', { exact: true })).toBeVisible();
  const input = page.getByLabel('上传视频文件');
  await input.setInputFiles({ name: '介绍.mp4', mimeType: 'video/mp4', buffer: Buffer.from('这不是视频，只是改了扩展名的文本文件。\n'.repeat(20)) });
  await expect(page.getByRole('alert').filter({ hasText: '文件内容不是有效的视频（mp4）' })).toBeVisible();
  // Said once, beside the button, without the form field's name (no toast repeating it as "file: …").
  await expect(page.getByText('文件内容不是有效的视频（mp4）')).toHaveCount(1);
  await expect(page.getByText(/file: /)).toHaveCount(0);
  await expect(block).toContainText('尚未设置视频地址');
  await page.screenshot({ path: `${SHOTS}/video-refused.png` });

  // A real (minimal) mp4: accepted, its address goes into the block and is saved.
  await input.setInputFiles({ name: '新品介绍.mp4', mimeType: 'video/mp4', buffer: minimalMp4() });
  await expect(page.getByLabel('视频地址')).toHaveValue(/\/uploads\/\S+\.mp4/);
  await expect(page.getByRole('alert').filter({ hasText: '文件内容不是有效的视频' })).toHaveCount(0);
  await expect(block).not.toContainText('尚未设置视频地址');
  await page.screenshot({ path: `${SHOTS}/video-accepted.png` });
  await I.waitSaved();
  const saved = await call<{ subjects: Array<{ uuid: string; url?: string }> }>(
    request,
    'activity/question/getSubject',
    { questionId: created.questionId },
    token,
  );
  expect(saved.subjects.find((s) => s.uuid === video.uuid)?.url).toMatch(/\/uploads\/\S+\.mp4/);
});
