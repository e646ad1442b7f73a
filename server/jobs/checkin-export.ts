import type { Writable } from 'node:stream';
import { excel } from '../lazy-packages';
import { addDays, dayStatus, shanghaiDay, streaksOf, type TCheckInKind } from '../../schemas/checkin/days';
import { formatProjectTime } from '../../schemas/project-time';
import type { Query } from '../db/client';
import type { CheckInRecordRow } from '../db/rows';
import { readCheckIn, rulesOf } from '../services/checkin/checkin-project.service';
import { safeCell } from '../services/report/report-export';
import { col, defineSql } from '../db/sql';

/**
 * A check-in's record (export_jobs.report 'checkInList'), two sheets: 打卡记录, every check-in by day and time
 * (Asia/Shanghai) with its status, text, number and photo count; 成员统计, per participant their days, current and
 * longest streak and missed check-in days (from their first check-in until now, as their calendar shows them).
 * Text cells go through safeCell (reliability rule 6).
 */
export const CHECKIN_RECORD_HEAD = ['日期', '姓名', '打卡时间', '状态', '文字', '数量', '照片数'];
export const CHECKIN_MEMBER_HEAD = ['姓名', '打卡天数', '当前连续', '最长连续', '缺卡天数'];
export const CHECKIN_KIND_NAMES: Record<TCheckInKind, string> = { ontime: '准时', late: '迟到', makeup: '补卡' };
const BATCH = 1_000;

interface Member {
  name: string;
  days: Map<string, TCheckInKind>;
  first: string;
}

const writeCheckInExportSql = defineSql(
  'checkin-export.writeCheckInExport',
  { n: col.bigint },
  'SELECT count(*) AS n FROM checkin_records WHERE project_id = $1',
);

export async function writeCheckInExport(work: {
  query: Query;
  projectId: number;
  out: Writable;
  progress: (share: number) => Promise<void>;
  now: Date;
}): Promise<void> {
  const { query, projectId, out, progress, now } = work;
  const rules = rulesOf(await readCheckIn(query, projectId));
  const [count] = await writeCheckInExportSql.run(query, [projectId]);
  const total = Math.max(Number(count?.n ?? 0), 1);
  const ExcelJS = await excel();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: false, useSharedStrings: false });
  const sheet = workbook.addWorksheet('打卡记录');
  sheet.addRow(CHECKIN_RECORD_HEAD).commit();
  const members = new Map<string, Member>();
  let last = { day: '', id: 0 };
  let n = 0;
  for (;;) {
    const rows = await query<CheckInRecordRow>(`SELECT * FROM checkin_records WHERE project_id = $1 AND (day, id) > ($2, $3) ORDER BY day, id LIMIT $4`, [
      projectId,
      last.day,
      last.id,
      BATCH,
    ]);
    if (!rows.length) break;
    for (const r of rows) {
      sheet
        .addRow([r.day, safeCell(r.name), formatProjectTime(r.created_at), CHECKIN_KIND_NAMES[r.kind], safeCell(r.content), r.amount ?? '', r.photos.length])
        .commit();
      const member = members.get(r.participant) ?? { name: r.name, days: new Map(), first: r.day };
      member.days.set(r.day, r.kind);
      if (r.day < member.first) member.first = r.day;
      members.set(r.participant, member);
    }
    // Sorted by day then id, so the newest name is that of the participant's latest day's check-in.
    for (const r of rows) members.get(r.participant)!.name = r.name;
    n += rows.length;
    last = { day: rows[rows.length - 1]!.day, id: rows[rows.length - 1]!.id };
    await progress(Math.min(n / total, 1) * 0.9);
  }
  sheet.commit();

  const stats = workbook.addWorksheet('成员统计');
  stats.addRow(CHECKIN_MEMBER_HEAD).commit();
  const today = shanghaiDay(now);
  const until = rules.endDay !== null && rules.endDay < today ? rules.endDay : today;
  const rows = [...members.values()].map((m) => {
    const streaks = streaksOf(rules, m.days.keys(), now);
    let missed = 0;
    for (let day = m.first; day <= until; day = addDays(day, 1)) if (dayStatus(rules, day, m.days.get(day), now) === 'missed') missed += 1;
    return { name: m.name, ...streaks, missed };
  });
  rows.sort((a, b) => b.total - a.total || b.current - a.current || a.name.localeCompare(b.name, 'zh-CN'));
  for (const r of rows) stats.addRow([safeCell(r.name), r.total, r.current, r.longest, r.missed]).commit();
  stats.commit();
  await workbook.commit();
}
