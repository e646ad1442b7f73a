import type { Writable } from 'node:stream';
import { excel } from '../lazy-packages';
import { ENTRY_STATE_NAMES } from '../../schemas/chain/entry-states';
import { formatProjectTime } from '../../schemas/project-time';
import type { Query } from '../db/client';
import type { ChainEntryRow } from '../db/rows';
import { safeCell } from '../services/report/report-export';
import { col, defineSql } from '../db/sql';

/**
 * A sign-up chain's list (export_jobs.report 'chainList'): every entry in arrival order with its number as the
 * list shows it (joined entries 1…n, the waitlist 候补1…, none for those who left), its arrival order (which never
 * changes), real name, people, short answer, state (a removal with its reason) and times in Asia/Shanghai. Text
 * cells go through safeCell (reliability rule 6).
 */
export const CHAIN_LIST_HEAD = ['序号', '接龙顺序', '姓名', '人数', '备注', '状态', '移除原因', '接龙时间', '最后修改时间'];
const BATCH = 1_000;

const writeChainExportSql = defineSql('chain-export.writeChainExport', { n: col.bigint }, 'SELECT count(*) AS n FROM chain_entries WHERE project_id = $1');

export async function writeChainExport(work: { query: Query; projectId: number; out: Writable; progress: (share: number) => Promise<void> }): Promise<void> {
  const { query, projectId, out, progress } = work;
  const [count] = await writeChainExportSql.run(query, [projectId]);
  const total = Math.max(Number(count?.n ?? 0), 1);
  const ExcelJS = await excel();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: false, useSharedStrings: false });
  const sheet = workbook.addWorksheet('接龙名单');
  sheet.addRow(CHAIN_LIST_HEAD).commit();
  let last = -1;
  let n = 0;
  let joined = 0;
  let waiting = 0;
  for (;;) {
    const rows = await query<ChainEntryRow>('SELECT * FROM chain_entries WHERE project_id = $1 AND seq > $2 ORDER BY seq LIMIT $3', [projectId, last, BATCH]);
    if (!rows.length) break;
    for (const r of rows) {
      const place = r.state === 'joined' ? ++joined : r.state === 'waitlisted' ? `候补${++waiting}` : '';
      sheet
        .addRow([
          place,
          r.seq,
          safeCell(r.name),
          r.people,
          safeCell(r.answer),
          ENTRY_STATE_NAMES[r.state],
          r.state === 'removed' ? safeCell(r.reason) : '',
          formatProjectTime(r.created_at),
          formatProjectTime(r.updated_at),
        ])
        .commit();
    }
    n += rows.length;
    last = rows[rows.length - 1]!.seq;
    await progress(Math.min(n / total, 1));
  }
  sheet.commit();
  await workbook.commit();
}
