import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { addDays } from '../../schemas/appointment/schedule';
import { shanghaiDay } from '../../schemas/checkin/days';
import { settle } from './built-routes';
import { laneOrigin } from './support';
import { DESKTOP, PHONE, loginCreator, subject, useToken } from './respond-support';
import { closeOtherContextsAfterEach } from './contexts';

/**
 * Issue 43 items 5 and 7: 接龙通 says its own name and its kinds' own words. One project of each 接龙通 kind (sign-up
 * chain, check-in, group-buy, payment page, appointment) is made and published through the API; every respondent
 * route (on a phone) and every organiser route of those kinds (on a desktop) is opened once on the 接龙通 host, and
 * its text, title and hints must never say 问卷通, 问卷链接, 问卷说明 or 问卷会以内嵌形式显示. The respondent pages end
 * with 接龙通 提供技术支持; the home hero shows a chain; the legal pages name the brand.
 */
const SHOTS = '/tmp/shots-jielong-words';
const HOST = () => laneOrigin('jielong.localhost');
const FORBIDDEN = /问卷通|问卷链接|问卷说明|问卷会以内嵌形式显示/;

async function call<T>(request: APIRequestContext, path: string, body: unknown, token: string): Promise<T> {
  const answer = await (await request.post(`/api/${path}`, { data: body, headers: { token } })).json();
  if (answer.resultCode !== '200') throw new Error(`${path}: ${answer.resultCode} ${answer.resultMsg}`);
  return answer.data as T;
}

/** Everything a person can read on the page: its text, its title, and the hints and names of its controls. */
async function words(page: Page): Promise<string> {
  return page.evaluate(() => {
    const names = ['placeholder', 'data-placeholder', 'aria-label', 'title', 'alt'];
    const hints = Array.from(document.querySelectorAll(names.map((name) => `[${name}]`).join(', '))).flatMap((el) =>
      names.map((name) => el.getAttribute(name) ?? ''),
    );
    return [document.title, document.body.innerText, ...hints].join('\n');
  });
}

async function visit(page: Page, path: string): Promise<string> {
  await page.goto(`${HOST()}${path}`);
  await settle(page);
  await expect(page.locator('main, .r-root, .c-page').first()).toBeVisible();
  const text = await words(page);
  expect(text.match(FORBIDDEN)?.[0], `${path} says it`).toBeUndefined();
  return text;
}

async function makeProjects(request: APIRequestContext, token: string) {
  const create = async (body: Record<string, unknown>) =>
    (await call<{ questionId: string }>(request, 'activity/question/saveOrUpdateWxQuestion', body, token)).questionId;
  const publish = (questionId: string) => call(request, 'activity/question/getQuestionStatus', { questionId, status: 1 }, token);
  const goods = (uuid: string, title: string, price: number) => subject(34, { title: '选择商品', products: [{ uuid, title, price, stock: 20 }] });
  const today = shanghaiDay(new Date());

  const chain = await create({ questionType: 5, solitaireType: 4, title: '周六羽毛球报名', subjects: [subject(6, { title: '备注' })] });
  await call(request, 'activity/question/solitaire/saveChainSetting', { questionId: chain, cap: 10 }, token);
  const checkIn = await create({ questionType: 5, solitaireType: 1, title: '21 天晨跑打卡', subjects: [subject(6, { title: '打卡内容' })] });
  await call(request, 'activity/question/solitaire/saveCheckInSetting', { questionId: checkIn, startDay: today, endDay: addDays(today, 20) }, token);
  const groupBuy = await create({
    questionType: 5,
    solitaireType: 2,
    title: '周末水果团购',
    subjects: [subject(6, { title: '姓名' }), subject(26, { title: '手机号' }), goods('jw-orange', '赣南脐橙', 5800)],
  });
  const payment = await create({ questionType: 6, title: '社团会费收款', subjects: [goods('jw-fee', '年度会费', 5000), subject(6, { title: '姓名' })] });
  const appointment = await create({
    questionType: 7,
    title: '口腔检查预约',
    subjects: [subject(37, { title: '预约时间' }), subject(26, { title: '手机号' })],
  });
  const weekly = [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, slots: [{ start: '09:00', end: '10:00', capacity: 2 }] }));
  const schedule = { startDate: today, endDate: addDays(today, 30), partySizeMax: 1, window: { daysAhead: 14, cutoffMinutes: 0 }, weekly, exceptions: [] };
  await call(request, 'activity/question/appointment/saveSetting', { questionId: appointment, schedule }, token);
  for (const id of [chain, checkIn, groupBuy, payment, appointment]) await publish(id);
  return { chain, checkIn, groupBuy, payment, appointment };
}

