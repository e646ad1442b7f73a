import { mkdirSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import sharp from 'sharp';
import { DESKTOP, PHONE, Respondent, SHOTS, draftHolds, loginCreator, options, publish, subject, useToken } from './respond-support';

mkdirSync(SHOTS, { recursive: true });

test.describe('respondent page', () => {
  test.use({ viewport: PHONE, hasTouch: true, isMobile: true });

  test('a 3-page survey: the jump skips page 2, a display condition shows a subject, the answer reaches the list', async ({ page, request, baseURL }) => {
    const token = await loginCreator(request);
    const used = options('用过', '没用过');
    const q2 = subject(6, { title: '您的称呼' });
    const q1 = subject(1, { title: '您是否使用过我们的产品？', options: used });
    const break1 = subject(16);
    const q3 = subject(19, { title: '您对产品的整体满意度' });
    const q4 = subject(7, { title: '您最喜欢产品的哪一点？', required: false });
    const break2 = subject(16);
    const wishes = options('价格', '功能', '服务', '其他');
    const q5 = subject(2, { title: '您希望我们在哪些方面改进？', options: wishes });
    const q6 = subject(6, { title: '请具体说明“其他”' });
    const questionId = await publish(request, token, {
      title: '产品体验调查',
      questionType: 1,
      subjects: [q2, q1, break1, q3, q4, break2, q5, q6],
      logic: {
        jumps: [
          {
            id: 'j1',
            from: q1.uuid,
            when: { match: 'all', predicates: [{ op: 'chose', subject: q1.uuid, option: used[1]!.uuid }] },
            to: { kind: 'subject', subject: q5.uuid },
          },
        ],
        display: [{ id: 'd1', target: q6.uuid, when: { match: 'all', predicates: [{ op: 'chose', subject: q5.uuid, option: wishes[3]!.uuid }] } }],
      },
    });

    const me = Respondent(page);
    await page.goto(`/x/${questionId}`);
    await expect(page).toHaveURL(new RegExp(`/s/${questionId}`));
    await expect(page.getByRole('heading', { name: '产品体验调查' })).toBeVisible();
    await me.seePage(1, 3);
    await page.screenshot({ path: `${SHOTS}/phone-1-first-page.png` });

    // 下一页 with nothing answered: the schema messages, the first one focused and announced.
    await me.next();
    await expect(me.subject(/您是否使用过/).getByText('此题为必答题')).toBeVisible();
    await expect(page.locator('[aria-live="assertive"]')).toContainText('共2题需要修改。第1题：此题为必答题');
    await expect(me.subject(/您的称呼/).getByRole('textbox')).toBeFocused();
    await page.screenshot({ path: `${SHOTS}/phone-2-validation.png` });

    await me.pick(/您是否使用过/, '没用过');
    await expect(me.subject(/您是否使用过/).getByText('此题为必答题')).toHaveCount(0);
    await me.type(/您的称呼/, '王女士');
    await expect(page.getByText('第 1/2 页')).toBeVisible(); // the jump took page 2 out
    await me.next();

    await me.seePage(2, 2);
    await expect(me.subject(/整体满意度/)).toHaveCount(0);
    await expect(me.subject(/请具体说明/)).toHaveCount(0);
    await me.pick(/哪些方面改进/, '功能');
    await me.pick(/哪些方面改进/, '其他');
    await expect(me.subject(/请具体说明/)).toBeVisible();
    await me.type(/请具体说明/, '希望支持导出 PDF');
    await page.screenshot({ path: `${SHOTS}/phone-3-condition.png` });

    // The draft survives a reload and is offered back: once its debounced save holds the last answer.
    await expect.poll(() => draftHolds(page, '希望支持导出 PDF')).toBe(true);
    await page.reload();
    await expect(page.getByRole('button', { name: '继续上次的填写' })).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/phone-4-resume.png` });
    await page.getByRole('button', { name: '继续上次的填写' }).click();
    await expect(me.subject(/请具体说明/).getByRole('textbox')).toHaveValue('希望支持导出 PDF');

    await me.submit();
    await expect(page.getByRole('heading', { name: '提交成功' })).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/phone-5-conclusion.png` });

    // The creator sees the sheet in the answer list, with its source and a relative time.
    await page.setViewportSize(DESKTOP);
    await useToken(page, token, baseURL!);
    await page.goto(`/answerList.html?questionId=${questionId}`);
    const row = page.getByRole('row').nth(1);
    await expect(row).toContainText('刚刚');
    await expect(row).toContainText('链接');
    await expect(page.getByText('共 1 份').first()).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/desktop-answer-list.png` });

    await page.goto(`/questionnaire/release.html?questionId=${questionId}`);
    await expect(page.getByTestId('share-link')).toHaveValue(new RegExp(`/s/${questionId}$`));
    await expect(page.getByTestId('short-link')).toHaveValue(new RegExp(`/x/${questionId}$`));
    await expect(page.getByRole('img', { name: '问卷二维码' })).toBeVisible();
    await expect(page.getByText('收集中')).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/desktop-release.png`, fullPage: true });

    // 下载二维码 saves a real, square PNG with dark modules on white.
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: '下载二维码' }).click()]);
    expect(download.suggestedFilename()).toBe('产品体验调查-二维码.png');
    const qr = sharp(await download.path());
    const meta = await qr.metadata();
    expect(meta.format).toBe('png');
    expect(meta.width).toBe(meta.height);
    expect(meta.width).toBeGreaterThanOrEqual(480);
    const [red] = (await qr.stats()).channels;
    expect([red!.min, red!.max]).toEqual([0, 255]);
  });

  test('a file and a signature upload for their subject and are accepted with the sheet', async ({ page, request }) => {
    const token = await loginCreator(request);
    const questionId = await publish(request, token, {
      title: '报名材料提交',
      questionType: 1,
      subjects: [subject(13, { title: '请上传简历', accept: ['pdf'], maxSizeMb: 1, maxCount: 1 }), subject(33, { title: '本人签名' })],
    });
    await page.goto(`/s/${questionId}`);
    const me = Respondent(page);
    const resume = me.subject(/请上传简历/);
    await resume
      .locator('input[type=file]')
      .setInputFiles({ name: '张三-简历.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n'.padEnd(3000, ' ')) });
    await expect(resume.getByText('张三-简历.pdf')).toBeVisible();
    await expect(resume.getByText('3KB')).toBeVisible();

    const pad = me.subject(/本人签名/).getByRole('img', { name: /签名区域/ });
    const box = (await pad.boundingBox())!;
    await page.mouse.move(box.x + 30, box.y + 120);
    await page.mouse.down();
    for (const [x, y] of [
      [80, 60],
      [130, 130],
      [190, 50],
      [250, 110],
    ] as const)
      await page.mouse.move(box.x + x, box.y + y, { steps: 4 });
    await page.mouse.up();
    await me
      .subject(/本人签名/)
      .getByRole('button', { name: '确认签名' })
      .click();
    await expect(me.subject(/本人签名/).getByRole('img', { name: '已保存的签名' })).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/phone-9-uploads.png`, fullPage: true });
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.screenshot({ path: `${SHOTS}/desktop-uploads.png` });

    await me.submit();
    await expect(page.getByRole('heading', { name: '提交成功' })).toBeVisible();
  });

  test('an exam shows the score and the answer key after submit, and the sheet is in my filled-in records', async ({ page, request, baseURL }) => {
    const token = await loginCreator(request);
    const capital = options('上海', '北京', '广州');
    capital[1] = { ...capital[1]!, isCorrect: true } as (typeof capital)[number];
    const primes = options('2', '4', '5', '9');
    const key = primes.map((o, i) => (i === 0 || i === 2 ? { ...o, isCorrect: true } : o));
    const questionId = await publish(request, token, {
      title: '常识小测验',
      questionType: 2,
      subjects: [
        subject(1, { title: '中国的首都是？', options: capital, score: 5, answerAnalysis: '北京是中华人民共和国的首都。' }),
        subject(2, { title: '下列哪些是质数？', options: key, score: 5 }),
      ],
      settings: { showScore: true, showCorrectAnswers: true, showAnalysis: true },
    });
    const me = Respondent(page);
    await useToken(page, token, baseURL!);
    await page.goto(`/s/${questionId}`);
    await me.pick(/中国的首都/, '北京');
    await me.pick(/哪些是质数/, '2');
    await me.pick(/哪些是质数/, '4');
    await me.submit();
    await expect(page.getByRole('heading', { name: '提交成功' })).toBeVisible();
    await expect(page.getByLabel('得分5分，满分10分')).toBeVisible();
    await expect(page.getByRole('heading', { name: '答案解析' })).toBeVisible();
    await expect(page.getByText('北京是中华人民共和国的首都。')).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/phone-6-exam-score.png`, fullPage: true });

    await page.setViewportSize(DESKTOP);
    await page.goto('/questionnaire/writeRecord.html');
    const row = page.getByRole('row', { name: /常识小测验/ });
    await expect(row).toContainText('5 分');
    await expect(row).toContainText('刚刚');
    await page.screenshot({ path: `${SHOTS}/desktop-write-record.png` });
  });

  test('every answer widget renders on a phone and on a desktop', async ({ page, request }) => {
    const token = await loginCreator(request);
    const types = [1, 2, 3, 5, 8, 9, 10, 11, 12, 13, 14, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 33, 34, 37, 38, 15, 30, 36];
    const questionId = await publish(request, token, {
      title: '全部题型一览',
      questionType: 1,
      subjects: types.map((t) => subject(t as 1, { required: false })),
    });
    await page.goto(`/s/${questionId}`);
    await expect(page.locator('fieldset')).toHaveCount(types.length - 3);
    await page.screenshot({ path: `${SHOTS}/phone-7-all-types.png`, fullPage: true });
    await page.setViewportSize(DESKTOP);
    await page.reload();
    await expect(page.getByRole('group', { name: /矩阵单选题/ }).getByRole('table')).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/desktop-all-types.png`, fullPage: true });
    await page.screenshot({ path: `${SHOTS}/desktop-respond.png` });
  });

  test('a paused survey says so', async ({ page, request }) => {
    const token = await loginCreator(request);
    const questionId = await publish(request, token, { title: '已暂停的问卷', questionType: 1, subjects: [subject(6, { title: '姓名' })] });
    await request.post('/api/activity/question/getQuestionStatus', { data: { questionId, status: 0 }, headers: { token } });
    await page.goto(`/s/${questionId}`);
    await expect(page.getByText('问卷已暂停收集')).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/phone-8-paused.png` });
  });
});
