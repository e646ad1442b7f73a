import { randomInt } from 'node:crypto';
import { DRAW_MESSAGES, type TDrawInfo, type TDrawOutcome } from '../../../schemas/api/draw';
import type { Query } from '../../db/client';
import type { DrawPrizeRow, DrawRecordRow, DrawSettingRow } from '../../db/tables-draw';
import { AppError, conflict } from '../errors';
import type { Deps } from '../deps';
import { provenSheet, type ProvenSheet, type SheetProofInput } from './sheet-proof.service';

/**
 * How a draw takes one of a prize's places. `prepare` runs before the draw's transaction (a naive strategy reads
 * there, as a hand-rolled check would); `take` runs inside it. The exact one is one conditional UPDATE.
 */
export interface DrawStockStrategy {
  prepare(query: Query, prizeId: number): Promise<{ take(q: Query, prizeId: number): Promise<boolean> }>;
}

export const exactDrawStock: DrawStockStrategy = {
  async prepare() {
    return {
      take: async (q, prizeId) =>
        (await q<Pick<DrawPrizeRow, 'id'>>('UPDATE draw_prizes SET won = won + 1 WHERE id = $1 AND won < stock RETURNING id', [prizeId])).length > 0,
    };
  },
};

type OutcomeRow = Pick<DrawRecordRow, 'prize_id' | 'prize_name' | 'contact_at'> & { image: string | null };

const outcomeOf = (row: OutcomeRow): TDrawOutcome => ({
  won: row.prize_id !== null || row.prize_name !== '',
  prizeName: row.prize_name,
  prizeImage: row.image ?? '',
  contactSaved: row.contact_at !== null,
});

async function outcomeOfSheet(query: Query, sheetId: number): Promise<TDrawOutcome | null> {
  const [row] = await query<OutcomeRow>(
    `SELECT r.prize_id, r.prize_name, r.contact_at, p.image FROM draw_records r LEFT JOIN draw_prizes p ON p.id = r.prize_id WHERE r.sheet_id = $1`,
    [sheetId],
  );
  return row ? outcomeOf(row) : null;
}

async function openDraw(deps: Deps, input: SheetProofInput): Promise<ProvenSheet> {
  const sheet = await provenSheet(deps.database.query, deps.secret, input, DRAW_MESSAGES.noSheet);
  const [setting] = await deps.database.query<Pick<DrawSettingRow, 'enabled'>>('SELECT enabled FROM draw_settings WHERE project_id = $1', [sheet.project.id]);
  if (!setting?.enabled) throw new AppError('403', DRAW_MESSAGES.closed);
  return sheet;
}

/** The result screen's card: the prizes on offer (never their stock) and this sheet's draw, if it drew. */
export async function drawInfo(deps: Deps, input: SheetProofInput): Promise<TDrawInfo> {
  const sheet = await provenSheet(deps.database.query, deps.secret, input, DRAW_MESSAGES.noSheet);
  const [setting] = await deps.database.query<Pick<DrawSettingRow, 'enabled'>>('SELECT enabled FROM draw_settings WHERE project_id = $1', [sheet.project.id]);
  const outcome = await outcomeOfSheet(deps.database.query, sheet.id);
  if (!setting?.enabled) return { enabled: false, prizes: [], outcome };
  const prizes = await deps.database.query<Pick<DrawPrizeRow, 'name' | 'image'>>(
    'SELECT name, image FROM draw_prizes WHERE project_id = $1 ORDER BY sort, id',
    [sheet.project.id],
  );
  return { enabled: true, prizes, outcome };
}

/** A prize by its chance in ‰ (the rest of 1000 is 未中奖), from a uniform draw on the server. */
export function pickPrize<P extends { permille: number }>(prizes: readonly P[], roll: number): P | null {
  let upTo = 0;
  for (const prize of prizes) {
    upTo += prize.permille;
    if (roll < upTo) return prize;
  }
  return null;
}

/**
 * 抽奖: one draw per valid sheet (draw_records' unique sheet), the prize chosen here, its place taken by the
 * strategy in the same transaction; a prize whose stock is gone is 未中奖, never an extra winner.
 */
export async function luckyDraw(deps: Deps, input: SheetProofInput, strategy: DrawStockStrategy = exactDrawStock): Promise<TDrawOutcome> {
  const sheet = await openDraw(deps, input);
  if (await outcomeOfSheet(deps.database.query, sheet.id)) throw conflict(DRAW_MESSAGES.drawn);
  const prizes = await deps.database.query<Pick<DrawPrizeRow, 'id' | 'name' | 'image' | 'permille'>>(
    'SELECT id, name, image, permille FROM draw_prizes WHERE project_id = $1 ORDER BY sort, id',
    [sheet.project.id],
  );
  const prize = pickPrize(prizes, randomInt(1000));
  const taker = prize ? await strategy.prepare(deps.database.query, prize.id) : null;
  return deps.database.transaction(async (q) => {
    const claimed = await q<Pick<DrawRecordRow, 'id'>>(
      'INSERT INTO draw_records (project_id, sheet_id) VALUES ($1, $2) ON CONFLICT (sheet_id) DO NOTHING RETURNING id',
      [sheet.project.id, sheet.id],
    );
    if (!claimed.length) throw conflict(DRAW_MESSAGES.drawn);
    const won = prize && taker ? await taker.take(q, prize.id) : false;
    if (!won || !prize) return { won: false, prizeName: '', prizeImage: '', contactSaved: false };
    await q('UPDATE draw_records SET prize_id = $2, prize_name = $3 WHERE id = $1', [claimed[0]!.id, prize.id, prize.name]);
    return { won: true, prizeName: prize.name, prizeImage: prize.image, contactSaved: false };
  });
}

/** 领奖信息: only a winning sheet leaves a contact; it may correct it later. */
export async function saveWinnerContact(deps: Deps, input: SheetProofInput & { name: string; phone: string; address: string }): Promise<TDrawOutcome> {
  const sheet = await provenSheet(deps.database.query, deps.secret, input, DRAW_MESSAGES.noSheet);
  const saved = await deps.database.query<Pick<DrawRecordRow, 'id'>>(
    `UPDATE draw_records SET contact_name = $2, contact_phone = $3, contact_address = $4, contact_at = $5
     WHERE sheet_id = $1 AND prize_name <> '' RETURNING id`,
    [sheet.id, input.name, input.phone, input.address, deps.now()],
  );
  if (!saved.length) throw new AppError('403', DRAW_MESSAGES.notWinner);
  return (await outcomeOfSheet(deps.database.query, sheet.id))!;
}
