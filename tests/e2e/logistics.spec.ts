import { expect, test, type APIRequestContext } from '@playwright/test';
import { laneOrigin } from './support';
import { DESKTOP, PHONE, loginCreator, subject, useToken } from './respond-support';
import { closeOtherContextsAfterEach } from './contexts';

/**
 * Specs and shipping (issue 49 item 6): a payment page sells jam in two specs, the small jar with one left. A buyer on
 * a phone buys that jar and pays in the sandbox cashier; the page then shows the small jar 已售罄 while the big jar
 * can still be bought. The creator ships the order on the orders page through the dialog (顺丰 and a tracking
 * number); the buyer's result page shows the carrier and the number with a copy button.
 */
const SHOTS = '/tmp/shots-logistics';
const BASE = () => laneOrigin('localhost');
const JIELONG = () => laneOrigin('jielong.localhost');
const TRACKING = 'SF1234567890123';

async function call<T>(request: APIRequestContext, path: string, body: unknown, token: string): Promise<T> {
  const answer = await (await request.post(`/api/${path}`, { data: body, headers: { token } })).json();
  if (answer.resultCode !== '200') throw new Error(`${path}: ${answer.resultCode} ${answer.resultMsg}`);
  return answer.data as T;
}

/** A published payment page: one product with two specs (小瓶 with stock 1, 大瓶 with stock 10) and a name. */
async function jamShop(request: APIRequestContext, token: string): Promise<string> {
  const shop = subject(34, {
    title: '选择商品',
    products: [
      {
        uuid: 'e2e-jam',
        title: '手工草莓酱',
        price: 5600,
        specs: [
          { uuid: 'e2e-jam-small', name: '小瓶 200g', price: 2800, stock: 1 },
          { uuid: 'e2e-jam-big', name: '大瓶 500g', price: 5600, stock: 10 },
        ],
      },
    ],
  });
  const name = subject(6, { title: '收货人姓名' });
  const { questionId } = await call<{ questionId: string }>(
    request,
    'activity/question/saveOrUpdateWxQuestion',
    { questionType: 6, title: '果酱义卖', subjects: [shop, name] },
    token,
  );
  await call(request, 'activity/question/getQuestionStatus', { questionId, status: 1 }, token);
  return questionId;
}

