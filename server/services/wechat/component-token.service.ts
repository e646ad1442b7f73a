import { COMPONENT_MESSAGES } from '../../../schemas/api/component';
import type { WechatComponentRow } from '../../db/rows';
import { WechatOpenError, type WechatOpen } from '../../providers/wechat-open';
import type { Deps } from '../deps';
import { AppError, conflict } from '../errors';
import { sharedCredential } from './shared-credential';

/** The component access token, shared by every process through wechat_component (sharedCredential). */
type Row = Pick<WechatComponentRow, 'verify_ticket' | 'access_token' | 'token_expires_at'>;
/** What the token needs of the app: its database and clock. */
type TokenDeps = Pick<Deps, 'database' | 'now'>;

/** WeChat's refusal as the envelope's answer (never a 500: the platform is outside our control). */
export const upstream = (error: unknown): never => {
  if (error instanceof WechatOpenError) throw conflict(error.message, { errcode: error.errcode });
  throw error;
};

async function readState(deps: TokenDeps, appId: string): Promise<Row | undefined> {
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

async function refresh(deps: TokenDeps, open: WechatOpen, ticket: string): Promise<string> {
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
    await releaseClaim(deps, appId);
    return upstream(error);
  }
}

const releaseClaim = (deps: TokenDeps, appId: string) =>
  deps.database.query('UPDATE wechat_component SET refresh_claim_until = NULL WHERE app_id = $1', [appId]);

export async function componentAccessToken(deps: TokenDeps, open: WechatOpen): Promise<string> {
  const appId = open.config.appId;
  return sharedCredential<Row>({
    now: deps.now,
    read: () => readState(deps, appId),
    value: (r) => r.access_token,
    expiresAt: (r) => r.token_expires_at,
    claim: async (until, now) =>
      (
        await deps.database.query<Row>(
          `UPDATE wechat_component SET refresh_claim_until = $2 WHERE app_id = $1 AND (refresh_claim_until IS NULL OR refresh_claim_until <= $3)
           RETURNING verify_ticket, access_token, token_expires_at`,
          [appId, until, now],
        )
      )[0],
    fetch: (claimed) => refresh(deps, open, claimed.verify_ticket!),
    release: async () => void (await releaseClaim(deps, appId)),
    cannotFetch: (row) => (row?.verify_ticket ? null : new AppError('409', COMPONENT_MESSAGES.noTicket)),
    waitSteps: 50,
    busy: () => new AppError('429', COMPONENT_MESSAGES.refreshing),
  });
}
