import type { TRedNotice } from '../../../schemas/api/red-notice';
import type { TSubmitResult } from '../../../schemas/api/write';
import { QUESTION_TYPE } from '../../../schemas/project-kinds';
import { RED_NOTICES } from '../../../schemas/red-envelope/rules';
import type { Query } from '../../db/client';
import { col, defineSql } from '../../db/sql';
import { readEnvelope, type RedOwner } from './red-envelope-access';
import { pendingSheet } from './red-qualify';

const sheetScoreSql = defineSql(
  'red-notice.sheetScore',
  { score: col.float.orNull(), status: col.int },
  'SELECT score, status FROM answer_sheets WHERE project_id = $1 AND public_id = $2',
);

const notice = (state: TRedNotice['state'], message: string): TRedNotice => ({ state, message });

/**
 * What the respondent is told about a just-stored sheet (or a vote's ballot, by its ballot id) when its project
 * has a red envelope running: it waits for the creator's review (it qualifies now), the envelopes are gone, or
 * why it does not qualify. undefined when no envelope runs (the screen says nothing). Read after the submit's
 * transaction, so a review in between may already have decided it; the screen says no more than "qualifies".
 */
export async function redNoticeOf(query: Query, owner: RedOwner, sheetPublicId: string): Promise<TRedNotice | undefined> {
  const envelope = await readEnvelope(query, owner);
  if (!envelope || envelope.state !== 'running') return undefined;
  if (envelope.paid_count >= envelope.total_count) return notice('exhausted', RED_NOTICES.exhausted);
  if (await pendingSheet(query, owner, sheetPublicId)) return notice('qualified', RED_NOTICES.qualified);
  const decided = await query(`SELECT 1 FROM red_envelope_payouts WHERE ${owner.kind === 'vote' ? 'vote_id' : 'project_id'} = $1 AND sheet_public_id = $2`, [
    owner.id,
    sheetPublicId,
  ]);
  if (decided.length) return notice('qualified', RED_NOTICES.qualified);
  if (envelope.qualify === 'score' && envelope.min_score !== null) {
    const [sheet] = await sheetScoreSql.run(query, [owner.id, sheetPublicId]);
    if (sheet?.status === 1 && (sheet.score ?? 0) < envelope.min_score) return notice('notQualified', RED_NOTICES.score(envelope.min_score));
  }
  if (envelope.qualify === 'first' && envelope.first_n !== null && (await validBefore(query, owner, sheetPublicId)) >= envelope.first_n) {
    return notice('exhausted', RED_NOTICES.firstGone(envelope.first_n));
  }
  return notice('notQualified', owner.kind === 'vote' ? RED_NOTICES.invalidBallot : RED_NOTICES.invalid);
}

const validBeforeSql = defineSql(
  'red-notice.validBefore',
  { n: col.int },
  (kind: RedOwner['kind']) =>
    kind === 'vote'
      ? `SELECT count(DISTINCT o.ballot_id)::int AS n FROM vote_ballots o JOIN red_envelopes e ON e.vote_id = o.vote_id
         WHERE o.vote_id = $1 AND o.valid AND o.id > e.after_sheet_id
           AND o.id < (SELECT min(id) FROM vote_ballots WHERE vote_id = $1 AND ballot_id = $2)`
      : `SELECT count(*)::int AS n FROM answer_sheets o JOIN red_envelopes e ON e.project_id = o.project_id
         WHERE o.project_id = $1 AND o.status = 1 AND o.id > e.after_sheet_id
           AND o.id < (SELECT id FROM answer_sheets WHERE project_id = $1 AND public_id = $2)`,
  [['project'], ['vote']],
);

/** How many valid sheets (ballots) came before this one since the budget was paid in. */
async function validBefore(query: Query, owner: RedOwner, sheetPublicId: string): Promise<number> {
  const [row] = await validBeforeSql.run(query, [owner.id, sheetPublicId], owner.kind);
  return row?.n ?? 0;
}

/** Surveys and exams carry red envelopes among the projects (red-envelope-access.ts). */
const ENVELOPE_KINDS: readonly number[] = [QUESTION_TYPE.survey, QUESTION_TYPE.exam];

/** The submit's result with the red envelope's notice added (a project of a kind that takes envelopes, one running). */
export async function withRedNotice(query: Query, project: { id: number; questionType: number }, result: TSubmitResult): Promise<TSubmitResult> {
  if (!result.sheetId || !ENVELOPE_KINDS.includes(project.questionType)) return result;
  const redPacket = await redNoticeOf(query, { kind: 'project', id: project.id }, result.sheetId);
  return redPacket ? { ...result, redPacket } : result;
}

const voteEnvelopeSql = defineSql(
  'red-notice.voteEnvelope',
  { vote_id: col.int },
  `SELECT e.vote_id FROM red_envelopes e JOIN vote_activities v ON v.id = e.vote_id WHERE v.public_id = $1 AND e.state = 'running'`,
);

/** A ballot's result with the vote's red envelope notice added (one running). */
export async function withBallotNotice<R extends { ballotId: string; redPacket?: TRedNotice }>(query: Query, votePublicId: string, result: R): Promise<R> {
  const [envelope] = await voteEnvelopeSql.run(query, [votePublicId]);
  if (!envelope) return result;
  const redPacket = await redNoticeOf(query, { kind: 'vote', id: envelope.vote_id }, result.ballotId);
  return redPacket ? { ...result, redPacket } : result;
}
