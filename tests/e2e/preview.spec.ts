import { expect, test, type Locator } from '@playwright/test';
import { loginDemo, options, PHONE, publish, subject, useToken } from './respond-support';

// Issue 17.5: one renderer. The editor's preview drew its own copy of the questionnaire (its own cover, option
// look and no quota state); it is now the respondent page in preview mode. And the respondent page's cover was
// clipped by an img max-width rule (350 px in a 390 px card).
const SHOTS = '/tmp/shots-preview';

async function gradeProject(request: Parameters<typeof loginDemo>[0]) {
  const token = await loginDemo(request);
  const grade = subject(1, { title: '您的年级', options: options('大一', '大二', '大三') });
  const opts = (grade as unknown as { options: { uuid: string }[] }).options;
  const questionId = await publish(request, token, {
    title: '新生入学调查',
    questionType: 1,
    subjects: [grade, subject(6, { title: '您的姓名', required: false })],
    logic: { quotas: [{ id: 'q-freshman', basis: 'option', subject: grade.uuid, option: opts[0]!.uuid, limit: 1, onFull: { action: 'hideOption' } }] },
  });
  await request.post('/api/activity/question/saveOrUpdateFormat', {
    data: { questionId, style: { coverImage: '/covers/blue-waves.svg' } },
    headers: { token },
  });
  // One respondent takes the only 大一 place.
  const answer = await (
    await request.post('/api/active/write/submit', {
      data: { questionId, submissionId: `preview-${Date.now()}`, deviceId: 'preview-device-1', answers: { [grade.uuid]: { optionIds: [opts[0]!.uuid] } } },
    })
  ).json();
  expect(answer.resultCode).toBe('200');
  return { token, questionId };
}

const optionTexts = (group: Locator) => group.locator('.r-opt').allInnerTexts();

/** The cover spans the card from edge to edge. */
async function expectCoverFillsCard(cover: Locator, card: Locator) {
  const [c, k] = [(await cover.boundingBox())!, (await card.boundingBox())!];
  expect(Math.round(c.width)).toBe(Math.round(k.width));
  expect(Math.round(c.x)).toBe(Math.round(k.x));
}

test('the preview is the respondent page: its cover, option cards and quota state, and it never submits', async ({ page, request, baseURL }) => {
  const { token, questionId } = await gradeProject(request);
  await useToken(page, token, baseURL!);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`/questionnaire/preview.html?questionId=${questionId}`);
  const frame = page.frameLocator('iframe[title="问卷预览"]');
  await expect(frame.getByText('预览模式：可以完整作答，但答卷不会提交')).toBeVisible();
  const grade = frame.getByRole('group', { name: /您的年级/ });
  // The full quota hides 大一 in the preview exactly as on the respondent page.
  await expect(grade.locator('.r-opt')).toHaveCount(2);
  const inPreview = await optionTexts(grade);
  expect(inPreview.map((t) => t.trim())).toEqual(['大二', '大三']);

  await page.getByRole('radio', { name: '手机' }).click();
  await expect(page.locator('iframe[title="问卷预览"]')).toHaveAttribute('data-device', 'phone');
  await expectCoverFillsCard(frame.locator('.r-cover'), frame.locator('.r-card'));
  await page.screenshot({ path: `${SHOTS}/preview-phone.png` });

  await grade.getByText('大二', { exact: true }).click();
  await frame.getByRole('button', { name: '提交', exact: true }).click();
  await expect(frame.getByText('预览模式：答卷未提交')).toBeVisible();
  const info = await (await request.post('/api/activity/question/getWxQuestion', { data: { questionId }, headers: { token } })).json();
  expect(info.data.dataCount).toBe(1);

  // The respondent page itself shows the same options.
  const respondent = await page.context().newPage();
  await respondent.goto(`/s/${questionId}`);
  const live = respondent.getByRole('group', { name: /您的年级/ });
  await expect(live.locator('.r-opt')).toHaveCount(2);
  expect((await optionTexts(live)).map((t) => t.trim())).toEqual(inPreview.map((t) => t.trim()));
});

test.describe('on a phone', () => {
  test.use({ viewport: PHONE, hasTouch: true, isMobile: true });

  test('the respondent page cover fills the card', async ({ page, request }) => {
    const { questionId } = await gradeProject(request);
    await page.goto(`/s/${questionId}`);
    await expectCoverFillsCard(page.locator('.r-cover'), page.locator('.r-card'));
    expect(Math.round((await page.locator('.r-cover').boundingBox())!.width)).toBe(PHONE.width);
    await page.screenshot({ path: `${SHOTS}/phone-cover.png` });
  });
});
