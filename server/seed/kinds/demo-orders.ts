import type { FastifyInstance } from 'fastify';
import type { TSubject } from '../../../schemas/subjects/registry';
import { atTime, call, type Story } from '../seed-calls';
import { demoSubjects } from './demo-subjects';

type Product = { uuid: string; title: string; spec?: string; price: number; stock?: number; maxPerPerson?: number };
type Line = { productId: string; quantity: number };
/** What becomes of an order after it is placed: paid in the sandbox cashier, then perhaps collected or refunded. */
type Fate = 'paid' | 'collected' | 'refunded' | 'cancelled' | 'unpaid';

interface Buyer {
  name: string;
  phone: string;
  at: Date;
  lines: Line[];
  fate: Fate;
  /** The single-choice answer (a pick-up point), if the page asks one. */
  choice?: string;
}

const C = 'active/commodity/order/';

/**
 * One buyer as the phone page does it: the sheet's submit makes the order (stock taken in the same statement), the
 * pay step opens the sandbox cashier and 「确认支付」 pays it (a signed notify). Then the organiser's actions.
 */
async function order(app: FastifyInstance, token: string, questionId: string, subjects: Record<string, string>, buyer: Buyer, n: number, later: Date) {
  const deviceId = `demo-buyer-${questionId.slice(0, 6)}-${n}`;
  const ip = `10.10.${n % 250}.${20 + (n % 200)}`;
  const orderNo = await atTime(app, buyer.at, async () => {
    const answers: Record<string, unknown> = { [subjects.name!]: buyer.name, [subjects.phone!]: buyer.phone, [subjects.goods!]: buyer.lines };
    if (subjects.choice && buyer.choice) answers[subjects.choice] = { optionIds: [buyer.choice] };
    const sheet = await call<{ order: { orderNo: string } | null }>(
      app,
      'active/write/submit',
      { questionId, submissionId: `demo-order-${questionId}-${n}`, deviceId, durationSeconds: 35 + n * 7, answers },
      undefined,
      ip,
    );
    const { orderNo } = sheet.order!;
    if (buyer.fate !== 'unpaid' && buyer.fate !== 'cancelled') {
      await call(app, 'active/pay/wxTradePay', { orderNo, deviceId }, undefined, ip);
      // 「确认支付」 on the sandbox cashier, which answers this machine only where payments are simulated in production.
      await call(app, 'active/pay/sandbox/decide', { outTradeNo: orderNo, outcome: 'pay' });
    }
    return orderNo;
  });
  await atTime(app, later, async () => {
    if (buyer.fate === 'collected') await call(app, `${C}collectOrder`, { questionId, orderNo }, token);
    if (buyer.fate === 'cancelled') await call(app, 'activity/question/solitaire/cancelGroupBuyOrder', { questionId, orderNo }, token);
    if (buyer.fate === 'refunded') {
      const { amountFen } = await call<{ amountFen: number }>(app, 'active/pay/getOrderStatus', { orderNo, deviceId }, undefined, ip);
      await call(app, `${C}refundOrder`, { questionId, orderNo, amountFen, reason: '买家行程有变，全额退款' }, token);
    }
  });
}

async function publish(app: FastifyInstance, token: string, made: Date, project: object, settings: object): Promise<string> {
  return atTime(app, made, async () => {
    const { questionId } = await call<{ questionId: string }>(app, 'activity/question/saveOrUpdateWxQuestion', project, token, undefined, 'jielong');
    await call(app, 'activity/question/updateWxQuestionSetting', { questionId, settings }, token);
    await call(app, 'activity/question/getQuestionStatus', { questionId, status: 1 }, token);
    return questionId;
  });
}

/**
 * 接龙通: a fruit group-buy (团购接龙) with three products and their specs, two pick-up points and a day to pay:
 * orders over three days, most paid, some already collected, one refunded, one cancelled by the organiser, one
 * that closed unpaid after the day, and one placed this morning still waiting to be paid.
 */
