import { expect, test, type Browser, type Page } from '@playwright/test';
import { laneOrigin } from './support';
import { DESKTOP, PHONE, loginCreator, subject, useToken } from './respond-support';
import { closeOtherContextsAfterEach } from './contexts';

/**
 * Group-buy (团购接龙, issue 20 item 3) on the 接龙通 host: a product with a stock of 5, two phones buy 3 and 2;
 * each order reaches the other page without a reload (the orders trigger feeds the chain's live feed), the
 * product shows 售罄 on both, a third buyer is refused, and the organiser's summary splits the 5 per pick-up point.
 */
const SHOTS = '/tmp/shots-group-buy';
const HOST = () => laneOrigin('jielong.localhost');
const TITLE = '周六水果团购';

async function call<T>(
  page: { request: Page['request'] },
  path: string,
  body: unknown,
  token?: string,
): Promise<{ resultCode: string; resultMsg: string; data: T }> {
  return (await page.request.post(`/api/${path}`, { data: body, headers: token ? { token } : {} })).json();
}

async function phone(browser: Browser, questionId: string): Promise<Page> {
  const context = await browser.newContext({ viewport: PHONE, locale: 'zh-CN', isMobile: true, hasTouch: true });
  const page = await context.newPage();
  await page.goto(`${HOST()}/s/${questionId}`);
  await expect(page.getByRole('heading', { name: TITLE })).toBeVisible();
  return page;
}

async function buy(page: Page, quantity: number, name: string, point: string) {
  const stepper = page.getByRole('group', { name: '赣南脐橙（10斤装） 数量' });
  for (let i = 0; i < quantity; i++) await stepper.getByRole('button', { name: '增加' }).click();
  await page.getByPlaceholder('请输入姓名').fill(name);
  await page.getByPlaceholder('用于取货通知').fill('13800138000');
  await page.getByRole('radio', { name: point }).check();
  await page.getByRole('button', { name: '提交订单' }).click();
  await expect(page.getByTestId('gb-placed')).toContainText('下单成功');
}

const orange = (page: Page) => page.getByTestId('gb-product').filter({ hasText: '赣南脐橙' });

async function noOverflow(page: Page) {
  for (const width of [360, 390, 414]) {
    await page.setViewportSize({ width, height: 844 });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow, `horizontal overflow at ${width}px`).toBeLessThanOrEqual(0);
  }
  await page.setViewportSize(PHONE);
}

