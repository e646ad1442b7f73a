import { randomInt } from 'node:crypto';
import {
  WHITE_CODE_ALPHABET,
  WHITE_CODE_LENGTH,
  WHITE_MAX_ENTRIES,
  WHITE_MESSAGES,
  type TWhiteAddResult,
  type TWhiteEntry,
  type TWhiteMode,
} from '../../../schemas/api/whitelist';
import { ZProjectSettings } from '../../../schemas/api/settings';
import type { TWhiteRead, TWhiteRow } from '../../../schemas/whitelist/white-rules';
import { lineCells, nameRow, phoneRow } from '../../../schemas/whitelist/white-rules';
import type { Database, Query } from '../../db/client';
import type { ProjectRow } from '../../db/rows';
import { col, defineSql } from '../../db/sql';
import { accessProject } from '../access/powers.service';
import type { AuthUser } from '../access/sessions.service';
import { badInput } from '../errors';

/**
 * The creator's 答题白名单 (/whiteUser.html, activity/question/white/*): entries are rows of whitelist_entries
 * (migration 0077) in the project's current mode; reading needs power 1–3, changing 1–2.
 */
export interface WhiteEntryRow {
  id: number;
  mode: TWhiteMode;
  phone: string;
  name: string;
  field: string;
  key: string;
  answer_count: number;
  answered_at: Date | null;
  sheet_public_id: string | null;
  created_at: Date;
  total?: string | number;
}

export const whiteSettingsOf = (project: Pick<ProjectRow, 'settings'>) => {
  const s = ZProjectSettings.parse(project.settings ?? {});
  return { enabled: s.whitelistEnabled, mode: s.whitelistMode, fieldLabel: s.whitelistFieldLabel, answersPerEntry: s.whitelistAnswers };
};

export function entryView(r: WhiteEntryRow): TWhiteEntry {
  return {
    whiteId: String(r.id),
    mode: r.mode,
    phone: r.phone,
    name: r.name,
    field: r.field,
    code: r.mode === 'code' ? r.key : '',
    answerCount: r.answer_count,
    answeredAt: r.answered_at ? new Date(r.answered_at).toISOString() : null,
    sheetId: r.sheet_public_id,
    createTime: new Date(r.created_at).toISOString(),
  };
}

const countsSql = defineSql(
  'white-entries.counts',
  { total: col.bigint, answered: col.bigint },
  'SELECT count(*) AS total, count(*) FILTER (WHERE answer_count > 0) AS answered FROM whitelist_entries WHERE project_id = $1 AND mode = $2',
);

export async function entryCounts(query: Query, projectId: number, mode: TWhiteMode): Promise<{ total: number; answered: number }> {
  const [row] = await countsSql.run(query, [projectId, mode]);
  return { total: Number(row?.total ?? 0), answered: Number(row?.answered ?? 0) };
}

/** What /whiteUser.html opens with: the switch, the mode and how the list stands. */
export async function whiteSetting(query: Query, user: AuthUser | null, questionId: string) {
  const { project } = await accessProject(query, user, questionId, 'read');
  const setting = whiteSettingsOf(project);
  return { ...setting, ...(await entryCounts(query, project.id, setting.mode)) };
}

const ENTRY_COLUMNS = `e.id, e.mode, e.phone, e.name, e.field, e.key, e.answer_count, e.answered_at, s.public_id AS sheet_public_id, e.created_at`;
const escapeLike = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** One page of the current mode's entries, newest first; a keyword matches phone, name, field or code; a status filters 已作答/未作答. */
export async function whitePage(
  query: Query,
  user: AuthUser | null,
  body: { questionId: string; keyword?: string; status: 'all' | 'answered' | 'unanswered'; page: number; pageSize: number },
) {
  const { project } = await accessProject(query, user, body.questionId, 'read');
  const { mode } = whiteSettingsOf(project);
  const like = body.keyword ? escapeLike(body.keyword.toUpperCase()) : null;
  const rows = await query<WhiteEntryRow>(
    `SELECT ${ENTRY_COLUMNS}, count(*) OVER () AS total
       FROM whitelist_entries e LEFT JOIN answer_sheets s ON s.id = e.sheet_id
      WHERE e.project_id = $1 AND e.mode = $2
        AND ($3::text IS NULL OR e.phone LIKE $3 OR upper(e.name) LIKE $3 OR upper(e.field) LIKE $3 OR (e.mode = 'code' AND e.key LIKE $3))
        AND ($4 = 'all' OR ($4 = 'answered') = (e.answer_count > 0))
      ORDER BY e.id DESC LIMIT $5 OFFSET $6`,
    [project.id, mode, like, body.status, body.pageSize, (body.page - 1) * body.pageSize],
  );
  return { list: rows.map(entryView), total: Number(rows[0]?.total ?? 0) };
}

