import path from 'node:path';
import type { Writable } from 'node:stream';
import { excel } from '../lazy-packages';
import type { TVoteExport } from '../../schemas/api/vote-extras-models';
import { formatProjectTime } from '../../schemas/project-time';
import { SUSPECT_REASONS } from '../../schemas/vote/vote-rules';
import type { Query } from '../db/client';
import { AppError } from '../services/errors';
import { safeCell } from '../services/report/report-export';
import { safeEntryName, uploadedFile, zipStream } from './zip-stream';
import { col, defineSql } from '../db/sql';

/**
 * The files of a vote's export jobs (activity/vote/download/*): Excel workbooks of the vote detail, the players'
 * statistics, or both with the groups' totals; a zip of the players' photos. Every text cell goes through safeCell
 * (reliability rule 6). Counts are the players' valid votes (the sum of their shards, as the ranking shows them).
 */
export interface VoteExportWork {
  query: Query;
  voteId: number;
  report: TVoteExport;
  out: Writable;
  progress: (share: number) => Promise<void>;
  uploadsDir: string;
}

type Cell = string | number;
const BATCH = 1_000;

const DETAIL_HEAD = ['序号', '选手编号', '选手名称', '投票人', '手机号', '投票时间', 'IP', 'IP属地', '设备', '是否有效', '是否可疑', '可疑原因'];
const PLAYER_HEAD = ['排名', '选手编号', '选手名称', '分组', '有效票数', '审核状态'];
const REVIEW: Record<string, string> = { approved: '已通过', pending: '待审核', rejected: '未通过' };

interface PlayerStat {
  no: number;
  name: string;
  type_name: string | null;
  votes: number;
  review: string;
  photo: string;
}

export async function playerStats(query: Query, voteId: number): Promise<PlayerStat[]> {
  const rows = await query<PlayerStat & { votes: string | number }>(
    `SELECT p.no, p.name, t.name AS type_name, p.review, p.photo, COALESCE((SELECT sum(n) FROM vote_player_counts c WHERE c.player_id = p.id), 0) AS votes
     FROM vote_players p LEFT JOIN vote_player_types t ON t.id = p.type_id WHERE p.vote_id = $1 ORDER BY votes DESC, p.no`,
    [voteId],
  );
  return rows.map((r) => ({ ...r, votes: Number(r.votes) }));
}

function playerRows(stats: PlayerStat[]): Cell[][] {
  let rank = 0;
  let last = -1;
  return stats.map((s, i) => {
    if (s.votes !== last) rank = i + 1;
    last = s.votes;
    return [rank, s.no, safeCell(s.name), safeCell(s.type_name ?? '未分组'), s.votes, REVIEW[s.review] ?? s.review];
  });
}

const detailRowsSql = defineSql(
  'vote-export.detailRows',
  {
    id: col.bigint,
    no: col.int,
    name: col.text,
    voter_key: col.text,
    phone: col.text.orNull(),
    created_at: col.timestamp,
    ip: col.text,
    ip_area: col.text,
    device: col.text,
    valid: col.bool,
    suspect: col.bool,
    suspect_reason: col.text.orNull(),
  },
  `SELECT b.id, p.no, p.name, b.voter_key, b.phone, b.created_at, b.ip, b.ip_area, b.device, b.valid, b.suspect, b.suspect_reason
       FROM vote_ballots b JOIN vote_players p ON p.id = b.player_id WHERE b.vote_id = $1 AND b.id > $2 ORDER BY b.id LIMIT $3`,
);

async function* detailRows(query: Query, voteId: number, onRows: (n: number) => Promise<void>): AsyncGenerator<Cell[]> {
  let last = 0;
  let n = 0;
  for (;;) {
    const rows = await detailRowsSql.run(query, [voteId, last, BATCH]);
    if (!rows.length) return;
    for (const r of rows) {
      n += 1;
      yield [
        n,
        r.no,
        safeCell(r.name),
        safeCell(r.voter_key),
        safeCell(r.phone ?? ''),
        formatProjectTime(r.created_at),
        safeCell(r.ip),
        safeCell(r.ip_area),
        safeCell(r.device),
        r.valid ? '有效' : '无效',
        r.suspect ? '是' : '否',
        r.suspect_reason ? (SUSPECT_REASONS[r.suspect_reason] ?? safeCell(r.suspect_reason)) : '',
      ];
    }
    last = Number(rows[rows.length - 1]!.id);
    await onRows(n);
  }
}

