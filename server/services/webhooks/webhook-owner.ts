import { WEBHOOK_MESSAGES, type TWebhookOwnerBody } from '../../../schemas/api/webhooks';
import type { TWebhookEvent } from '../../../schemas/webhooks/events';
import { webhookEventsOf } from '../../../schemas/webhooks/kind-events';
import type { Query } from '../../db/client';
import type { ProjectRow, VoteRow } from '../../db/rows';
import { accessProject } from '../access/powers.service';
import type { AuthUser } from '../access/sessions.service';
import type { Deps } from '../deps';
import { badInput } from '../errors';
import { plainTitle } from '../report/report-subjects';
import { accessVote } from '../vote/vote-access.service';

/**
 * Whose webhooks a call is about (issue 53 item 3): a project (questionId, its manage power) or a vote (voteId, its
 * owner, as every vote call: anyone else "404"). `column` is the webhooks column naming it (exactly one is set,
 * migration 0094); `events` what it produces; `head` the `project`/`vote` part of every payload.
 */
export interface WebhookOwner {
  column: 'project_id' | 'vote_id';
  id: number;
  /** The row locked by a save, so two saves racing for the last place cannot both win. */
  lockSql: string;
  events: TWebhookEvent[];
  head: Record<string, unknown>;
}

/** A vote's webhooks hear its ballots only. */
export const VOTE_WEBHOOK_EVENTS: TWebhookEvent[] = ['ballot.cast'];

export const voteHead = (vote: { public_id: string; title: string }) => ({ vote: { voteId: vote.public_id, title: plainTitle(vote.title) } });
export const projectHead = (project: { public_id: string; title: string; question_type: number }) => ({
  project: { questionId: project.public_id, title: plainTitle(project.title), questionType: project.question_type },
});

export async function manageWebhookOwner(deps: Deps, user: AuthUser | null, body: TWebhookOwnerBody): Promise<WebhookOwner> {
  if (body.voteId) {
    const { vote } = await accessVote(deps.database.query, user, body.voteId);
    return {
      column: 'vote_id',
      id: vote.id,
      lockSql: 'SELECT id FROM vote_activities WHERE id = $1 FOR UPDATE',
      events: VOTE_WEBHOOK_EVENTS,
      head: voteHead(vote),
    };
  }
  if (!body.questionId) throw badInput(WEBHOOK_MESSAGES.ownerRequired, 'questionId');
  const { project } = await accessProject(deps.database.query, user, body.questionId, 'manage');
  return {
    column: 'project_id',
    id: project.id,
    lockSql: 'SELECT id FROM projects WHERE id = $1 FOR UPDATE',
    events: webhookEventsOf(project.question_type, project.solitaire_type),
    head: projectHead(project),
  };
}

/** The `project`/`vote` part of a delivery's payload, read when the runner renders it. */
export async function ownerHead(query: Query, owner: { project_id: number | null; vote_id: number | null }): Promise<Record<string, unknown>> {
  if (owner.vote_id !== null) {
    const [vote] = await query<Pick<VoteRow, 'public_id' | 'title'>>('SELECT public_id, title FROM vote_activities WHERE id = $1', [owner.vote_id]);
    return vote ? voteHead(vote) : { vote: {} };
  }
  const [project] = await query<Pick<ProjectRow, 'public_id' | 'title' | 'question_type'>>(
    'SELECT public_id, title, question_type FROM projects WHERE id = $1',
    [owner.project_id],
  );
  return project ? projectHead(project) : { project: {} };
}
