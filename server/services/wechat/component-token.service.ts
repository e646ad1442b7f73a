import { COMPONENT_MESSAGES } from '../../../schemas/api/component';
import type { WechatComponentRow } from '../../db/rows';
import { WechatOpenError, type WechatOpen } from '../../providers/wechat-open';
import type { Deps } from '../deps';
import { AppError, conflict } from '../errors';

/**
 * The component access token, shared by every process through wechat_component: used while it has more than
 * five minutes left; otherwise one process claims the refresh (a conditional UPDATE, held 30 s at most), asks
 * WeChat with the last pushed component_verify_ticket and stores the token with its expiry, while the others
 * wait briefly for it instead of asking WeChat too (each new token would cut the old one's life short).
 */
const MARGIN_MS = 5 * 60_000;
const CLAIM_MS = 30_000;
const WAIT_STEPS = 50;
const WAIT_STEP_MS = 100;

type Row = Pick<WechatComponentRow, 'verify_ticket' | 'access_token' | 'token_expires_at'>;
const fresh = (row: Row | undefined, now: Date): row is Row & { access_token: string } =>
  Boolean(row?.access_token && row.token_expires_at && new Date(row.token_expires_at).getTime() - MARGIN_MS > now.getTime());

/** WeChat's refusal as the envelope's answer (never a 500: the platform is outside our control). */
export const upstream = (error: unknown): never => {
  if (error instanceof WechatOpenError) throw conflict(error.message, { errcode: error.errcode });
  throw error;
};

async function readState(deps: Deps, appId: string): Promise<Row | undefined> {
  const [row] = await deps.database.query<Row>('SELECT verify_ticket, access_token, token_expires_at FROM wechat_component WHERE app_id = $1', [appId]);
  return row;
}

/** Records the ticket WeChat pushed (every ten minutes); a push never moves the stored one backwards. */
export async function storeTicket(deps: Deps, appId: string, ticket: string): Promise<void> {
  await deps.database.query(
    `INSERT INTO wechat_component (app_id, verify_ticket, ticket_at) VALUES ($1, $2, $3)
     ON CONFLICT (app_id) DO UPDATE SET verify_ticket = excluded.verify_ticket, ticket_at = excluded.ticket_at
     WHERE wechat_component.ticket_at IS NULL OR wechat_component.ticket_at <= excluded.ticket_at`,
    [appId, ticket, deps.now()],
  );
}

async function refresh(deps: Deps, open: WechatOpen, ticket: string): Promise<string> {
  const appId = open.config.appId;
  try {
    const answer = await open.componentToken(ticket);
    const expires = new Date(deps.now().getTime() + answer.expiresIn * 1000);
    await deps.database.query('UPDATE wechat_component SET access_token = $2, token_expires_at = $3, refresh_claim_until = NULL WHERE app_id = $1', [
      appId,
      answer.token,
      expires,
    ]);
    return answer.token;
  } catch (error) {
    await deps.database.query('UPDATE wechat_component SET refresh_claim_until = NULL WHERE app_id = $1', [appId]);
    return upstream(error);
  }
}

export async function componentAccessToken(deps: Deps, open: WechatOpen): Promise<string> {
  const appId = open.config.appId;
  const now = deps.now();
  const row = await readState(deps, appId);
  if (fresh(row, now)) return row.access_token;
  if (!row?.verify_ticket) throw new AppError('409', COMPONENT_MESSAGES.noTicket);
  const [claimed] = await deps.database.query<Row>(
    `UPDATE wechat_component SET refresh_claim_until = $2 WHERE app_id = $1 AND (refresh_claim_until IS NULL OR refresh_claim_until <= $3)
     RETURNING verify_ticket, access_token, token_expires_at`,
    [appId, new Date(now.getTime() + CLAIM_MS), now],
  );
  if (claimed) {
    if (!fresh(claimed, now)) return refresh(deps, open, claimed.verify_ticket!);
    await deps.database.query('UPDATE wechat_component SET refresh_claim_until = NULL WHERE app_id = $1', [appId]);
    return claimed.access_token;
  }
  // Another process is refreshing: take its token when it lands.
  for (let step = 0; step < WAIT_STEPS; step++) {
    await new Promise((resolve) => setTimeout(resolve, WAIT_STEP_MS));
    const again = await readState(deps, appId);
    if (fresh(again, deps.now())) return again.access_token;
  }
  throw new AppError('429', COMPONENT_MESSAGES.refreshing);
}
