import type { TReportFilter } from '../../../schemas/api/report';
import type { Query } from '../../db/client';
import { listSubjects } from '../projects/subjects.service';
import { col, defineSql } from '../../db/sql';

/** A SQL fragment over `answer_sheets a` with its parameters, numbered from `first`. */
export interface SqlWhere {
  sql: string;
  params: unknown[];
}

/** Collects parameters so fragments can be numbered in the order they are written. */
export class Params {
  readonly values: unknown[];
  constructor(initial: unknown[] = []) {
    this.values = [...initial];
  }
  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}

/** The report's sheet set: a WHERE over `answer_sheets a` and its parameters. */
export interface SheetWhere {
  where: string;
  params: Params;
}

/** The numeric value of a stored answer (numbers only; anything else is NULL). */
export const numericAnswer = (keyParam: string) =>
  `(CASE WHEN jsonb_typeof(a.answers -> ${keyParam}::text) = 'number' THEN (a.answers ->> ${keyParam}::text)::float8 END)`;

const compileFilterSql = defineSql(
  'report-filter.compileFilter',
  { id: col.int, subject_uuid: col.text, option_uuid: col.text },
  `SELECT id, subject_uuid, option_uuid FROM option_keys WHERE project_id = $1 AND subject_uuid = ANY($2::text[]) AND option_uuid = ANY($3::text[])`,
);

/**
 * Compile the filter AST to a WHERE clause over `answer_sheets a` of one project. "chose" looks for the option's
 * stable integer id in the sheet's choice_options (migration 0098; an option nobody ever chose has no id: the
 * condition is false); number comparisons read the jsonb answer.
 */
export async function compileFilter(query: Query, projectId: number, filter: TReportFilter | undefined, p: Params): Promise<string> {
  const project = p.add(projectId);
  const parts = [`a.project_id = ${project}`];
  const scope = filter?.scope ?? 'valid';
  if (scope === 'valid') parts.push('a.status = 1');
  else if (scope === 'bin') parts.push('a.status = 0');
  if (!filter) return parts.join(' AND ');
  if (filter.from) parts.push(`a.created_at >= ${p.add(new Date(filter.from).toISOString())}::timestamptz`);
  if (filter.to) parts.push(`a.created_at <= ${p.add(new Date(filter.to).toISOString())}::timestamptz`);
  if (filter.sources?.length) parts.push(`a.source = ANY(${p.add(filter.sources)}::text[])`);
  if (filter.suspect === 'only') parts.push('a.suspect');
  else if (filter.suspect === 'exclude') parts.push('NOT a.suspect');
  if (filter.sheetIds) parts.push(`a.public_id = ANY(${p.add(filter.sheetIds)}::text[])`);
  if (filter.search) parts.push(await searchClause(query, projectId, filter.search, p));

  if (filter.conditions.length) {
    const chosen = filter.conditions.flatMap((c) => (c.op === 'chose' || c.op === 'notChose' ? [c] : []));
    const ids = new Map<string, number>();
    if (chosen.length) {
      const rows = await compileFilterSql.run(query, [projectId, chosen.map((c) => c.subject), chosen.map((c) => c.option)]);
      for (const r of rows) ids.set(`${r.subject_uuid}\u0001${r.option_uuid}`, r.id);
    }
    const conditions = filter.conditions.map((c) => {
      if (c.op === 'chose' || c.op === 'notChose') {
        const id = ids.get(`${c.subject}\u0001${c.option}`);
        const exists = id === undefined ? 'false' : `${p.add(id)}::int = ANY(a.choice_options)`;
        return c.op === 'chose' ? exists : `NOT ${exists}`;
      }
      const value = numericAnswer(p.add(c.subject));
      const op = c.op === 'greater' ? '>' : c.op === 'less' ? '<' : '=';
      return `${value} ${op} ${p.add(c.value)}::float8`;
    });
    parts.push(`(${conditions.join(filter.match === 'any' ? ' OR ' : ' AND ')})`);
  }
  return parts.join(' AND ');
}

/** `%text%` for ILIKE, with the pattern's own wildcards taken literally. */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

const searchClauseSql = defineSql(
  'report-filter.searchClause',
  { id: col.int },
  `SELECT k.id FROM option_keys k JOIN unnest($2::text[], $3::text[]) AS w(s, o) ON k.subject_uuid = w.s AND k.option_uuid = w.o WHERE k.project_id = $1`,
);

/**
 * The answer list's search: the sheet number, any written answer containing the text (the stored answers as
 * text, case-insensitive), or a chosen option whose title contains it (choices are stored by id, so the titles
 * are matched here and the sheets found by their choice_options).
 */
async function searchClause(query: Query, projectId: number, text: string, p: Params): Promise<string> {
  const needle = text.toLowerCase();
  const wanted: [string, string][] = [];
  for (const s of await listSubjects(query, projectId)) {
    for (const o of (s as { options?: { uuid: string; title: string }[] }).options ?? []) {
      if (
        o.title
          .replace(/<[^>]*>/g, '')
          .toLowerCase()
          .includes(needle)
      )
        wanted.push([s.uuid, o.uuid]);
    }
  }
  let ids: number[] = [];
  if (wanted.length) {
    const rows = await searchClauseSql.run(query, [projectId, wanted.map((w) => w[0]), wanted.map((w) => w[1])]);
    ids = rows.map((r) => r.id);
  }
  const chosen = ids.length ? ` OR a.choice_options && ${p.add(ids)}::int[]` : '';
  return `(a.public_id = ${p.add(text)} OR a.answers::text ILIKE ${p.add(likePattern(text))}${chosen})`;
}
