import type { CellValue } from 'exceljs';
import { excel } from '../../lazy-packages';
import type { TPlayerRow } from '../../../schemas/api/vote-player';
import type { Database } from '../../db/client';
import { badInput } from '../errors';
import type { AuthUser } from '../access/sessions.service';
import { ensureTypes } from './player-types.service';
import { checkType, insertPlayers, type PlayerInput } from './players.service';
import { accessVote } from './vote-access.service';
import { cleanImage, cleanMediaUrl, cleanRich, cleanTitle } from './vote-text';

const MAX_ROWS = 2_000;
const HEADERS: Record<string, keyof TPlayerRow> = {
  名称: 'name',
  姓名: 'name',
  选手名称: 'name',
  选手: 'name',
  图片: 'photo',
  照片: 'photo',
  介绍: 'description',
  简介: 'description',
  描述: 'description',
  分组: 'typeName',
  视频: 'videoUrl',
  音频: 'audioUrl',
};

const cellText = (value: CellValue): string => {
  if (value === null || value === undefined) return '';
  if (typeof value === 'object' && 'richText' in value) return value.richText.map((r) => r.text).join('');
  if (typeof value === 'object' && 'text' in value) return String(value.text);
  if (typeof value === 'object' && 'result' in value) return String(value.result ?? '');
  return String(value);
};

/** The rows of an .xlsx (base64): the first sheet, its first row naming the columns (名称/姓名 required). */
export async function readPlayerXlsx(base64: string): Promise<TPlayerRow[]> {
  const ExcelJS = await excel();
  const book = new ExcelJS.Workbook();
  try {
    await book.xlsx.load(Buffer.from(base64, 'base64') as unknown as ArrayBuffer);
  } catch {
    throw badInput('无法读取Excel文件，请上传.xlsx格式的文件', 'xlsx');
  }
  const sheet = book.worksheets[0];
  if (!sheet) throw badInput('Excel文件中没有工作表', 'xlsx');
  const columns = new Map<number, keyof TPlayerRow>();
  sheet.getRow(1).eachCell((cell, col) => {
    const field = HEADERS[cellText(cell.value).trim()];
    if (field) columns.set(col, field);
  });
  if (![...columns.values()].includes('name')) throw badInput('Excel第一行须有"名称"或"姓名"列', 'xlsx');
  const rows: TPlayerRow[] = [];
  for (let r = 2; r <= sheet.rowCount; r++) {
    const row: Record<string, string> = {};
    for (const [col, field] of columns) row[field] = cellText(sheet.getRow(r).getCell(col).value).trim();
    if (!row.name) continue;
    rows.push({
      name: row.name.slice(0, 50),
      photo: row.photo ?? '',
      description: row.description ?? '',
      videoUrl: row.videoUrl ?? '',
      audioUrl: row.audioUrl ?? '',
      typeName: row.typeName || undefined,
    });
    if (rows.length > MAX_ROWS) throw badInput('一次最多导入2000位选手', 'xlsx');
  }
  if (!rows.length) throw badInput('Excel中没有选手', 'xlsx');
  return rows;
}

/** batchAddPlayer: rows (or the rows of an .xlsx), numbered in order; named groups are found or created. */
export async function addPlayerRows(database: Database, user: AuthUser, voteId: string, input: { rows?: TPlayerRow[]; xlsx?: string }) {
  const rows = input.xlsx ? await readPlayerXlsx(input.xlsx) : (input.rows ?? []);
  return database.transaction(async (query) => {
    const { vote } = await accessVote(query, user, voteId, { lock: true });
    const types = await ensureTypes(
      query,
      vote.id,
      rows.flatMap((r) => (r.typeName ? [r.typeName] : [])),
    );
    const players: PlayerInput[] = rows.map((r) => ({ ...r, typeId: r.typeName ? (types.get(cleanTitle(r.typeName)) ?? null) : null }));
    const added = await insertPlayers(query, vote.id, players);
    return { added: added.length, players: added.map((p) => ({ playerId: p.public_id, no: p.no, name: p.name })) };
  });
}

/** batchNameAddPlayer: one player per pasted line; empty lines skipped. */
export async function addPlayerNames(database: Database, user: AuthUser, voteId: string, names: string, typeId: number | null) {
  const list = names
    .split(/\r?\n/)
    .map((n) => n.trim())
    .filter(Boolean);
  if (!list.length) throw badInput('请粘贴选手名称，每行一个', 'names');
  if (list.length > MAX_ROWS) throw badInput('一次最多添加2000位选手', 'names');
  if (list.some((n) => n.length > 50)) throw badInput('选手名称最多50个字', 'names');
  return database.transaction(async (query) => {
    const { vote } = await accessVote(query, user, voteId, { lock: true });
    await checkType(query, vote.id, typeId);
    const added = await insertPlayers(
      query,
      vote.id,
      list.map((name) => ({ name, photo: '', description: '', videoUrl: '', audioUrl: '', typeId })),
    );
    return { added: added.length, players: added.map((p) => ({ playerId: p.public_id, no: p.no, name: p.name })) };
  });
}

type UpdateRow = { no?: number; name: string; newName?: string; photo?: string; description?: string; videoUrl?: string; audioUrl?: string };

/** updatePlayerByNoOrName: each row finds its player by number when given, else by name, and changes the fields it carries. */
export async function updateByNoOrName(database: Database, user: AuthUser, voteId: string, rows: UpdateRow[]) {
  return database.transaction(async (query) => {
    const { vote } = await accessVote(query, user, voteId, { lock: true });
    let updated = 0;
    const missing: string[] = [];
    for (const r of rows) {
      const hit = await query(
        `UPDATE vote_players SET name = coalesce($4, name), photo = coalesce($5, photo), description = coalesce($6, description),
           video_url = coalesce($7, video_url), audio_url = coalesce($8, audio_url), updated_at = now()
         WHERE vote_id = $1 AND CASE WHEN $2::int IS NULL THEN name = $3::text ELSE no = $2::int END RETURNING id`,
        [
          vote.id,
          r.no ?? null,
          r.name,
          r.newName !== undefined ? cleanTitle(r.newName, '选手名称') : null,
          r.photo !== undefined ? cleanImage(r.photo) : null,
          r.description !== undefined ? cleanRich(r.description) : null,
          r.videoUrl !== undefined ? cleanMediaUrl(r.videoUrl) : null,
          r.audioUrl !== undefined ? cleanMediaUrl(r.audioUrl) : null,
        ],
      );
      if (hit.length) updated += hit.length;
      else missing.push(r.no !== undefined ? `${r.no}号 ${r.name}` : r.name);
    }
    return { updated, missing };
  });
}
