import { DRAW_LIMITS, DRAW_MESSAGES, type TDrawSetting, type TPrizeSaved } from '../../../schemas/api/draw';
import type { Query } from '../../db/client';
import type { DrawPrizeRow, DrawSettingRow } from '../../db/tables-draw';
import { col, defineSql } from '../../db/sql';
import { accessProject } from '../access/powers.service';
import type { AuthUser } from '../access/sessions.service';
import { publicId } from '../crypto';
import { badInput } from '../errors';
import type { Deps } from '../deps';

const drawnSql = defineSql('draw.drawn', { n: col.int }, 'SELECT count(*)::int AS n FROM draw_records WHERE project_id = $1');

/** 答题抽奖's settings: the switch, the prizes with their stock, what is won, and how many sheets drew. */
export async function drawSettingOf(query: Query, projectId: number): Promise<TDrawSetting> {
  const [setting] = await query<Pick<DrawSettingRow, 'enabled'>>('SELECT enabled FROM draw_settings WHERE project_id = $1', [projectId]);
  const prizes = await query<DrawPrizeRow>('SELECT * FROM draw_prizes WHERE project_id = $1 ORDER BY sort, id', [projectId]);
  const [drawn] = await drawnSql.run(query, [projectId]);
  return {
    enabled: setting?.enabled ?? false,
    prizes: prizes.map((p) => ({ prizeId: p.public_id, name: p.name, image: p.image, stock: p.stock, won: p.won, permille: p.permille })),
    drawn: drawn?.n ?? 0,
  };
}

export async function getDrawSetting(deps: Deps, user: AuthUser | null, questionId: string): Promise<TDrawSetting> {
  const { project } = await accessProject(deps.database.query, user, questionId, 'read');
  return drawSettingOf(deps.database.query, project.id);
}

/**
 * Saves the switch and the prizes in one transaction: a prize named by its id is changed in place (its stock never
 * below what is already won, checked in the same UPDATE), a prize left out is deleted (its winners keep the prize's
 * name), a new one is added. The chances add up to at most 100%.
 */
export async function saveDrawSetting(
  deps: Deps,
  user: AuthUser | null,
  input: { questionId: string; enabled: boolean; prizes: TPrizeSaved[] },
): Promise<TDrawSetting> {
  const { project } = await accessProject(deps.database.query, user, input.questionId, 'edit');
  const total = input.prizes.reduce((sum, p) => sum + p.permille, 0);
  if (total > DRAW_LIMITS.permilleTotal) throw badInput(DRAW_MESSAGES.total, 'prizes');
  if (input.enabled && !input.prizes.length) throw badInput(DRAW_MESSAGES.noPrize, 'prizes');
  return deps.database.transaction(async (q) => {
    await q(
      `INSERT INTO draw_settings (project_id, enabled) VALUES ($1, $2)
       ON CONFLICT (project_id) DO UPDATE SET enabled = EXCLUDED.enabled, updated_at = now()`,
      [project.id, input.enabled],
    );
    const kept = input.prizes.flatMap((p) => (p.prizeId ? [p.prizeId] : []));
    await q('DELETE FROM draw_prizes WHERE project_id = $1 AND NOT (public_id = ANY($2::text[]))', [project.id, kept]);
    for (const [sort, prize] of input.prizes.entries()) await savePrize(q, project.id, sort, prize);
    return drawSettingOf(q, project.id);
  });
}

async function savePrize(q: Query, projectId: number, sort: number, prize: TPrizeSaved): Promise<void> {
  const values = [prize.name, prize.image, prize.stock, prize.permille, sort];
  if (!prize.prizeId) {
    await q('INSERT INTO draw_prizes (public_id, project_id, name, image, stock, permille, sort) VALUES ($6, $7, $1, $2, $3, $4, $5)', [
      ...values,
      publicId(),
      projectId,
    ]);
    return;
  }
  const changed = await q<Pick<DrawPrizeRow, 'id'>>(
    `UPDATE draw_prizes SET name = $1, image = $2, stock = $3, permille = $4, sort = $5
     WHERE project_id = $6 AND public_id = $7 AND won <= $3 RETURNING id`,
    [...values, projectId, prize.prizeId],
  );
  if (changed.length) return;
  const [row] = await q<Pick<DrawPrizeRow, 'won'>>('SELECT won FROM draw_prizes WHERE project_id = $1 AND public_id = $2', [projectId, prize.prizeId]);
  if (!row) throw badInput('奖品不存在，请刷新后重试', 'prizes');
  throw badInput(DRAW_MESSAGES.stockBelowWon(prize.name, row.won), 'prizes');
}
