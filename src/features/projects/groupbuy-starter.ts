import { newUuid } from '../../../schemas/subjects/base';
import { subjectEntry, type TSubject } from '../../../schemas/subjects/registry';

/**
 * A new group-buy (团购接龙) starts with the subjects its page fills in: 姓名, 手机号, one 商品 subject with a sample
 * product whose fields start empty (name, spec, price, stock and limit are hints in the editor), 自提点 (two points and 送货上门) and an optional 收货地址.
 * The organiser edits them in the editor; the page and the summary find them by type and title.
 */
export function groupBuyStarterSubjects(): TSubject[] {
  let index = 0;
  const make = (subjectType: number, patch: Record<string, unknown>) =>
    ({ ...subjectEntry(subjectType).create({ uuid: newUuid(), indexSort: ++index, newId: newUuid }), ...patch }) as TSubject;
  const pickup = make(1, { title: '自提点' }) as TSubject & { options: { uuid: string; title: string }[] };
  const option = pickup.options[0]!;
  pickup.options = ['小区东门', '3号楼大堂', '送货上门'].map((title) => ({ ...option, uuid: newUuid(), title }));
  return [
    make(6, { title: '姓名', placeholder: '请输入姓名', maxLength: 20 }),
    make(26, { title: '手机号' }),
    make(34, {
      title: '选择商品',
      // Empty: the editor's hints say what to fill in; publishing refuses an unnamed or unpriced product.
      products: [{ uuid: newUuid(), title: '', price: 0 }],
    }),
    pickup,
    make(6, { title: '收货地址（选送货上门时填写）', required: false, maxLength: 200 }),
  ];
}
