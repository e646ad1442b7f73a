import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { laneOrigin } from './support';
import { DESKTOP, PHONE, loginCreator, subject, useToken } from './respond-support';
import { closeOtherContextsAfterEach } from './contexts';

/**
 * Payment collection (issue 21): a payment page with two products (a T-shirt with a spec, tickets with stock 3)
 * published through the API; a buyer on a phone buys, pays in the sandbox cashier and lands on the success page;
 * the creator sees the paid order, ships it (carrier and number) and refunds half of it. The buyer's pages are on 接龙通 and say so
 * (issue 43 item 5): 提交成功 with the payment's outcome, and the result link opened on the creator's computer says whose
 * order it is instead of showing or refusing it twice.
 */
const SHOTS = '/tmp/shots-pay';
const BASE = () => laneOrigin('localhost');
const JIELONG = () => laneOrigin('jielong.localhost');

async function call<T>(request: APIRequestContext, path: string, body: unknown, token: string): Promise<T> {
  const answer = await (await request.post(`/api/${path}`, { data: body, headers: { token } })).json();
  if (answer.resultCode !== '200') throw new Error(`${path}: ${answer.resultCode} ${answer.resultMsg}`);
  return answer.data as T;
}

async function noOverflow(page: Page) {
  for (const width of [360, 390, 414]) {
    await page.setViewportSize({ width, height: 844 });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow, `horizontal overflow at ${width}px`).toBeLessThanOrEqual(0);
  }
  await page.setViewportSize(PHONE);
}