const ballotCountSql = defineSql('vote-export.ballotCount', { n: col.bigint }, 'SELECT count(*) AS n FROM vote_ballots WHERE vote_id = $1');

async function ballotCount(query: Query, voteId: number): Promise<number> {
  return Number((await ballotCountSql.run(query, [voteId]))[0]?.n ?? 0);
}

const groupRowsSql = defineSql(
  'vote-export.groupRows',
  { name: col.text.orNull(), players: col.bigint, votes: col.numeric },
  `SELECT t.name, count(*) AS players, COALESCE(sum((SELECT sum(n) FROM vote_player_counts c WHERE c.player_id = p.id)), 0) AS votes
     FROM vote_players p LEFT JOIN vote_player_types t ON t.id = p.type_id WHERE p.vote_id = $1 AND p.review = 'approved'
     GROUP BY t.id, t.name, t.sort ORDER BY t.sort NULLS LAST, t.id NULLS LAST`,
);

async function groupRows(query: Query, voteId: number): Promise<Cell[][]> {
  const rows = await groupRowsSql.run(query, [voteId]);
  return rows.map((r) => [safeCell(r.name ?? '未分组'), Number(r.players), Number(r.votes)]);
}

/** Write the job's file to `out` (ended here). */
export async function writeVoteExport(work: VoteExportWork): Promise<void> {
  if (work.report === 'playerFile') return writePlayerPhotos(work);
  const { query, voteId, out, progress } = work;
  const ExcelJS = await excel();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: false, useSharedStrings: false });
  const addSheet = (name: string, head: string[], rows: Cell[][]) => {
    const sheet = workbook.addWorksheet(name);
    sheet.addRow(head).commit();
    for (const row of rows) sheet.addRow(row).commit();
    sheet.commit();
  };
  if (work.report !== 'votingDetail') addSheet('选手统计', PLAYER_HEAD, playerRows(await playerStats(query, voteId)));
  if (work.report === 'allVoting') addSheet('分组统计', ['分组', '选手数', '有效票数'], await groupRows(query, voteId));
  if (work.report !== 'statisticsPlayer') {
    const total = Math.max(await ballotCount(query, voteId), 1);
    const sheet = workbook.addWorksheet('投票明细');
    sheet.addRow(DETAIL_HEAD).commit();
    for await (const row of detailRows(query, voteId, (n) => progress(Math.min(n / total, 1)))) sheet.addRow(row).commit();
    sheet.commit();
  }
  await workbook.commit();
}

/** The players' photos, named `<number>_<name>.<ext>`; photos that are gone or elsewhere are listed in a note. */
async function writePlayerPhotos(work: VoteExportWork): Promise<void> {
  const stats = (await playerStats(work.query, work.voteId)).sort((a, b) => a.no - b.no);
  const withPhoto = stats.filter((s) => s.photo);
  if (!withPhoto.length) throw new AppError('404', '选手都还没有上传照片，没有可打包的资料');
  const zip = zipStream(work.out);
  const missing: string[] = [];
  let files = 0;
  for (const [i, s] of withPhoto.entries()) {
    const found = await uploadedFile(work.uploadsDir, s.photo);
    if ('missing' in found) {
      missing.push(`${s.no}号 ${s.name}：${found.missing === 'gone' ? '照片文件已不存在' : '照片不在本站'}`);
      continue;
    }
    await zip.addFile(safeEntryName(`${String(s.no).padStart(3, '0')}_${s.name}${path.extname(found.file)}`), found.file);
    files += 1;
    await work.progress((i + 1) / withPhoto.length);
  }
  if (!files) throw new AppError('404', '选手照片文件都已不存在，没有可打包的资料');
  if (missing.length) zip.addNote('未能打包的照片.txt', missing);
  zip.end();
}
