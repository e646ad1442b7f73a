import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TSubmitResult } from '../../../schemas/api/write';
import type { TStartPayResult } from '../../../schemas/api/pay';
import { ORDER_MESSAGES } from '../../../schemas/order/order-states';
import { makeSubject } from '../../helpers/fixtures';
import { productionDatabase, type ProductionDatabase, type ProductionServer } from '../../helpers/production-server';
import { engineName } from '../../helpers/test-db';

/**
 * Issue 42 acceptance: what a real production start (`NODE_ENV=production`, server/start.ts as a process) gives
 * away. It has no demo account, refuses sandbox decisions from another address, takes no payment without
 * PAY_PROVIDER, and says at start, naming the setting, what is missing; a setting that cannot work stops it.
 * Starts follow one another on one database, as an operator restarts with other settings.
 */
let db: ProductionDatabase;
beforeAll(async () => {
  db = await productionDatabase();
}, 60_000);
afterAll(() => db?.close());

const WAIT = 240_000;
/** SMS codes can be read only with the outbox opened on purpose (DEV_OUTBOX=1): how the test signs a creator up. */
const OUTBOX = { DEV_OUTBOX: '1' };
/** A local nginx relaying a visitor from elsewhere. */
const RELAYED = { 'x-forwarded-for': '203.0.113.9' };

async function signUp(server: ProductionServer, phone: string): Promise<{ token: string }> {
  expect((await server.call('activity/user/sendSms', { phone })).resultCode).toBe('200');
  const [message] = (await server.call<{ text: string }[]>('dev/outbox', { phone })).data;
  const code = /\d{6}/.exec(message!.text)![0];
  const login = await server.call<{ token: string }>('activity/user/login', { phone, code });
  expect(login.resultCode, login.resultMsg).toBe('200');
  return { token: login.data.token };
}

/** A payment page selling one ticket at ¥25.00, as its owner saves it. */
async function saveShop(server: ProductionServer, headers: { token: string }) {
  const shop = makeSubject(34, 1, '选择商品') as ReturnType<typeof makeSubject> & { products: object[] };
  shop.products = [{ uuid: `${shop.uuid}-p1`, title: '门票', price: 2500, stock: 10 }];
  const saved = await server.call<{ questionId: string }>(
    'activity/question/saveOrUpdateWxQuestion',
    { questionType: 6, title: '演出门票', subjects: [shop] },
    headers,
  );
  return { questionId: saved.data.questionId, shop: shop.uuid, ticket: `${shop.uuid}-p1` };
}

/** The same database restarted with PAY_PROVIDER=sandbox: the payment page publishes, and simulated money answers this machine only. */
async function simulated(owner: { token: string }, shop: Awaited<ReturnType<typeof saveShop>>) {
  const server = await db.start({ ...OUTBOX, PAY_PROVIDER: 'sandbox' });
  try {
    expect(server.output()).toContain('⚠ 支付为沙箱模拟（PAY_PROVIDER=sandbox）：不会真实收款，收银台仅限本机访问');
    expect((await server.call('activity/question/getQuestionStatus', { questionId: shop.questionId, status: 1 }, owner)).resultCode).toBe('200');
    const deviceId = 'device-production-1';
    const sheet = await server.call<TSubmitResult>('active/write/submit', {
      questionId: shop.questionId,
      submissionId: `sub-production-${Date.now()}`,
      deviceId,
      durationSeconds: 9,
      answers: { [shop.shop]: [{ productId: shop.ticket, quantity: 1 }] },
    });
    const { orderNo } = sheet.data.order!;
    expect((await server.call<TStartPayResult>('active/pay/wxTradePay', { orderNo, deviceId })).data.provider).toBe('sandbox');

    const decide = { outTradeNo: orderNo, outcome: 'pay' };
    const refused = { resultCode: '403', resultMsg: '模拟支付（沙箱）仅限本机访问' };
    expect(await server.call('active/pay/sandbox/decide', decide, RELAYED)).toMatchObject(refused);
    // From this machine's network address the server sees a client that is not loopback.
    if (server.network) expect(await server.call('active/pay/sandbox/decide', decide, {}, server.network)).toMatchObject(refused);
    const cashier = await fetch(`${server.local}/pay/sandbox/${orderNo}`, { headers: RELAYED });
    expect(await cashier.json()).toMatchObject(refused);
    expect((await server.call<{ state: string }>('active/pay/getOrderStatus', { orderNo, deviceId })).data.state).toBe('created');

    expect((await server.call('active/pay/sandbox/decide', decide)).resultCode).toBe('200');
    expect((await server.call<{ state: string }>('active/pay/getOrderStatus', { orderNo, deviceId })).data.state).toBe('paid');
  } finally {
    await server.stop();
  }
}

