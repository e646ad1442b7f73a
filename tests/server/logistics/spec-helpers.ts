import type { TSubject } from '../../../schemas/subjects/registry';
import { loginNewUser, makeSubject } from '../../helpers/fixtures';
import { publishProject } from '../../helpers/publish';
import type { TestApp } from '../../helpers/test-app';
import type { ShopCtx } from '../pay/pay-helpers';

type Spec = { uuid: string; name: string; price: number; stock?: number };
export type SpecShop = TSubject & { products: { uuid: string; title: string; spec?: string; price: number; stock?: number; specs?: Spec[] }[] };

/**
 * A published payment page whose 纪念T恤 has three spec rows — S码 ¥59.00 (stock 3), M码 ¥69.00 (unlimited),
 * L码 ¥79.00 (stock `lStock`) — and an old-style 门票 ¥25.00 with a free-text spec and stock 5 (no spec rows).
 */
export async function publishSpecShop(t: TestApp, { lStock = 10 }: { lStock?: number } = {}) {
  const owner = await loginNewUser(t);
  const shop = makeSubject(34, 1, '选择商品') as SpecShop;
  const shirt = `${shop.uuid}-shirt`;
  shop.products = [
    {
      uuid: shirt,
      title: '纪念T恤',
      price: 5900,
      specs: [
        { uuid: `${shirt}-s`, name: 'S码', price: 5900, stock: 3 },
        { uuid: `${shirt}-m`, name: 'M码', price: 6900 },
        { uuid: `${shirt}-l`, name: 'L码', price: 7900, stock: lStock },
      ],
    },
    { uuid: `${shop.uuid}-ticket`, title: '门票', spec: '成人票', price: 2500, stock: 5 },
  ];
  const name = makeSubject(6, 2, '收货人姓名');
  const phone = makeSubject(26, 3, '手机号');
  const questionId = await publishProject(t, owner.headers, { subjects: [shop, name, phone], questionType: 6 });
  const ctx: ShopCtx = { owner, questionId, shop: shop as ShopCtx['shop'], name, phone, ticket: `${shop.uuid}-ticket`, shirt };
  return { ...ctx, s: `${shirt}-s`, m: `${shirt}-m`, l: `${shirt}-l` };
}
