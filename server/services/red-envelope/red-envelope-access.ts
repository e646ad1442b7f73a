import { RED_MESSAGES } from '../../../schemas/red-envelope/rules';
import type { TPowerNeed } from '../../../schemas/project-kinds';
import { QUESTION_TYPE } from '../../../schemas/project-kinds';
import type { Query } from '../../db/client';
import type { RedEnvelopeRow } from '../../db/rows';
import { accessProject, type ProjectAccess } from '../access/powers.service';
import type { AuthUser } from '../access/sessions.service';
import { badInput } from '../errors';

/** Surveys and exams take red envelopes (votes are their own entity and have none yet: docs/decisions.md). */
const KINDS: readonly number[] = [QUESTION_TYPE.survey, QUESTION_TYPE.exam];

/** The caller's access to a project that may carry a red envelope, or the guard's refusal. */
export async function envelopeProject(query: Query, user: AuthUser | null, questionId: string, need: TPowerNeed): Promise<ProjectAccess> {
  const access = await accessProject(query, user, questionId, need);
  if (!KINDS.includes(access.project.question_type)) throw badInput(RED_MESSAGES.kind);
  return access;
}

export async function readEnvelope(query: Query, projectId: number, lock = false): Promise<RedEnvelopeRow | null> {
  const [row] = await query<RedEnvelopeRow>(`SELECT * FROM red_envelopes WHERE project_id = $1${lock ? ' FOR UPDATE' : ''}`, [projectId]);
  return row ?? null;
}

/** The envelope that is paying out now, or why not. */
export async function runningEnvelope(query: Query, projectId: number): Promise<RedEnvelopeRow> {
  const row = await readEnvelope(query, projectId);
  if (!row) throw badInput(RED_MESSAGES.notSet);
  if (row.state === 'unpaid') throw badInput(RED_MESSAGES.notRunning);
  if (row.state === 'ended') throw badInput(RED_MESSAGES.ended);
  return row;
}