test('buy on a phone, pay in the sandbox cashier, the creator ships and refunds half', async ({ browser, request }) => {
  const token = await loginCreator(request);
  const shop = subject(34, {
    title: '选择商品',
    products: [
      { uuid: 'e2e-ticket', title: '草莓音乐节门票', price: 18800, stock: 3 },
      { uuid: 'e2e-shirt', title: '纪念T恤', spec: '白色 L码', price: 5990 },
    ],
  });
  const name = subject(6, { title: '收货人姓名' });
  const phoneNo = subject(26, { title: '手机号' });
  const { questionId } = await call<{ questionId: string }>(
    request,
    'activity/question/saveOrUpdateWxQuestion',
    { questionType: 6, title: '音乐节门票预售', subjects: [shop, name, phoneNo] },
    token,
  );
  await call(request, 'activity/question/getQuestionStatus', { questionId, status: 1 }, token);

  // The buyer, on a phone.
  const buyerContext = await browser.newContext({ viewport: PHONE, locale: 'zh-CN', isMobile: true, hasTouch: true });
  const buyer = await buyerContext.newPage();
  await buyer.goto(`${JIELONG()}/s/${questionId}`);
  const ticket = buyer.getByRole('group', { name: '草莓音乐节门票 数量' });
  await ticket.getByRole('button', { name: '增加' }).click();
  await ticket.getByRole('button', { name: '增加' }).click();
  await buyer.getByRole('group', { name: '纪念T恤（白色 L码） 数量' }).getByRole('button', { name: '增加' }).click();
  await buyer
    .getByRole('group', { name: /收货人姓名/ })
    .getByRole('textbox')
    .fill('王小明');
  await buyer
    .getByRole('group', { name: /手机号/ })
    .getByRole('textbox')
    .first()
    .fill('13800138000');
  await buyer.getByRole('button', { name: '提交', exact: true }).click();

  // The pay step: 2 × 188.00 + 59.90.
  await expect(buyer.getByTestId('pay-amount')).toHaveText('¥435.90');
  await expect(buyer.getByRole('heading', { level: 1 })).toHaveText(/^提交成功\s*待支付$/);
  await expect(buyer.locator('.r-foot')).toHaveText('接龙通 提供技术支持');
  await buyer.screenshot({ path: `${SHOTS}/phone-pay-step.png`, fullPage: true });
  await noOverflow(buyer);
  await buyer.getByRole('button', { name: /^去支付/ }).click();

  // The sandbox cashier.
  await expect(buyer).toHaveURL(/\/pay\/sandbox\/\d{20}$/);
  await expect(buyer.getByText('435.90')).toBeVisible();
  await buyer.screenshot({ path: `${SHOTS}/phone-cashier.png`, fullPage: true });
  await noOverflow(buyer);
  await buyer.getByRole('button', { name: '确认支付' }).click();

  // Back on the result page, which asks the server.
  await expect(buyer).toHaveURL(new RegExp(`^${JIELONG()}/pay/result\\.html\\?orderNo=\\d{20}$`));
  await expect(buyer.getByRole('heading', { name: '支付成功' })).toBeVisible();
  await expect(buyer.getByTestId('order-state')).toHaveText('已支付');
  const orderNo = (await buyer.getByTestId('order-no').textContent())!;
  await buyer.screenshot({ path: `${SHOTS}/phone-success.png`, fullPage: true });
  await noOverflow(buyer);
  // A link from before the result page moved (/wechatPay.html, now a logged-in page) still reaches the result,
  // without asking this buyer, who has no account, to log in.
  await buyer.goto(`${JIELONG()}/wechatPay.html?orderNo=${orderNo}`);
  await expect(buyer).toHaveURL(`${JIELONG()}/pay/result.html?orderNo=${orderNo}`);
  await expect(buyer.getByRole('heading', { name: '支付成功' })).toBeVisible();

  // The creator's orders.
  const desk = await browser.newContext({ viewport: DESKTOP, locale: 'zh-CN' });
  const creator = await desk.newPage();
  await useToken(creator, token, BASE());
  // The buyer's result link opened on the creator's computer: whose order it is, masked, and what to do — once.
  await creator.goto(`${BASE()}/pay/result.html?orderNo=${orderNo}`);
  await expect(creator.getByRole('heading', { name: '这是他人的订单' })).toBeVisible();
  await expect(creator.getByTestId('order-owner')).toHaveText('下单人：王** · 138****8000');
  await expect(creator.getByText('这是他人的订单')).toHaveCount(1);
  await expect(creator.getByRole('link', { name: '回到表单' })).toHaveAttribute('href', `/s/${questionId}`);
  await creator.screenshot({ path: `${SHOTS}/desktop-others-order.png`, fullPage: true });
  await creator.goto(`${BASE()}/online/list.html?questionId=${questionId}`);
  const row = creator.getByTestId('order-row').filter({ hasText: orderNo });
  await expect(row.getByTestId('order-state')).toHaveText('已支付');
  await expect(row).toContainText('王小明');
  await expect(creator.getByTestId('order-summary')).toContainText('¥435.90');
  await row.getByRole('button', { name: '发货' }).click();
  const ship = creator.getByRole('dialog', { name: '订单发货' });
  await ship.getByLabel('快递公司').selectOption({ label: '中通快递' });
  await ship.getByLabel('快递单号').fill('ZT7700112233');
  await ship.getByRole('button', { name: '确认发货' }).click();
  await expect(row.getByTestId('order-state')).toHaveText('已发货');
  await expect(row.getByTestId('tracking-no')).toHaveText('ZT7700112233');
  await row.getByRole('button', { name: '退款' }).click();
  const dialog = creator.getByRole('dialog', { name: '订单退款' });
  await dialog.getByLabel('退款金额（元）').fill('217.95');
  await dialog.getByLabel('退款原因').fill('少发一件');
  await dialog.getByRole('button', { name: '确认退款' }).click();
  await expect(row).toContainText('已退 ¥217.95');
  await expect(row.getByTestId('order-state')).toHaveText('已发货');
  await expect(creator.getByTestId('order-summary')).toContainText('¥217.95');
  await creator.screenshot({ path: `${SHOTS}/desktop-orders.png`, fullPage: true });

  // The same orders at 1280 and at a phone width (the table scrolls inside its card).
  await creator.setViewportSize({ width: 1280, height: 800 });
  await creator.screenshot({ path: `${SHOTS}/desktop-1280-orders.png`, fullPage: true });
  const phoneView = await desk.newPage();
  await phoneView.setViewportSize(PHONE);
  await useToken(phoneView, token, BASE());
  await phoneView.goto(`${BASE()}/online/list.html?questionId=${questionId}`);
  await expect(phoneView.getByTestId('order-row')).toHaveCount(1);
  await phoneView.screenshot({ path: `${SHOTS}/phone-orders.png`, fullPage: true });

  // The trade statement (the report page's 交易统计, reached from the orders page): paid, refunded, net.
  await creator.setViewportSize(DESKTOP);
  await creator.goto(`${BASE()}/online/list.html?questionId=${questionId}`);
  await creator.getByRole('link', { name: '交易统计' }).click();
  await expect(creator.getByRole('tab', { name: '交易统计' })).toHaveAttribute('aria-selected', 'true');
  await expect(creator.getByTestId('trade-paid')).toHaveText('¥435.90');
  await expect(creator.getByTestId('trade-refunded')).toHaveText('¥217.95');
  await expect(creator.getByTestId('trade-net')).toHaveText('¥217.95');
  await expect(creator.getByTestId('trade-orders')).toHaveText('1');
  const byProduct = creator.getByRole('table', { name: '按商品统计' });
  await expect(byProduct.getByRole('row', { name: /草莓音乐节门票/ })).toContainText('¥376.00');
  await expect(byProduct.getByRole('row', { name: /纪念T恤/ })).toContainText('¥59.90');
  await expect(creator.locator('[data-chart-ready="true"]')).toHaveCount(2);
  await creator.screenshot({ path: `${SHOTS}/desktop-trade-statement.png`, fullPage: true });
  await noOverflow(creator);
  await creator.screenshot({ path: `${SHOTS}/phone-trade-statement.png`, fullPage: true });

  // The reconciliation goes to 我的下载.
  await creator.setViewportSize(DESKTOP);
  await creator.getByRole('button', { name: '导出对账单' }).click();
  await expect(creator.getByRole('status').filter({ hasText: '对账单.xlsx' })).toContainText('我的下载');
});