test('接龙通 names itself and its kinds in their own words on every respondent and organiser route', async ({ browser, request }) => {
  test.setTimeout(180_000);
  const token = await loginCreator(request);
  const p = await makeProjects(request, token);

  // Respondents, on a phone: the public pages and each kind's page, each ending with 接龙通 提供技术支持.
  const phone = await (await browser.newContext({ viewport: PHONE, locale: 'zh-CN', isMobile: true, hasTouch: true })).newPage();
  await visit(phone, '/');
  await expect(phone.getByTestId('hero-chain')).toContainText('周六羽毛球活动报名');
  await phone.screenshot({ path: `${SHOTS}/phone-home.png` });
  await visit(phone, '/login');
  await expect(phone.getByRole('link', { name: '《用户服务协议》' })).toHaveAttribute('href', '/agreement.html');
  for (const path of ['/agreement.html', '/privacy.html']) {
    const text = await visit(phone, path);
    expect(text).toMatch(/接龙通(用户服务协议|隐私政策)/);
    await phone.screenshot({ path: `${SHOTS}/phone-${path.slice(1).replace('.html', '')}.png`, fullPage: true });
  }
  for (const [kind, id] of Object.entries(p)) {
    await visit(phone, `/s/${id}`);
    await expect(phone.locator('.r-foot')).toHaveText('接龙通 提供技术支持');
    if (kind !== 'chain' && kind !== 'checkIn') await phone.screenshot({ path: `${SHOTS}/phone-${kind}.png`, fullPage: true });
  }

  // The organiser, on a desktop: the workbench, the kinds' lists and creation, and every screen of each project.
  const desk = await (await browser.newContext({ viewport: DESKTOP, locale: 'zh-CN' })).newPage();
  await useToken(desk, token, HOST());
  const organiser = [
    '/activeManagement.html',
    '/questionnaire/solitaire.html',
    '/questionnaire/online.html',
    '/questionnaire/appoint.html',
    '/questionnaire/createSolitaire.html',
    '/questionnaire/createOnline.html',
    '/questionnaire/createAppoint.html',
    `/questionnaire/solitaireList.html?questionId=${p.chain}`,
    `/questionnaire/solitaireList.html?solitaireType=1&questionId=${p.checkIn}`,
    `/questionnaire/solitaireList.html?solitaireType=2&questionId=${p.groupBuy}`,
    `/online/list.html?questionId=${p.payment}`,
    `/questionnaire/appointManage.html?questionId=${p.appointment}`,
    `/answerList.html?questionId=${p.payment}`,
  ];
  for (const id of Object.values(p))
    organiser.push(
      `/questionnaire/edit/subject.html?questionId=${id}`,
      `/questionnaire/edit/setting.html?questionId=${id}`,
      `/questionnaire/release.html?questionId=${id}`,
    );
  // Two of them are looked at more closely below (visited once, there).
  const closer = [`/questionnaire/release.html?questionId=${p.groupBuy}`, `/questionnaire/edit/subject.html?questionId=${p.payment}`];
  for (const path of organiser.filter((each) => !closer.includes(each))) await visit(desk, path);

  // The kinds' own words where 问卷 was said: the release page and the editor of a group-buy.
  await desk.setViewportSize({ width: 1280, height: 900 });
  await visit(desk, closer[0]!);
  await expect(desk.getByRole('textbox', { name: '团购链接' })).toBeVisible();
  await expect(desk.getByText('把下面的代码粘贴到网页中，团购会以内嵌形式显示。')).toBeVisible();
  await desk.screenshot({ path: `${SHOTS}/desktop-1280-release-groupbuy.png`, fullPage: true });
  await visit(desk, closer[1]!);
  await expect(desk.locator('[aria-label="收款说明"]')).toHaveAttribute('data-placeholder', '添加收款说明，例如收费项目、用途与退款方式（选填）');
  await desk.screenshot({ path: `${SHOTS}/desktop-1280-editor-payment.png` });
  await visit(desk, '/agreement.html#contact');
  await expect(desk.getByRole('heading', { name: '联系我们' })).toBeInViewport();
  await desk.screenshot({ path: `${SHOTS}/desktop-1280-agreement-contact.png` });
});

closeOtherContextsAfterEach();
