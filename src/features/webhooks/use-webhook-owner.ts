import { useQuery } from '@tanstack/react-query';
import { useLocation } from '@tanstack/react-router';
import { hasPower } from '../../../schemas/project-kinds';
import type { TWebhookEvent } from '../../../schemas/webhooks/events';
import { webhookEventsOf } from '../../../schemas/webhooks/kind-events';
import { questionInfoQuery } from '../../api/question';
import { voteInfoQuery } from '../../api/vote';
import type { TWebhookOwner } from '../../api/webhooks';

/** A vote's webhooks hear its ballots only (server/services/webhooks/webhook-owner.ts). */
const VOTE_EVENTS: TWebhookEvent[] = ['ballot.cast'];

export interface WebhookOwnerView {
  /** Null: the address names neither a project nor a vote. */
  owner: TWebhookOwner | null;
  isVote: boolean;
  title: string | undefined;
  offered: TWebhookEvent[];
  /** Known not to be the manager (a project's collaborator without manage power). */
  denied: boolean;
  back: { to: string; label: string };
}

/**
 * Whose 数据推送 page this is: ?voteId=… (a vote: its title, 新投票 only, back to 投票管理) or ?questionId=…
 * (a project: its kind's events, back to the project list).
 */
export function useWebhookOwner(): WebhookOwnerView {
  const search = useLocation({ select: (l) => l.search as Record<string, unknown> });
  const voteId = String(search.voteId ?? '');
  const questionId = voteId ? '' : String(search.questionId ?? '');
  const info = useQuery(questionInfoQuery(questionId));
  const vote = useQuery(voteInfoQuery(voteId));
  if (voteId)
    return {
      owner: { voteId },
      isVote: true,
      title: vote.data?.title,
      offered: VOTE_EVENTS,
      denied: false,
      back: { to: '/voting/list.html', label: '返回投票管理' },
    };
  return {
    owner: questionId ? { questionId } : null,
    isVote: false,
    title: info.data?.title,
    offered: webhookEventsOf(info.data?.questionType, info.data?.solitaireType),
    denied: Boolean(info.data && !hasPower(info.data.powerType, 'manage')),
    back: { to: '/questionnaire/list.html', label: '返回项目列表' },
  };
}
