import { RED_MESSAGES } from '../../../schemas/red-envelope/rules';
import { hasPower, type TPowerNeed } from '../../../schemas/project-kinds';
import { QUESTION_TYPE } from '../../../schemas/project-kinds';
import type { Query } from '../../db/client';
import type { ProjectRow, RedEnvelopeRow } from '../../db/rows';
import { accessProject } from '../access/powers.service';
import type { AuthUser } from '../access/sessions.service';
import { badInput, forbidden } from '../errors';
import { accessVote } from '../vote/vote-access.service';

/** Surveys and exams (projects) and vote activities take red envelopes (docs/decisions.md). */
const KINDS: readonly number[] = [QUESTION_TYPE.survey, QUESTION_TYPE.exam];

/** Who owns an envelope: a project, or (migration 0083) a vote activity; `id` is the row's internal id. */
export interface RedOwner {
  kind: 'project' | 'vote';
  id: number;
}
/** The owner's column in red_envelopes, red_envelope_payouts and red_envelope_ledger (one of two fixed names). */
export const ownerCol = (owner: RedOwner): 'project_id' | 'vote_id' => (owner.kind === 'vote' ? 'vote_id' : 'project_id');
export const projectOwner = (projectId: number): RedOwner => ({ kind: 'project', id: projectId });

/** A call's reference to the envelope's owner: a project's questionId or a vote's voteId (exactly one). */
export interface RedRef {
  questionId?: string | undefined;
  voteId?: string | undefined;
}

export interface EnvelopeAccess {
  owner: RedOwner;
  /** The project's questionId or the vote's voteId. */
  publicId: string;
  title: string;
  /** The project's kind; 0 for a vote (which has none). */
  questionType: number;
  powerType: number;
  /** The project (null for a vote). */
  project: ProjectRow | null;
}

/** The caller's access to a project or vote that may carry a red envelope, or the guard's refusal. */
export async function envelopeOwner(query: Query, user: AuthUser | null, ref: RedRef, need: TPowerNeed): Promise<EnvelopeAccess> {
  if (!ref.questionId === !ref.voteId) throw badInput(RED_MESSAGES.which);
  if (ref.voteId) {
    const { vote, powerType } = await accessVote(query, user, ref.voteId);
    if (need !== 'owner' && !hasPower(powerType, need)) throw forbidden();
    return { owner: { kind: 'vote', id: vote.id }, publicId: vote.public_id, title: vote.title, questionType: 0, powerType, project: null };
  }
  const access = await accessProject(query, user, ref.questionId!, need);
  if (!KINDS.includes(access.project.question_type)) throw badInput(RED_MESSAGES.kind);
  const { project } = access;
  return {
    owner: projectOwner(project.id),
    publicId: project.public_id,
    title: project.title,
    questionType: project.question_type,
    powerType: access.powerType ?? 0,
    project,
  };
}

export async function readEnvelope(query: Query, owner: RedOwner, lock = false): Promise<RedEnvelopeRow | null> {
  const [row] = await query<RedEnvelopeRow>(`SELECT * FROM red_envelopes WHERE ${ownerCol(owner)} = $1${lock ? ' FOR UPDATE' : ''}`, [owner.id]);
  return row ?? null;
}

/** The envelope that is paying out now, or why not. */
export async function runningEnvelope(query: Query, owner: RedOwner): Promise<RedEnvelopeRow> {
  const row = await readEnvelope(query, owner);
  if (!row) throw badInput(RED_MESSAGES.notSet);
  if (row.state === 'unpaid') throw badInput(RED_MESSAGES.notRunning);
  if (row.state === 'ended') throw badInput(RED_MESSAGES.ended);
  return row;
}