test('group-buy: stock 5 sells out across two phones live, a third is refused, the summary splits per pick-up point', async ({ browser, request }) => {
  const token = await loginCreator(request);
  const creator = { request };
  const goods = subject(34, {
    title: '选择商品',
    products: [
      { uuid: 'gb-orange', title: '赣南脐橙', spec: '10斤装', price: 5800, stock: 5 },
      { uuid: 'gb-mango', title: '海南贵妃芒', spec: '5斤装', price: 3900, stock: 30, maxPerPerson: 2 },
    ],
  });
  const pickup = subject(1, {
    title: '自提点',
    options: [
      { uuid: 'gb-east', title: '东门驿站' },
      { uuid: 'gb-hall', title: '3号楼大堂' },
    ],
  });
  const name = subject(6, { title: '姓名' });
  const mobile = subject(6, { title: '手机号' });
  const created = await call<{ questionId: string }>(
    creator,
    'activity/question/saveOrUpdateWxQuestion',
    {
      questionType: 5,
      solitaireType: 2,
      title: TITLE,
      subtitle: '产地直发，周六上午到货，在自提点取货。',
      subjects: [name, mobile, goods, pickup],
    },
    token,
  );
  const { questionId } = created.data;
  expect((await call(creator, 'activity/question/getQuestionStatus', { questionId, status: 1 }, token)).resultCode).toBe('200');

  const desk = await browser.newContext({ viewport: DESKTOP, locale: 'zh-CN' });
  const manage = await desk.newPage();
  await useToken(manage, token, HOST());
  await manage.goto(`${HOST()}/questionnaire/solitaireList.html?solitaireType=2&questionId=${questionId}`);
  await expect(manage.getByRole('heading', { name: TITLE })).toBeVisible();
  await expect(manage.getByText('还没有订单')).toBeVisible();

  const a = await phone(browser, questionId);
  const b = await phone(browser, questionId);
  await expect(orange(a)).toContainText('剩余 5 件');
  await expect(a.getByText('还没有人下单')).toBeVisible();
  await a.screenshot({ path: `${SHOTS}/phone-empty.png`, fullPage: true });

  await buy(a, 3, '张三', '东门驿站');
  // The other phone sees the order and the stock left without a reload.
  await expect(orange(b)).toContainText('剩余 2 件');
  await expect(b.getByTestId('gb-row')).toHaveCount(1);
  await expect(b.getByTestId('gb-row').first()).toContainText('张*');
  await expect(b.getByTestId('gb-row').first()).toContainText('赣南脐橙（10斤装） ×3');
  // At most what is left: the stepper stops at 2.
  const stepper = b.getByRole('group', { name: '赣南脐橙（10斤装） 数量' });
  await stepper.getByRole('button', { name: '增加' }).click();
  await stepper.getByRole('button', { name: '增加' }).click();
  await expect(stepper.getByRole('button', { name: '增加' })).toBeDisabled();
  await stepper.getByRole('button', { name: '减少' }).click();
  await stepper.getByRole('button', { name: '减少' }).click();
  await buy(b, 2, '李四', '3号楼大堂');

  // Sold out on both pages, without a reload.
  await expect(orange(a)).toContainText('售罄');
  await expect(orange(b)).toContainText('售罄');
  await expect(a.getByRole('group', { name: '赣南脐橙（10斤装） 数量' })).toHaveCount(0);
  await expect(a.getByTestId('gb-count')).toHaveText('已接龙 2 单 · 共 5 件');
  await a.screenshot({ path: `${SHOTS}/phone-sold-out.png`, fullPage: true });
  await b.setViewportSize({ width: 375, height: 812 });
  await b.screenshot({ path: `${SHOTS}/phone-375-sold-out.png`, fullPage: true });
  await noOverflow(a);
  await noOverflow(b);

  // A third buyer: the page offers no 脐橙, and the submit itself is refused.
  const c = await phone(browser, questionId);
  await expect(orange(c)).toContainText('售罄');
  await expect(c.getByRole('group', { name: '赣南脐橙（10斤装） 数量' })).toHaveCount(0);
  const refused = await call(creator, 'active/write/submit', {
    questionId,
    submissionId: `gb-third-${Date.now()}`,
    deviceId: 'gb-third-device',
    durationSeconds: 5,
    answers: {
      [name.uuid]: '王五',
      [mobile.uuid]: '13800138001',
      [goods.uuid]: [{ productId: 'gb-orange', quantity: 1 }],
      [pickup.uuid]: { optionIds: ['gb-east'] },
    },
  });
  expect(refused).toMatchObject({ resultCode: '409', resultMsg: '商品「赣南脐橙」库存不足，请减少数量或选择其他商品' });

  // The organiser's summary, live: 5 脐橙, 3 at 东门驿站 and 2 at 3号楼大堂.
  const row = manage.getByTestId('gb-summary-row').filter({ hasText: '赣南脐橙' });
  await expect(row).toHaveText(/赣南脐橙\s*10斤装\s*3\s*2\s*5/);
  await expect(manage.getByTestId('gb-order-row')).toHaveCount(2);
  await expect(manage.getByTestId('gb-manage-counts')).toContainText('待支付 2');
  await manage.screenshot({ path: `${SHOTS}/desktop-manage.png`, fullPage: true });

  // Cancelling 李四's unpaid order gives the 2 back: every page shows them on sale again.
  await manage.getByTestId('gb-order-row').filter({ hasText: '李四' }).getByRole('button', { name: '取消订单' }).click();
  await expect(orange(a)).toContainText('剩余 2 件');
  await expect(row).toHaveText(/赣南脐橙\s*10斤装\s*3\s*0\s*3/);
  await c.screenshot({ path: `${SHOTS}/phone-after-cancel.png`, fullPage: true });

  // 张三 pays (the sandbox); the organiser ships from the orders table (issue 49) and 张三's page tells them so.
  const orders = await call<{ orders: { orderNo: string; name: string }[] }>(creator, 'activity/question/solitaire/getGroupBuyManage', { questionId }, token);
  const { orderNo } = orders.data.orders.find((o) => o.name === '张三')!;
  const device = await a.evaluate(() => localStorage.getItem('wj.respond.device'));
  expect((await call(creator, 'active/pay/wxTradePay', { orderNo, deviceId: device })).resultCode).toBe('200');
  expect((await call(creator, 'active/pay/sandbox/decide', { outTradeNo: orderNo, outcome: 'pay' })).resultCode).toBe('200');
  await manage.reload();
  const paid = manage.getByTestId('gb-order-row').filter({ hasText: '张三' });
  await paid.getByRole('button', { name: '发货' }).click();
  const dialog = manage.getByRole('dialog', { name: '订单发货' });
  await dialog.getByRole('combobox', { name: '快递公司' }).selectOption('SF');
  await dialog.getByRole('textbox', { name: '快递单号' }).fill('SF1400000001');
  await dialog.getByRole('button', { name: '确认发货' }).click();
  await expect(paid.getByTestId('shipping-line')).toContainText('SF1400000001');
  await expect(paid.getByRole('button', { name: '修改物流' })).toBeVisible();
  await manage.screenshot({ path: `${SHOTS}/desktop-shipped.png`, fullPage: true });
  await a.reload();
  await expect(a.getByText('你在「周六水果团购」的订单（赣南脐橙（10斤装） ×3）已发货：顺丰速运 SF1400000001。')).toBeVisible();
  await a.screenshot({ path: `${SHOTS}/phone-shipped-notice.png`, fullPage: true });
});

