import { fenOfYuan } from '../../../machines/pay-quick-start/pay-quick-start.operations';
import type { TPayItem } from '../../../machines/pay-quick-start/pay-quick-start.types';
import { newUuid } from '../../../schemas/subjects/base';
import { subjectEntry, type TSubject } from '../../../schemas/subjects/registry';
import { SUBJECT_TYPE } from '../../../schemas/subjects/subject-types';

/**
 * The subjects of a 收款 page made on the phone screen: the items as one 商品 subject (price in fen, no stock or
 * per-person limit: the editor adds those), then who paid — 姓名 (required) and 手机号 (optional), which the order
 * copies for the organiser's order list.
 */
export function payQuickSubjects(items: readonly TPayItem[]): TSubject[] {
  let index = 0;
  const make = (subjectType: number, patch: Record<string, unknown>) =>
    ({ ...subjectEntry(subjectType).create({ uuid: newUuid(), indexSort: ++index, newId: newUuid }), ...patch }) as TSubject;
  return [
    make(SUBJECT_TYPE.product, {
      title: '付款项目',
      products: items.map((item) => ({ uuid: newUuid(), title: item.name.trim(), price: fenOfYuan(item.price) ?? 0 })),
    }),
    make(SUBJECT_TYPE.textInput, { title: '姓名', placeholder: '请输入付款人姓名', maxLength: 20 }),
    make(SUBJECT_TYPE.mobile, { title: '手机号', required: false }),
  ];
}
