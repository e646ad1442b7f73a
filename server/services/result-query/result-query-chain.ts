import { QUERY_MAX_SHEETS, type TQueriedSheet } from '../../../schemas/api/result-query';
import type { TChainEntryState } from '../../../schemas/chain/entry-states';
import { PROJECT_KINDS, SOLITAIRE_TYPE } from '../../../schemas/project-kinds';
import type { Query } from '../../db/client';
import type { ProjectRow } from '../../db/rows';
import { col, defineSql } from '../../db/sql';

/** 报名接龙 (solitaireType 4): its records are chain entries, not answer sheets. */
export const isSignUpChain = (project: Pick<ProjectRow, 'question_type' | 'solitaire_type'>): boolean =>
  project.question_type === PROJECT_KINDS.solitaire.questionType && project.solitaire_type === SOLITAIRE_TYPE.signUp;

const chainQuerySql = defineSql('result-query.chainEnabled', { query_enabled: col.bool }, 'SELECT query_enabled FROM chain_settings WHERE project_id = $1');

/** The chain's 结果查询 switch (off while the chain has no settings row yet). */
export async function chainQueryEnabled(query: Query, projectId: number): Promise<boolean> {
  const [row] = await chainQuerySql.run(query, [projectId]);
  return row?.query_enabled ?? false;
}

/**
 * The entries that left this phone, newest first, each with its place as the lists number it (joined 1…n and the
 * waitlist 1…m in arrival order, src/respond/chain/chain-view.ts); none once withdrawn or removed.
 */
const findEntriesSql = defineSql(
  'result-query.findEntries',
  { name: col.text, people: col.int, state: col.text.as<TChainEntryState>(), place: col.int.orNull(), created_at: col.timestamp },
  `SELECT e.name, e.people, e.state, e.created_at,
          CASE WHEN e.state IN ('joined', 'waitlisted') THEN
            (SELECT count(*)::int FROM chain_entries o WHERE o.project_id = e.project_id AND o.state = e.state AND o.seq <= e.seq) END AS place
     FROM chain_entries e WHERE e.project_id = $1 AND e.phone = $2
     ORDER BY e.id DESC LIMIT $3`,
);

export async function chainEntryViews(query: Query, projectId: number, phone: string): Promise<TQueriedSheet[]> {
  const rows = await findEntriesSql.run(query, [projectId, phone, QUERY_MAX_SHEETS]);
  return rows.map((row) => ({
    submitTime: row.created_at.toISOString(),
    score: null,
    place: null,
    entry: { name: row.name, people: row.people, state: row.state, place: row.place },
    booking: null,
    order: null,
    answers: null,
  }));
}
