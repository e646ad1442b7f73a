import type { TGroupBuyManageView, TGroupBuyView } from '../../../schemas/api/groupbuy';
import type { TSubmitResult } from '../../../schemas/api/write';
import type { TSubject } from '../../../schemas/subjects/registry';
import { loginNewUser, makeSubject } from '../../helpers/fixtures';
import { publishProject, submissionId } from '../../helpers/publish';
import type { TestApp } from '../../helpers/test-app';

type Product = { uuid: string; title: string; spec?: string; price: number; stock?: number; maxPerPerson?: number };
type Choice = TSubject & { options: { uuid: string; title: string }[] };

/**
 * A published group-buy (questionType 5, solitaireType 2): 姓名, 手机号, a product subject — 脐橙 10斤装 ¥58.00
 * (stock), 丑橘 5斤装 ¥45.00 (per person 2) — and 自提点 with two points and 送货上门, an address fill-in.
 */
export async function publishGroupBuy(
  t: TestApp,
  { stock = 20, maxPerPerson = 2, regionAddress = false }: { stock?: number; maxPerPerson?: number; regionAddress?: boolean } = {},
) {
  const owner = await loginNewUser(t);
  const name = makeSubject(6, 1, '姓名');
  const phone = makeSubject(6, 2, '手机号');
  const goods = makeSubject(34, 3, '选择商品') as TSubject & { products: Product[] };
  goods.products = [
    { uuid: `${goods.uuid}-p1`, title: '赣南脐橙', spec: '10斤装', price: 5800, stock },
    { uuid: `${goods.uuid}-p2`, title: '四川丑橘', spec: '5斤装', price: 4500, stock: 100, maxPerPerson },
  ];
  const pickup = makeSubject(1, 4, '自提点') as Choice;
  pickup.options = [
    { ...pickup.options[0]!, uuid: `${pickup.uuid}-a`, title: '东门驿站' },
    { ...pickup.options[0]!, uuid: `${pickup.uuid}-b`, title: '3号楼大堂' },
    { ...pickup.options[0]!, uuid: `${pickup.uuid}-c`, title: '送货上门' },
  ];
  // regionAddress: the address is a region subject (province → city → district and the detail) instead of a fill-in.
  const address = regionAddress
    ? ({ ...makeSubject(4, 5, '收货地区'), required: false, level: 'district', detail: 'required' } as TSubject)
    : ({ ...makeSubject(6, 5, '收货地址'), required: false } as TSubject);
  const questionId = await publishProject(t, owner.headers, { subjects: [name, phone, goods, pickup, address], questionType: 5, solitaireType: 2 });
  return {
    owner,
    questionId,
    subjects: { name, phone, goods, pickup, address },
    orange: goods.products[0]!.uuid,
    tangerine: goods.products[1]!.uuid,
    points: pickup.options.map((o) => o.uuid),
  };
}
export type GroupBuyCtx = Awaited<ReturnType<typeof publishGroupBuy>>;

/** A delivery address answered on a region subject. */
export const HANGZHOU = { province: '浙江省', city: '杭州市', district: '西湖区', detail: '文三路 90 号' };

let n = 0;
export const device = () => `gb-${process.pid}-${n++}-${Math.random().toString(36).slice(2, 8)}`;

/** Place an order as the page does: the ordinary submit with the product lines, name, phone and point. */
export function order(t: TestApp, ctx: GroupBuyCtx, deviceId: string, lines: { productId: string; quantity: number }[], point = 0, name = '王小明') {
  const s = ctx.subjects;
  return t.call<TSubmitResult>('active/write/submit', {
    questionId: ctx.questionId,
    submissionId: submissionId(),
    deviceId,
    durationSeconds: 8,
    answers: {
      [s.name.uuid]: name,
      [s.phone.uuid]: '13800138000',
      [s.goods.uuid]: lines,
      [s.pickup.uuid]: { optionIds: [ctx.points[point]!] },
      ...(point === 2 ? { [s.address.uuid]: s.address.subjectType === 4 ? HANGZHOU : '幸福小区 5 栋 302' } : {}),
    },
  });
}

export const view = (t: TestApp, ctx: GroupBuyCtx, deviceId?: string) =>
  t.call<TGroupBuyView>('activity/question/solitaire/getGroupBuy', { questionId: ctx.questionId, deviceId });
export const manageView = (t: TestApp, ctx: GroupBuyCtx) =>
  t.call<TGroupBuyManageView>('activity/question/solitaire/getGroupBuyManage', { questionId: ctx.questionId }, ctx.owner.headers);
export const cancel = (t: TestApp, ctx: GroupBuyCtx, orderNo: string) =>
  t.call('activity/question/solitaire/cancelGroupBuyOrder', { questionId: ctx.questionId, orderNo }, ctx.owner.headers);
export const orangeLeft = async (t: TestApp, ctx: GroupBuyCtx) => (await view(t, ctx)).data.products.find((p) => p.productId === ctx.orange)!.stock;
