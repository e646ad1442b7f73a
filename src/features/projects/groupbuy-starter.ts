import { groupBuySubjects } from '../../../schemas/groupbuy/starter';
import type { TSubject } from '../../../schemas/subjects/registry';

/**
 * A new group-buy (团购接龙) from 新建接龙 starts with the subjects its page fills in: 姓名, 手机号, one 商品 subject with
 * a sample product whose fields start empty (name, spec, price, stock and limit are hints in the editor), 自提点
 * (two points and 送货上门) and an optional 收货地址. The organiser edits them in the editor.
 */
export function groupBuyStarterSubjects(): TSubject[] {
  // Empty: the editor's hints say what to fill in; publishing refuses an unnamed or unpriced product.
  return groupBuySubjects({ products: [{ title: '', price: 0 }], points: ['小区东门', '3号楼大堂', '送货上门'] });
}