test('group-buy with a region address: a phone buyer asks for delivery, picks province, city and district, and the organiser reads the address', async ({
  browser,
  request,
}) => {
  const token = await loginCreator(request);
  const creator = { request };
  const goods = subject(34, { title: '选择商品', products: [{ uuid: 'gbr-orange', title: '赣南脐橙', spec: '10斤装', price: 5800, stock: 9 }] });
  const pickup = subject(1, {
    title: '取货方式',
    options: [
      { uuid: 'gbr-east', title: '东门驿站' },
      { uuid: 'gbr-home', title: '送货上门' },
    ],
  });
  const where = subject(4, { title: '收货地区', level: 'district', detail: 'required', required: false });
  const created = await call<{ questionId: string }>(
    creator,
    'activity/question/saveOrUpdateWxQuestion',
    { questionType: 5, solitaireType: 2, title: TITLE, subjects: [subject(6, { title: '姓名' }), goods, pickup, where] },
    token,
  );
  const { questionId } = created.data;
  expect((await call(creator, 'activity/question/getQuestionStatus', { questionId, status: 1 }, token)).resultCode).toBe('200');

  const page = await phone(browser, questionId);
  await page.getByRole('group', { name: '赣南脐橙（10斤装） 数量' }).getByRole('button', { name: '增加' }).click();
  await page.getByPlaceholder('请输入姓名').fill('王五');
  await page.getByRole('radio', { name: '东门驿站' }).check();
  await expect(page.getByRole('group', { name: '收货地址' })).toHaveCount(0);
  await page.getByRole('radio', { name: '送货上门' }).check();
  const address = page.getByRole('group', { name: '收货地址' });
  await expect(page.getByRole('button', { name: '请选择收货省份' })).toBeDisabled();
  // Each level is a select named by its label, which holds the options too: found in order.
  const level = (i: number) => address.getByRole('combobox').nth(i);
  await level(0).selectOption('浙江省');
  await level(1).selectOption('杭州市');
  await level(2).selectOption('西湖区');
  await expect(page.getByRole('button', { name: '请填写详细地址' })).toBeDisabled();
  await address.getByPlaceholder('街道、门牌号').fill('文三路 90 号');
  await page.screenshot({ path: `${SHOTS}/phone-region-address.png`, fullPage: true });
  await noOverflow(page);
  await page.getByRole('button', { name: '提交订单' }).click();
  await expect(page.getByTestId('gb-placed')).toContainText('下单成功');

  const manage = await call<{ orders: { name: string; point: string; address: string }[] }>(
    creator,
    'activity/question/solitaire/getGroupBuyManage',
    { questionId },
    token,
  );
  expect(manage.data.orders.map((o) => [o.name, o.point, o.address])).toEqual([['王五', '送货上门', '浙江省  杭州市  西湖区  文三路 90 号']]);
});

closeOtherContextsAfterEach();