const demoLogin = (server: ProductionServer, phone: string) => server.call('activity/user/userNameLogin', { userName: phone, password: 'demo1234' });

describe(`a production start on ${engineName()}`, () => {
  it(
    'without PAY_PROVIDER: warns naming it, has no demo account and takes no money; restarted with PAY_PROVIDER=sandbox: simulated, for this machine only',
    async () => {
      let owner: { token: string };
      let shop: Awaited<ReturnType<typeof saveShop>>;
      const server = await db.start(OUTBOX);
      try {
        const banner = server.output();
        expect(banner).toContain('⚠ 未配置支付渠道（PAY_PROVIDER）');
        expect(banner).toContain('⚠ DEV_OUTBOX=1');
        expect(banner).not.toContain('demo1234');
        expect(server.warnings().map((w) => w.setting)).toEqual(expect.arrayContaining(['PAY_PROVIDER', 'DEV_OUTBOX']));
        for (const phone of ['13800138000', '13800138001']) expect((await demoLogin(server, phone)).resultCode).not.toBe('200');

        owner = await signUp(server, '13900042001');
        shop = await saveShop(server, owner);
        const publish = await server.call('activity/question/getQuestionStatus', { questionId: shop.questionId, status: 1 }, owner);
        expect(publish).toMatchObject({ resultCode: '409', resultMsg: ORDER_MESSAGES.publishNeedsProvider });
        const decide = await server.call('active/pay/sandbox/decide', { outTradeNo: '20260101000000000000', outcome: 'pay' });
        expect(decide).toMatchObject({ resultCode: '404', resultMsg: '沙箱支付未开启' });
      } finally {
        await server.stop();
      }
      await simulated(owner, shop);
    },
    WAIT,
  );

  it(
    'makes demo accounts only with DEMO_ACCOUNTS=1, and a later start that finds them warns naming it',
    async () => {
      // Demo accounts switched on without a payment provider: the start still succeeds, and the demo's group-buy and
      // payment page, which only a sandbox could pay for, are left out rather than paid for real.
      const seeding = await db.start({ DEMO_ACCOUNTS: '1' });
      try {
        expect(seeding.output()).toContain('⚠ 演示账号已开启（DEMO_ACCOUNTS=1）');
        const login = await demoLogin(seeding, '13800138000');
        expect(login.resultCode).toBe('200');
        const headers = { token: (login.data as { token: string }).token, host: 'jielong.localhost' };
        const kinds = async (questionType: number) =>
          (await seeding.call<{ list: { title: string }[] }>('activity/question/getWxQuestionList', { questionType, page: 1, pageSize: 20 }, headers)).data
            .list;
        expect(await kinds(6)).toEqual([]);
        expect((await kinds(5)).length).toBeGreaterThan(0);
      } finally {
        await seeding.stop();
      }
      const server = await db.start({ PAY_PROVIDER: 'sandbox' });
      try {
        expect(server.output()).toContain('⚠ 数据库中有演示账号（13800138000 / 13800138001），密码仍是公开的 demo1234');
        expect(server.warnings()).toContainEqual(expect.objectContaining({ setting: 'DEMO_ACCOUNTS' }));
        // No SMS provider and no outbox: nobody could sign up.
        expect(server.output()).toContain('⚠ 未配置短信服务商（SMS_PROVIDER）');
      } finally {
        await server.stop();
      }
    },
    WAIT,
  );

  it(
    'refuses to start when PAY_PROVIDER names a provider whose variables are missing, naming the variable',
    async () => {
      const wechat = await db.refusedStart({ PAY_PROVIDER: 'wechat' });
      expect(wechat.code).toBe(1);
      expect(wechat.output).toContain('WECHATPAY_MCHID (and the provider');
      const half = await db.refusedStart({ PAY_PROVIDER: 'alipay', ALIPAY_APP_ID: '2021000117600000' });
      expect(half.code).toBe(1);
      expect(half.output).toContain('ALIPAY_PRIVATE_KEY or ALIPAY_PRIVATE_KEY_FILE is required with ALIPAY_APP_ID');
    },
    WAIT,
  );
});
