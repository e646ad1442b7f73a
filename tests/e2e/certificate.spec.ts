import { mkdirSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import type { TCertificate } from '../../schemas/api/certificate';
import { apiCall } from './editor-model';
import { closeOtherContextsAfterEach } from './contexts';
import { PHONE, Respondent, loginCreator, subject, useToken } from './respond-support';

const SHOTS = '/tmp/shots-draw';
mkdirSync(SHOTS, { recursive: true });
closeOtherContextsAfterEach();

test('an exam’s passing sheet gets a certificate whose QR link verifies it', async ({ browser, page, request, baseURL }) => {
  test.setTimeout(180_000);
  const token = await loginCreator(request);
  const single = subject(1, {
    title: '中国的首都是？',
    score: 10,
    options: [
      { uuid: 'c-a', title: '上海' },
      { uuid: 'c-b', title: '北京', isCorrect: true },
    ],
  });
  const created = await apiCall(request, 'activity/question/saveOrUpdateWxQuestion', { title: '常识测验', questionType: 2, subjects: [single] }, token);
  const questionId = (created.data as { questionId: string }).questionId;

  // The creator sets the template in the editor's settings.
  await useToken(page, token, baseURL!);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`/questionnaire/edit/setting.html?questionId=${questionId}`);
  const card = page.locator('section', { has: page.getByRole('heading', { name: '考试证书' }) });
  await card.getByRole('switch', { name: '开启考试证书' }).check();
  await card.getByRole('textbox', { name: '合格分数' }).fill('6');
  await card.getByRole('textbox', { name: '颁发单位' }).fill('常识学堂');
  await card.getByRole('button', { name: '保存证书设置' }).click();
  await expect(page.getByText('证书设置已保存')).toBeVisible();
  await card.screenshot({ path: `${SHOTS}/certificate-card.png` });
  expect((await apiCall(request, 'activity/question/getQuestionStatus', { questionId, status: 1 }, token)).resultCode).toBe('200');

  // A respondent passes on a phone and takes the certificate.
  const context = await browser.newContext({ viewport: PHONE });
  const phone = await context.newPage();
  await phone.goto(`/s/${questionId}`);
  await Respondent(phone).pick(/中国的首都是/, '北京');
  await Respondent(phone).submit();
  const cert = phone.locator('section', { has: phone.getByRole('heading', { name: '考试证书' }) });
  await cert.getByRole('textbox').fill('王小明');
  const issued = phone.waitForResponse((r) => r.url().includes('certificate/issueCertificate'));
  await cert.getByRole('button', { name: '领取证书' }).click();
  const certificate = ((await (await issued).json()) as { data: TCertificate }).data;
  await expect(cert.getByRole('link', { name: '下载证书' })).toBeVisible();
  await expect(cert.getByRole('img', { name: /结业证书：王小明/ })).toBeVisible();
  await expect.poll(() => cert.getByRole('img').evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1600);
  await phone.screenshot({ path: `${SHOTS}/certificate-phone.png`, fullPage: true });
  const png = await request.get(certificate.pngUrl);
  expect(png.headers()['content-type']).toBe('image/png');
  const pdf = await request.get(certificate.pdfUrl);
  expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');

  // The QR's address (the one drawn on the certificate) says it is valid.
  const verify = new URL(certificate.verifyUrl);
  expect(verify.pathname).toBe('/certificate/verify.html');
  await phone.goto(`${verify.pathname}${verify.search}`);
  await expect(phone.getByRole('status')).toHaveText('证书有效');
  await expect(phone.getByText('王小明')).toBeVisible();
  await expect(phone.getByText('常识测验')).toBeVisible();
  await phone.screenshot({ path: `${SHOTS}/verify-phone.png`, fullPage: true });
  await phone.getByRole('textbox', { name: '证书编号' }).fill('C20260101NOSUCHNO');
  await phone.getByRole('button', { name: '查验' }).click();
  await expect(phone.getByText('证书不存在，请核对证书编号')).toBeVisible();
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`${verify.pathname}${verify.search}`);
  await expect(page.getByRole('status')).toHaveText('证书有效');
  await page.screenshot({ path: `${SHOTS}/verify-desktop.png` });
});

