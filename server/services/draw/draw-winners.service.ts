import type { TWinnerList } from '../../../schemas/api/draw';
import { col, defineSql } from '../../db/sql';
import { accessProject } from '../access/powers.service';
import type { AuthUser } from '../access/sessions.service';
import type { Deps } from '../deps';

const winnersSql = defineSql(
  'draw.winners',
  {
    prize_name: col.text,
    created_at: col.timestamp,
    sheet_public_id: col.text,
    contact_name: col.text.orNull(),
    contact_phone: col.text.orNull(),
    contact_address: col.text.orNull(),
    contact_at: col.timestamp.orNull(),
  },
  `SELECT r.prize_name, r.created_at, a.public_id AS sheet_public_id, r.contact_name, r.contact_phone, r.contact_address, r.contact_at
   FROM draw_records r JOIN answer_sheets a ON a.id = r.sheet_id
   WHERE r.project_id = $1 AND r.prize_name <> '' ORDER BY r.id DESC LIMIT $2 OFFSET $3`,
);
const countsSql = defineSql(
  'draw.winnerCounts',
  { total: col.int, drawn: col.int },
  `SELECT (count(*) FILTER (WHERE prize_name <> ''))::int AS total, count(*)::int AS drawn FROM draw_records WHERE project_id = $1`,
);

/** 中奖名单: the winners, newest first, with the contact each left (the creator's export takes every page). */
export async function getWinnerList(deps: Deps, user: AuthUser | null, input: { questionId: string; pageNo: number; pageSize: number }): Promise<TWinnerList> {
  const { project } = await accessProject(deps.database.query, user, input.questionId, 'report');
  const query = deps.database.query;
  const [counts] = await countsSql.run(query, [project.id]);
  const rows = await winnersSql.run(query, [project.id, input.pageSize, (input.pageNo - 1) * input.pageSize]);
  return {
    title: project.title,
    total: counts?.total ?? 0,
    drawn: counts?.drawn ?? 0,
    list: rows.map((r) => ({
      prizeName: r.prize_name,
      drawTime: r.created_at.toISOString(),
      sheetId: r.sheet_public_id,
      name: r.contact_name ?? '',
      phone: r.contact_phone ?? '',
      address: r.contact_address ?? '',
      contactTime: r.contact_at ? r.contact_at.toISOString() : null,
    })),
  };
}
