import { pointsOf, priceFen, stockOf } from '../../../machines/chain-quick-start/chain-quick-start.operations';
import type { TChainDraft, TChainKindName } from '../../../machines/chain-quick-start/chain-quick-start.types';
import { groupBuySubjects } from '../../../schemas/groupbuy/starter';
import { SOLITAIRE_TYPE } from '../../../schemas/project-kinds';
import type { TSubject } from '../../../schemas/subjects/registry';
import { projectHref } from '../../app/kinds';

/** What the quick screens and their share view say and link to, per kind of chain (issue 47 item 5). */
export interface TQuickKind {
  solitaireType: number;
  /** 接龙 / 打卡 / 团购: 「…已发布」, 「…二维码」. */
  noun: string;
  /** The line of the copied invitation: 点击链接接龙 … */
  invite: string;
  manageLabel: string;
  manageHref: (questionId: string) => string;
}

export const QUICK_KINDS: Record<TChainKindName, TQuickKind> = {
  signUp: { solitaireType: SOLITAIRE_TYPE.signUp, noun: '接龙', invite: '点击链接接龙', manageLabel: '查看接龙名单', manageHref: projectHref.chain },
  checkIn: { solitaireType: SOLITAIRE_TYPE.checkIn, noun: '打卡', invite: '点击链接每日打卡', manageLabel: '查看打卡记录', manageHref: projectHref.checkIn },
  groupBuy: { solitaireType: SOLITAIRE_TYPE.groupBuy, noun: '团购', invite: '点击链接下单', manageLabel: '查看团购订单', manageHref: projectHref.groupBuy },
};

/** The subjects a new chain is created with: a group-buy's sheet with its products and points; none for the others. */
export function quickSubjects(draft: TChainDraft): TSubject[] | undefined {
  if (draft.kind !== 'groupBuy') return undefined;
  const products = draft.products.map((product) => {
    const stock = stockOf(product.stock);
    return { title: product.title.trim(), price: priceFen(product.price)!, ...(stock === undefined ? {} : { stock }) };
  });
  return groupBuySubjects({ products, points: pointsOf(draft) });
}
