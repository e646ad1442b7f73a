import { newUuid } from '../subjects/base';
import { subjectEntry, type TSubject } from '../subjects/registry';
import type { TProduct } from '../subjects/types/product';
import { DELIVERY } from './shape';

export interface TGroupBuySheet {
  /** The products on sale (a product's uuid is made here). */
  products: Omit<TProduct, 'uuid'>[];
  /** The pick-up points in order; none: the page asks no pick-up point. */
  points: string[];
}

/**
 * A new group-buy's subjects, as its page fills them in (schemas/groupbuy/shape.ts finds them by type and title):
 * 姓名, 手机号, one 商品 subject with the products, 自提点 with the points (when there are any) and an optional
 * 收货地址 when a point is a delivery (送货上门). The editor's starter and the phone's quick group-buy both make these.
 */
export function groupBuySubjects({ products, points }: TGroupBuySheet): TSubject[] {
  let index = 0;
  const make = (subjectType: number, patch: Record<string, unknown>) =>
    ({ ...subjectEntry(subjectType).create({ uuid: newUuid(), indexSort: ++index, newId: newUuid }), ...patch }) as TSubject;
  const subjects = [
    make(6, { title: '姓名', placeholder: '请输入姓名', maxLength: 20 }),
    make(26, { title: '手机号' }),
    make(34, { title: '选择商品', products: products.map((product) => ({ uuid: newUuid(), ...product })) }),
  ];
  if (points.length) {
    const pickup = make(1, { title: '自提点' }) as TSubject & { options: { uuid: string; title: string }[] };
    const option = pickup.options[0]!;
    pickup.options = points.map((title) => ({ ...option, uuid: newUuid(), title }));
    subjects.push(pickup);
  }
  if (points.some((point) => DELIVERY.test(point))) subjects.push(make(6, { title: '收货地址（选送货上门时填写）', required: false, maxLength: 200 }));
  return subjects;
}