test('a buyer takes the last jar of a spec, which then shows 已售罄; the creator ships it with 顺丰 and the buyer sees the number', async ({
  browser,
  request,
}) => {
  // Two browsers, a payment and a shipment on a shared machine: more than the default minute.
  test.setTimeout(120_000);
  const token = await loginCreator(request);
  const questionId = await jamShop(request, token);

  // The buyer, on a phone: one row per spec, each with its price and what is left.
  const buyerContext = await browser.newContext({ viewport: PHONE, locale: 'zh-CN', isMobile: true, hasTouch: true });
  const buyer = await buyerContext.newPage();
  await buyer.goto(`${JIELONG()}/s/${questionId}`);
  const small = buyer.getByTestId('r-product').filter({ hasText: '小瓶 200g' });
  const big = buyer.getByTestId('r-product').filter({ hasText: '大瓶 500g' });
  await expect(small).toContainText('¥28.00');
  await expect(small).toContainText('库存 1');
  await expect(big).toContainText('¥56.00');
  await expect(big).toContainText('库存 10');
  const smallStepper = buyer.getByRole('group', { name: '手工草莓酱（小瓶 200g） 数量' });
  await smallStepper.getByRole('button', { name: '增加' }).click();
  await expect(smallStepper.getByRole('button', { name: '增加' })).toBeDisabled();
  await buyer
    .getByRole('group', { name: /收货人姓名/ })
    .getByRole('textbox')
    .fill('李小红');
  await buyer.getByRole('button', { name: '提交', exact: true }).click();
  await expect(buyer.getByTestId('pay-amount')).toHaveText('¥28.00');
  await buyer.getByRole('button', { name: /^去支付/ }).click();
  await expect(buyer).toHaveURL(/\/pay\/sandbox\/\d{20}$/);
  await buyer.getByRole('button', { name: '确认支付' }).click();
  await expect(buyer.getByRole('heading', { name: '支付成功' })).toBeVisible();
  await expect(buyer.getByText('小瓶 200g')).toBeVisible();
  const orderNo = (await buyer.getByTestId('order-no').textContent())!;
  const resultUrl = buyer.url();

  // Back on the page: the small jar is sold out and cannot be added; the big jar still can.
  await buyer.getByRole('link', { name: '返回表单' }).click();
  await expect(small.locator('.g-soldout')).toHaveText('已售罄');
  await expect(smallStepper.getByRole('button', { name: '增加' })).toBeDisabled();
  await expect(big).toContainText('库存 10');
  const bigStepper = buyer.getByRole('group', { name: '手工草莓酱（大瓶 500g） 数量' });
  await bigStepper.getByRole('button', { name: '增加' }).click();
  await expect(bigStepper.locator('output')).toHaveText('1');
  await buyer.screenshot({ path: `${SHOTS}/phone-sold-out.png`, fullPage: true });

  // The creator ships the order through the dialog.
  const desk = await browser.newContext({ viewport: DESKTOP, locale: 'zh-CN' });
  const creator = await desk.newPage();
  await useToken(creator, token, BASE());
  await creator.goto(`${BASE()}/online/list.html?questionId=${questionId}`);
  const row = creator.getByTestId('order-row').filter({ hasText: orderNo });
  await expect(row.getByTestId('order-state')).toHaveText('已支付');
  await expect(row).toContainText('小瓶 200g');
  await row.getByRole('button', { name: '发货' }).click();
  const dialog = creator.getByRole('dialog', { name: '订单发货' });
  await expect(dialog).toContainText(orderNo);
  await expect(dialog.getByRole('button', { name: '确认发货' })).toBeDisabled();
  await dialog.getByLabel('快递公司').selectOption({ label: '顺丰速运' });
  await dialog.getByLabel('快递单号').fill('SF12');
  await expect(dialog.getByText('快递单号应为6–32位字母或数字')).toBeVisible();
  await expect(dialog.getByRole('button', { name: '确认发货' })).toBeDisabled();
  await dialog.getByLabel('快递单号').fill(TRACKING);
  await expect(dialog.getByRole('button', { name: '确认发货' })).toBeEnabled();
  await creator.screenshot({ path: `${SHOTS}/desktop-ship-dialog.png` });
  await dialog.getByRole('button', { name: '确认发货' }).click();
  await expect(dialog).toBeHidden();
  await expect(row.getByTestId('order-state')).toHaveText('已发货');
  await expect(row.getByTestId('shipping-line')).toContainText('顺丰速运');
  await expect(row.getByTestId('tracking-no')).toHaveText(TRACKING);
  await expect(row.getByRole('button', { name: '修改物流' })).toBeVisible();
  await creator.screenshot({ path: `${SHOTS}/desktop-shipped.png`, fullPage: true });
  // 修改物流 at a phone width: the dialog opens with what was saved and fits the screen.
  await creator.setViewportSize(PHONE);
  await row.getByRole('button', { name: '修改物流' }).click();
  const correcting = creator.getByRole('dialog', { name: '修改物流信息' });
  await expect(correcting.getByLabel('快递公司')).toHaveValue('SF');
  await expect(correcting.getByLabel('快递单号')).toHaveValue(TRACKING);
  const box = (await correcting.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
  await creator.screenshot({ path: `${SHOTS}/phone-ship-dialog.png` });
  await correcting.getByRole('button', { name: '取消' }).click();
  await expect(correcting).toBeHidden();

  // The buyer's result page: carrier, number and a copy button.
  await buyerContext.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: JIELONG() });
  await buyer.goto(resultUrl);
  await expect(buyer.getByTestId('order-state')).toHaveText('已发货');
  const shipping = buyer.getByTestId('shipping-line');
  await expect(shipping).toContainText('顺丰速运');
  await expect(shipping.getByTestId('tracking-no')).toHaveText(TRACKING);
  await expect(buyer.getByText('订单已发货，可凭快递单号在快递公司查询物流')).toBeVisible();
  await shipping.getByRole('button', { name: '复制快递单号' }).click();
  await expect(buyer.getByText('快递单号已复制')).toBeVisible();
  expect(await buyer.evaluate(() => navigator.clipboard.readText())).toBe(TRACKING);
  const overflow = await buyer.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow, 'horizontal overflow at 390px').toBeLessThanOrEqual(0);
  await buyer.screenshot({ path: `${SHOTS}/phone-result-shipped.png`, fullPage: true });

  // The longest number a carrier may give (32) still fits a 360 px phone.
  const longest = 'JT' + '0123456789'.repeat(3);
  await call(request, 'activity/question/logistics/shipOrder', { questionId, orderNo, carrier: 'JT', trackingNo: longest }, token);
  await buyer.setViewportSize({ width: 360, height: 780 });
  await buyer.reload();
  await expect(shipping.getByTestId('tracking-no')).toHaveText(longest);
  await expect(shipping).toContainText('极兔速递');
  const narrow = await buyer.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(narrow, 'horizontal overflow at 360px').toBeLessThanOrEqual(0);
  await buyer.screenshot({ path: `${SHOTS}/phone-360-result-long-number.png`, fullPage: true });
});

closeOtherContextsAfterEach();
