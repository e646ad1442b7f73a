import { useLocation } from '@tanstack/react-router';
import { SOLITAIRE_TYPE } from '../../../schemas/project-kinds';
import { EmptyState } from '../../ui/states';
import { ChainManagePage } from './chain-manage-page';
import { CheckInManagePage } from './checkin-manage-page';
import { GroupBuyManagePage } from './groupbuy-manage-page';

/**
 * /questionnaire/solitaireList.html?questionId=…[&solitaireType=1|2]: the creator's screen of a solitaire project —
 * the sign-up chain's live list, a daily check-in's completion and records (projectHref.chain and .checkIn), or a
 * group-buy's orders and summary (solitaireType=2).
 */
export function SolitaireManagePage() {
  const search = useLocation({ select: (l) => l.search as Record<string, unknown> });
  const questionId = String(search.questionId ?? '');
  if (!questionId) return <EmptyState title="缺少项目编号" />;
  if (Number(search.solitaireType) === SOLITAIRE_TYPE.checkIn) return <CheckInManagePage questionId={questionId} />;
  if (Number(search.solitaireType) === SOLITAIRE_TYPE.groupBuy) return <GroupBuyManagePage questionId={questionId} />;
  return <ChainManagePage />;
}