export async function seedDemoGroupBuy(app: FastifyInstance, token: string, story: Story): Promise<string> {
  const s = demoSubjects('demo-gb');
  const name = s.make(6, '姓名');
  const phone = s.make(26, '手机号');
  const goods = s.make<TSubject & { products: Product[] }>(34, '选择商品');
  goods.products = [
    { uuid: s.id(), title: '赣南脐橙', spec: '10斤装', price: 5800, stock: 40 },
    { uuid: s.id(), title: '四川丑橘', spec: '5斤装', price: 4500, stock: 30, maxPerPerson: 2 },
    { uuid: s.id(), title: '阳光玫瑰葡萄', spec: '2斤装', price: 3990, stock: 25 },
  ];
  const pickup = s.make<TSubject & { options: { uuid: string; title: string }[] }>(1, '自提点', { options: s.options('东门快递驿站', '3号楼大堂') });
  const questionId = await publish(
    app,
    token,
    story.at(-3, '09:30'),
    {
      questionType: 5,
      solitaireType: 2,
      title: '小区水果团购（第 12 期）',
      subtitle: '产地直发，周六上午到货，到货后按自提点取货',
      subjects: [name, phone, goods, pickup],
    },
    { paymentWindowMinutes: 1_440 },
  );
  const [orange, tangerine, grape] = goods.products.map((p) => p.uuid) as [string, string, string];
  const [east, hall] = pickup.options.map((o) => o.uuid) as [string, string];
  const buyers: Buyer[] = [
    { name: '赵敏', phone: '13912340001', at: story.at(-3, '10:12'), lines: [{ productId: orange, quantity: 1 }], choice: east, fate: 'collected' },
    { name: '钱进', phone: '13912340002', at: story.at(-3, '11:40'), lines: [{ productId: grape, quantity: 2 }], choice: hall, fate: 'collected' },
    {
      name: '孙倩',
      phone: '13912340003',
      at: story.at(-3, '19:05'),
      lines: [
        { productId: orange, quantity: 1 },
        { productId: tangerine, quantity: 1 },
      ],
      choice: east,
      fate: 'unpaid',
    },
    { name: '李雷', phone: '13912340004', at: story.at(-2, '08:20'), lines: [{ productId: tangerine, quantity: 2 }], choice: hall, fate: 'paid' },
    { name: '周琳', phone: '13912340005', at: story.at(-2, '12:33'), lines: [{ productId: orange, quantity: 2 }], choice: east, fate: 'refunded' },
    {
      name: '吴昊',
      phone: '13912340006',
      at: story.at(-2, '20:48'),
      lines: [
        { productId: grape, quantity: 1 },
        { productId: orange, quantity: 1 },
      ],
      choice: hall,
      fate: 'paid',
    },
    { name: '郑爽', phone: '13912340007', at: story.at(-1, '09:15'), lines: [{ productId: tangerine, quantity: 1 }], choice: east, fate: 'cancelled' },
    {
      name: '王磊',
      phone: '13912340008',
      at: story.at(-1, '13:02'),
      lines: [
        { productId: orange, quantity: 1 },
        { productId: grape, quantity: 1 },
      ],
      choice: east,
      fate: 'paid',
    },
    { name: '冯雅', phone: '13912340009', at: story.at(-1, '21:26'), lines: [{ productId: grape, quantity: 3 }], choice: hall, fate: 'paid' },
    { name: '陈晨', phone: '13912340010', at: story.ago(95), lines: [{ productId: tangerine, quantity: 2 }], choice: hall, fate: 'unpaid' },
  ];
  const subjects = { name: name.uuid, phone: phone.uuid, goods: goods.uuid, choice: pickup.uuid };
  for (const [n, buyer] of buyers.entries()) await order(app, token, questionId, subjects, buyer, n, story.at(-1, '18:30'));
  return questionId;
}

/**
 * 接龙通: a payment page (在线收款) for a family sports day: tickets and T-shirts paid through the sandbox over four
 * days, one refunded in full, one that closed unpaid, and one placed an hour ago still waiting to be paid.
 */
export async function seedDemoPayment(app: FastifyInstance, token: string, story: Story): Promise<string> {
  const s = demoSubjects('demo-pay');
  const goods = s.make<TSubject & { products: Product[] }>(34, '选择项目');
  goods.products = [
    { uuid: s.id(), title: '亲子套票', spec: '1大1小', price: 6800, stock: 120 },
    { uuid: s.id(), title: '纪念T恤', spec: '儿童款', price: 4900 },
    { uuid: s.id(), title: '纪念T恤', spec: '成人款', price: 5900 },
  ];
  const name = s.make(6, '家长姓名');
  const phone = s.make(26, '手机号');
  const questionId = await publish(
    app,
    token,
    story.at(-4, '15:00'),
    { questionType: 6, title: '秋季亲子运动会报名缴费', subtitle: '报名费含保险与午餐，T恤现场领取', subjects: [goods, name, phone] },
    { paymentWindowMinutes: 1_440 },
  );
  const [ticket, kids, adults] = goods.products.map((p) => p.uuid) as [string, string, string];
  const buyers: Buyer[] = [
    {
      name: '刘女士',
      phone: '13712340001',
      at: story.at(-4, '16:20'),
      lines: [
        { productId: ticket, quantity: 1 },
        { productId: kids, quantity: 1 },
      ],
      fate: 'paid',
    },
    { name: '黄先生', phone: '13712340002', at: story.at(-4, '20:05'), lines: [{ productId: ticket, quantity: 2 }], fate: 'paid' },
    { name: '许女士', phone: '13712340003', at: story.at(-3, '08:50'), lines: [{ productId: ticket, quantity: 1 }], fate: 'unpaid' },
    {
      name: '高先生',
      phone: '13712340004',
      at: story.at(-3, '12:18'),
      lines: [
        { productId: ticket, quantity: 1 },
        { productId: adults, quantity: 2 },
      ],
      fate: 'refunded',
    },
    {
      name: '林女士',
      phone: '13712340005',
      at: story.at(-2, '09:41'),
      lines: [
        { productId: ticket, quantity: 1 },
        { productId: kids, quantity: 2 },
      ],
      fate: 'paid',
    },
    { name: '罗先生', phone: '13712340006', at: story.at(-2, '21:10'), lines: [{ productId: ticket, quantity: 1 }], fate: 'paid' },
    {
      name: '谢女士',
      phone: '13712340007',
      at: story.at(-1, '10:27'),
      lines: [
        { productId: ticket, quantity: 1 },
        { productId: adults, quantity: 1 },
      ],
      fate: 'paid',
    },
    {
      name: '韩先生',
      phone: '13712340008',
      at: story.ago(70),
      lines: [
        { productId: ticket, quantity: 1 },
        { productId: kids, quantity: 1 },
      ],
      fate: 'unpaid',
    },
  ];
  const subjects = { name: name.uuid, phone: phone.uuid, goods: goods.uuid };
  for (const [n, buyer] of buyers.entries()) await order(app, token, questionId, subjects, buyer, n, story.at(-1, '19:00'));
  return questionId;
}