/** Every entry of the current mode (the export), oldest first. */
export async function allEntries(query: Query, projectId: number, mode: TWhiteMode): Promise<WhiteEntryRow[]> {
  return query<WhiteEntryRow>(
    `SELECT ${ENTRY_COLUMNS} FROM whitelist_entries e LEFT JOIN answer_sheets s ON s.id = e.sheet_id
      WHERE e.project_id = $1 AND e.mode = $2 ORDER BY e.id LIMIT $3`,
    [projectId, mode, WHITE_MAX_ENTRIES],
  );
}

/** Read rows (numbered as the creator sees them), then store the good ones once each. */
export async function addRows(
  database: Database,
  user: AuthUser | null,
  questionId: string,
  read: (mode: TWhiteMode, fieldLabel: string) => { line: number; text: string; read: TWhiteRead }[],
): Promise<TWhiteAddResult> {
  return database.transaction(async (query) => {
    const { project } = await accessProject(query, user, questionId, 'edit', {});
    const { mode, fieldLabel } = whiteSettingsOf(project);
    if (mode === 'code') throw badInput(WHITE_MESSAGES.codesOnly, 'mode');
    const lines = read(mode, fieldLabel);
    const invalid = lines.flatMap((l) => (l.read.ok ? [] : [{ line: l.line, text: l.text.slice(0, 60), message: l.read.message }]));
    const rows = lines.flatMap((l) => (l.read.ok ? [l.read.row] : []));
    const added = await insertRows(query, project.id, mode, rows);
    return { added, duplicates: rows.length - added, invalid: invalid.slice(0, 200), total: (await entryCounts(query, project.id, mode)).total };
  });
}

/** One INSERT … ON CONFLICT DO NOTHING: a key already listed, or repeated in the batch, counts once. */
async function insertRows(query: Query, projectId: number, mode: TWhiteMode, rows: readonly TWhiteRow[]): Promise<number> {
  if (!rows.length) return 0;
  const { total } = await entryCounts(query, projectId, mode);
  if (total + rows.length > WHITE_MAX_ENTRIES) throw badInput(WHITE_MESSAGES.tooManyEntries);
  const inserted = await query(
    `INSERT INTO whitelist_entries (project_id, mode, key, phone, name, field)
     SELECT $1, $2, x->>'key', x->>'phone', x->>'name', x->>'field' FROM jsonb_array_elements($3::jsonb) WITH ORDINALITY AS e(x, i) ORDER BY i
     ON CONFLICT (project_id, mode, key) DO NOTHING RETURNING id`,
    [projectId, mode, JSON.stringify(rows)],
  );
  return inserted.length;
}

/** batchAddWhite: pasted lines, numbered from 1; blank lines skipped. */
export function batchAddWhite(database: Database, user: AuthUser | null, body: { questionId: string; lines: string[] }) {
  return addRows(database, user, body.questionId, (mode, fieldLabel) =>
    body.lines.flatMap((text, i) =>
      text.trim() ? [{ line: i + 1, text, read: mode === 'phone' ? phoneRow(text) : nameRow(lineCells(text), fieldLabel) }] : [],
    ),
  );
}

/** A random code of the unambiguous alphabet. */
export const newCode = (): string => Array.from({ length: WHITE_CODE_LENGTH }, () => WHITE_CODE_ALPHABET[randomInt(WHITE_CODE_ALPHABET.length)]).join('');

/** createWhiteCodes: N new one-time access codes (a clash with an existing code is drawn again). */
export async function createWhiteCodes(database: Database, user: AuthUser | null, body: { questionId: string; count: number }): Promise<TWhiteAddResult> {
  return database.transaction(async (query) => {
    const { project } = await accessProject(query, user, body.questionId, 'edit');
    if (whiteSettingsOf(project).mode !== 'code') throw badInput(WHITE_MESSAGES.notCodes, 'mode');
    let added = 0;
    for (let round = 0; added < body.count && round < 5; round++) {
      const codes = Array.from({ length: body.count - added }, newCode);
      added += await insertRows(
        query,
        project.id,
        'code',
        codes.map((key) => ({ key, phone: '', name: '', field: '' })),
      );
    }
    return { added, duplicates: 0, invalid: [], total: (await entryCounts(query, project.id, 'code')).total };
  });
}

/** batchDelWhite: the chosen entries of the current mode, or all of them (their sheets stay). */
export async function batchDelWhite(query: Query, user: AuthUser | null, body: { questionId: string; whiteIds?: string[]; all?: true }) {
  const { project } = await accessProject(query, user, body.questionId, 'edit');
  const { mode } = whiteSettingsOf(project);
  const ids = (body.whiteIds ?? []).map(Number).filter((n) => Number.isInteger(n) && n > 0 && n < 2_147_483_647);
  const rows = body.all
    ? await query('DELETE FROM whitelist_entries WHERE project_id = $1 AND mode = $2 RETURNING id', [project.id, mode])
    : await query('DELETE FROM whitelist_entries WHERE project_id = $1 AND id = ANY($2::int[]) RETURNING id', [project.id, ids]);
  return { deleted: rows.length };
}