test('an exam with a 姓名 question: the passing sheet’s certificate carries the answered name without typing it', async ({
  browser,
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const token = await loginCreator(request);
  const name = subject(6, { title: '请填写您的姓名' });
  const single = subject(1, {
    title: '长江流经的省会城市是？',
    score: 10,
    options: [
      { uuid: 'n-a', title: '武汉', isCorrect: true },
      { uuid: 'n-b', title: '西安' },
    ],
  });
  const created = await apiCall(request, 'activity/question/saveOrUpdateWxQuestion', { title: '地理小测', questionType: 2, subjects: [name, single] }, token);
  const questionId = (created.data as { questionId: string }).questionId;

  // The editor's card names the subject the name will come from (自动: the single-line text titled 姓名).
  await useToken(page, token, baseURL!);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`/questionnaire/edit/setting.html?questionId=${questionId}`);
  const card = page.locator('section', { has: page.getByRole('heading', { name: '考试证书' }) });
  await card.getByRole('switch', { name: '开启考试证书' }).check();
  await card.getByRole('textbox', { name: '合格分数' }).fill('6');
  await expect(card.getByRole('combobox', { name: '证书姓名取自' })).toHaveText(/自动：「请填写您的姓名」题的答案/);
  await card.getByRole('button', { name: '保存证书设置' }).click();
  await expect(page.getByText('证书设置已保存')).toBeVisible();
  expect((await apiCall(request, 'activity/question/getQuestionStatus', { questionId, status: 1 }, token)).resultCode).toBe('200');

  // The respondent answers the name in the sheet and passes: the card shows that name, with nothing to type.
  const context = await browser.newContext({ viewport: PHONE });
  const phone = await context.newPage();
  await phone.goto(`/s/${questionId}`);
  await Respondent(phone).type(/请填写您的姓名/, '李雷');
  await Respondent(phone).pick(/长江流经的省会城市是/, '武汉');
  await Respondent(phone).submit();
  const cert = phone.locator('section', { has: phone.getByRole('heading', { name: '考试证书' }) });
  await expect(cert.getByText('证书上的姓名：李雷（取自答卷中填写的姓名）')).toBeVisible();
  await expect(cert.getByRole('textbox')).toHaveCount(0);
  await phone.screenshot({ path: `${SHOTS}/certificate-sheet-name-phone.png`, fullPage: true });
  const issued = phone.waitForResponse((r) => r.url().includes('certificate/issueCertificate'));
  await cert.getByRole('button', { name: '领取证书' }).click();
  const certificate = ((await (await issued).json()) as { data: TCertificate }).data;
  expect(certificate.name).toBe('李雷');
  await expect(cert.getByRole('img', { name: /结业证书：李雷/ })).toBeVisible();

  // The public check names the same holder.
  const verify = new URL(certificate.verifyUrl);
  await phone.goto(`${verify.pathname}${verify.search}`);
  await expect(phone.getByRole('status')).toHaveText('证书有效');
  await expect(phone.getByText('李雷')).toBeVisible();
});

test('a respondent draws, wins and leaves a contact; the creator’s winners list shows it; the share poster is made', async ({
  browser,
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const token = await loginCreator(request);
  const single = subject(1, {
    title: '您最喜欢的季节',
    options: [
      { uuid: 'd-a', title: '春天' },
      { uuid: 'd-b', title: '秋天' },
    ],
  });
  const created = await apiCall(request, 'activity/question/saveOrUpdateWxQuestion', { title: '季节调查', questionType: 1, subjects: [single] }, token);
  const questionId = (created.data as { questionId: string }).questionId;

  await useToken(page, token, baseURL!);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`/questionnaire/edit/setting.html?questionId=${questionId}`);
  const card = page.locator('section', { has: page.getByRole('heading', { name: '答题抽奖' }) });
  await card.getByRole('button', { name: '添加奖品' }).click();
  await card.getByRole('textbox', { name: '奖品名称' }).fill('保温杯');
  await card.getByRole('textbox', { name: '奖品数量' }).fill('5');
  await card.getByRole('textbox', { name: '中奖概率（%）' }).fill('100');
  await card.getByRole('switch', { name: '开启答题抽奖' }).check();
  await card.getByRole('button', { name: '保存抽奖设置' }).click();
  await expect(page.getByText('抽奖设置已保存，答题者提交后即可抽奖')).toBeVisible();
  await card.screenshot({ path: `${SHOTS}/draw-card.png` });
  expect((await apiCall(request, 'activity/question/getQuestionStatus', { questionId, status: 1 }, token)).resultCode).toBe('200');

  const context = await browser.newContext({ viewport: PHONE });
  const phone = await context.newPage();
  await phone.goto(`/s/${questionId}`);
  await Respondent(phone).pick(/您最喜欢的季节/, '秋天');
  await Respondent(phone).submit();
  const draw = phone.locator('section', { has: phone.getByRole('heading', { name: '答题抽奖' }) });
  await phone.screenshot({ path: `${SHOTS}/draw-before-phone.png`, fullPage: true });
  await draw.getByRole('button', { name: '立即抽奖' }).click();
  await expect(draw.getByTestId('draw-result')).toHaveText('恭喜您抽中「保温杯」');
  await draw.getByRole('textbox', { name: '姓名' }).fill('赵六');
  await draw.getByRole('textbox', { name: '手机号' }).fill('13900001234');
  await draw.getByRole('textbox', { name: '收货地址' }).fill('广州市天河区体育西路1号');
  await draw.getByRole('button', { name: '提交领奖信息' }).click();
  await expect(draw.getByText('领奖信息已提交，请保持手机畅通')).toBeVisible();
  await phone.screenshot({ path: `${SHOTS}/draw-won-phone.png`, fullPage: true });
  // No horizontal overflow on the phone's result screen.
  expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);

  await card.getByRole('link', { name: /中奖名单/ }).click();
  await expect(page).toHaveURL(/\/luckyDraw\/winners\.html\?questionId=/);
  await expect(page.getByTestId('draw-counts')).toHaveText('共 1 人抽奖，1 人中奖');
  const row = page.getByRole('row', { name: /赵六/ });
  await expect(row).toContainText('13900001234');
  await expect(row).toContainText('保温杯');
  await page.screenshot({ path: `${SHOTS}/winners-desktop.png` });
  const exported = page.waitForEvent('download');
  await page.getByRole('button', { name: '导出中奖名单' }).click();
  expect((await exported).suggestedFilename()).toBe('季节调查-中奖名单.csv');

  await page.goto(`/questionnaire/release.html?questionId=${questionId}`);
  await page.getByRole('button', { name: '生成海报' }).click();
  await expect(page.getByRole('img', { name: /分享海报/ })).toBeVisible();
  await expect(page.getByRole('button', { name: '下载海报' })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/poster-desktop.png`, fullPage: true });
});