test('a logged-in buyer finds their orders in 我的订单 on a phone; the creator sets the payment window', async ({ browser, request }) => {
  const token = await loginCreator(request);
  const shop = subject(34, { title: '选择商品', products: [{ uuid: 'e2e-mug', title: '马克杯', spec: '白色', price: 3900, stock: 5 }] });
  const name = subject(6, { title: '收货人姓名' });
  const { questionId } = await call<{ questionId: string }>(
    request,
    'activity/question/saveOrUpdateWxQuestion',
    { questionType: 6, title: '文创义卖', subjects: [shop, name] },
    token,
  );
  await call(request, 'activity/question/getQuestionStatus', { questionId, status: 1 }, token);
  const buyerToken = await loginCreator(request);
  const other = await loginCreator(request);
  const submit = (who: string) =>
    call<{ order: { orderNo: string } }>(
      request,
      'active/write/submit',
      {
        questionId,
        submissionId: `e2e-${Date.now()}-${Math.random().toString(36).slice(2, 8)}`,
        deviceId: `e2e-device-${Math.random().toString(36).slice(2, 10)}`,
        durationSeconds: 20,
        answers: { [shop.uuid]: [{ productId: 'e2e-mug', quantity: 2 }], [name.uuid]: '韩梅梅' },
      },
      who,
    );
  const { orderNo } = (await submit(buyerToken)).order;
  await submit(other);

  const phone = await browser.newContext({ viewport: PHONE, locale: 'zh-CN', isMobile: true, hasTouch: true });
  const page = await phone.newPage();
  await useToken(page, buyerToken, BASE());
  await page.goto(`${BASE()}/questionnaire/writeRecord.html`);
  const mine = page.getByTestId('my-order');
  await expect(mine).toHaveCount(1);
  await expect(mine).toContainText(orderNo);
  await expect(mine).toContainText('马克杯');
  await expect(mine).toContainText('¥78.00');
  await expect(mine.getByTestId('my-order-state')).toHaveText('待支付');
  await page.screenshot({ path: `${SHOTS}/phone-my-orders.png`, fullPage: true });
  await noOverflow(page);
  await mine.getByRole('button', { name: '继续支付' }).click();
  await expect(page).toHaveURL(/\/pay\/sandbox\/\d{20}$/);
  await page.getByRole('button', { name: '确认支付' }).click();
  await expect(page.getByRole('heading', { name: '支付成功' })).toBeVisible();
  await page.goto(`${BASE()}/questionnaire/writeRecord.html`);
  await expect(mine.getByTestId('my-order-state')).toHaveText('已支付');
  await expect(mine.getByRole('button', { name: '继续支付' })).toHaveCount(0);

  // The creator's settings: the payment window shows its value and refuses a value out of range.
  const desk = await browser.newContext({ viewport: DESKTOP, locale: 'zh-CN' });
  const creator = await desk.newPage();
  await useToken(creator, token, BASE());
  await creator.goto(`${BASE()}/questionnaire/edit/setting.html?questionId=${questionId}`);
  // The page collects and has orders: the editor's reminder comes first.
  const reminder = creator.getByRole('dialog').filter({ hasText: '修改题目可能会影响已收集的数据' });
  await reminder.getByRole('checkbox', { name: '本次编辑不再提醒' }).check();
  await reminder.getByRole('button', { name: '确定', exact: true }).click();
  await expect(reminder).toBeHidden();
  const windowField = creator.getByLabel('付款时限');
  await expect(windowField).toHaveValue('15');
  await windowField.fill('3');
  await windowField.blur();
  await expect(creator.getByRole('alert')).toHaveText('付款时限不能少于 5 分钟');
  await windowField.fill('30');
  await windowField.blur();
  await expect(creator.getByText('当前：下单后 30 分钟内未支付的订单自动关闭')).toBeVisible();
  // Autosaved: the server's settings (what order-close reads for new orders) say 30.
  await expect
    .poll(
      async () =>
        (await call<{ settings: { paymentWindowMinutes: number } }>(request, 'activity/question/getWxQuestionSetting', { questionId }, token)).settings
          .paymentWindowMinutes,
      {
        timeout: 15_000,
      },
    )
    .toBe(30);
  await creator.screenshot({ path: `${SHOTS}/desktop-settings-payment.png`, fullPage: true });
});

closeOtherContextsAfterEach();
