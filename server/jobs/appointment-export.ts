import type { Writable } from 'node:stream';
import { excel } from '../lazy-packages';
import { BOOKING_STATE_NAMES } from '../../schemas/appointment/booking-states';
import { formatProjectTime } from '../../schemas/project-time';
import type { Query } from '../db/client';
import type { AppointmentBookingRow } from '../db/rows';
import { dateText, readSchedule } from '../services/appointment/appointment-project.service';
import { rangeOf, statementOf } from '../services/appointment/appointment-statement.service';
import { safeCell } from '../services/report/report-export';
import { col, defineSql } from '../db/sql';

/**
 * An appointment project's bookings (export_jobs.report 'appointmentList'), two sheets: 预约记录, every booking by
 * date, slot and number with its booker, party, state, waiting position and cancel reason, times in Asia/Shanghai;
 * 每日统计, the statement's days (bookings by state, places taken and offered, fill rate). Text cells go through
 * safeCell (reliability rule 6).
 */
export const APPOINTMENT_LIST_HEAD = ['日期', '星期', '时段', '资源', '姓名', '手机号', '人数', '状态', '候补顺位', '取消原因', '预约时间', '最后修改时间'];
export const APPOINTMENT_DAY_HEAD = ['日期', '星期', '预约数', '待到店', '已到场', '爽约', '已取消', '候补中', '占用名额', '总名额', '满约率'];
const WEEKDAYS = ['', '周一', '周二', '周三', '周四', '周五', '周六', '周日'];
const BATCH = 1_000;

const writeAppointmentExportSql = defineSql(
  'appointment-export.writeAppointmentExport',
  { n: col.bigint },
  'SELECT count(*) AS n FROM appointment_bookings WHERE project_id = $1',
);
const writeAppointmentExportSql2 = defineSql(
  'appointment-export.writeAppointmentExport2',
  { id: col.int, title: col.text },
  'SELECT id, title FROM projects WHERE id = $1',
);

export async function writeAppointmentExport(work: {
  query: Query;
  projectId: number;
  out: Writable;
  progress: (share: number) => Promise<void>;
}): Promise<void> {
  const { query, projectId, out, progress } = work;
  const { schedule } = await readSchedule(query, projectId);
  const names = new Map((schedule?.resources ?? []).map((r) => [r.key, r.name]));
  const [count] = await writeAppointmentExportSql.run(query, [projectId]);
  const total = Math.max(Number(count?.n ?? 0), 1);
  const ExcelJS = await excel();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: false, useSharedStrings: false });
  const sheet = workbook.addWorksheet('预约记录');
  sheet.addRow(APPOINTMENT_LIST_HEAD).commit();
  let last: [string, string, string, number] = ['1900-01-01', '', '', -1];
  let slot = '';
  let waiting = 0;
  let n = 0;
  for (;;) {
    const rows = await query<AppointmentBookingRow>(
      `SELECT * FROM appointment_bookings WHERE project_id = $1 AND (slot_date, slot_start, resource_key, seq) > ($2::date, $3, $4, $5::int)
       ORDER BY slot_date, slot_start, resource_key, seq LIMIT $6`,
      [projectId, ...last, BATCH],
    );
    if (!rows.length) break;
    for (const r of rows) {
      const date = dateText(r.slot_date);
      const key = `${date}|${r.slot_start}|${r.resource_key}`;
      if (key !== slot) [slot, waiting] = [key, 0];
      if (r.state === 'waitlisted') waiting += 1;
      sheet
        .addRow([
          date,
          WEEKDAYS[new Date(`${date}T00:00:00Z`).getUTCDay() || 7],
          `${r.slot_start}-${r.slot_end}`,
          safeCell(names.get(r.resource_key) ?? r.resource_key),
          safeCell(r.name),
          r.phone,
          r.party_size,
          BOOKING_STATE_NAMES[r.state],
          r.state === 'waitlisted' ? waiting : '',
          safeCell(r.reason),
          formatProjectTime(r.created_at),
          formatProjectTime(r.updated_at),
        ])
        .commit();
    }
    n += rows.length;
    const end = rows[rows.length - 1]!;
    last = [dateText(end.slot_date), end.slot_start, end.resource_key, end.seq];
    await progress(Math.min(n / total, 1) * 0.9);
  }
  sheet.commit();

  const days = workbook.addWorksheet('每日统计');
  days.addRow(APPOINTMENT_DAY_HEAD).commit();
  if (schedule) {
    const [project] = await writeAppointmentExportSql2.run(query, [projectId]);
    const statement = await statementOf(query, project!, schedule, rangeOf(schedule, undefined, undefined));
    for (const d of statement.days) {
      if (!d.capacity && !d.bookings) continue;
      days
        .addRow([
          d.date,
          WEEKDAYS[d.weekday],
          d.bookings,
          d.booked,
          d.checkedIn,
          d.noShow,
          d.cancelled,
          d.waitlisted,
          d.people,
          d.capacity,
          `${Math.round(d.fillRate * 100)}%`,
        ])
        .commit();
    }
  }
  days.commit();
  await workbook.commit();
}
