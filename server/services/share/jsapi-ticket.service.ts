import type { WechatJsapiTicketRow } from '../../db/rows';
import type { WechatOpen } from '../../providers/wechat-open';
import type { Deps } from '../deps';
import { tooMany } from '../errors';
import { authorizerAccessToken } from '../wechat/authorizers.service';
import { upstream } from '../wechat/component-token.service';

/**
 * The jsapi_ticket of a bound official account, shared by every process through wechat_jsapi_tickets: used while
 * it has more than five minutes left; otherwise one process claims the fetch (an INSERT … ON CONFLICT DO UPDATE
 * that only succeeds when nobody holds a live claim, held 30 s at most), asks cgi-bin/ticket/getticket with the
 * account's access token and stores the ticket with its expiry, while the others wait for the row instead of
 * asking WeChat too (its daily getticket quota is small, and each new ticket replaces the last).
 */
const MARGIN_MS = 5 * 60_000;
const CLAIM_MS = 30_000;
const WAIT_STEPS = 100;
const WAIT_STEP_MS = 100;

type Row = Pick<WechatJsapiTicketRow, 'ticket' | 'expires_at'>;
const fresh = (row: Row | undefined, now: Date): row is Row & { ticket: string } =>
  Boolean(row?.ticket && row.expires_at && new Date(row.expires_at).getTime() - MARGIN_MS > now.getTime());

async function readTicket(deps: Deps, authId: number): Promise<Row | undefined> {
  const [row] = await deps.database.query<Row>('SELECT ticket, expires_at FROM wechat_jsapi_tickets WHERE authorizer_id = $1', [authId]);
  return row;
}

const release = (deps: Deps, authId: number) => deps.database.query('UPDATE wechat_jsapi_tickets SET claim_until = NULL WHERE authorizer_id = $1', [authId]);

async function fetchTicket(deps: Deps, open: WechatOpen, owner: { userId: number; authId: number }): Promise<string> {
  try {
    const { accessToken } = await authorizerAccessToken(deps, owner.userId, owner.authId);
    const answer = await open.jsapiTicket(accessToken);
    await deps.database.query('UPDATE wechat_jsapi_tickets SET ticket = $2, expires_at = $3, claim_until = NULL WHERE authorizer_id = $1', [
      owner.authId,
      answer.ticket,
      new Date(deps.now().getTime() + answer.expiresIn * 1000),
    ]);
    return answer.ticket;
  } catch (error) {
    await release(deps, owner.authId);
    return upstream(error);
  }
}

export async function jsapiTicket(deps: Deps, open: WechatOpen, owner: { userId: number; authId: number }): Promise<string> {
  const now = deps.now();
  const row = await readTicket(deps, owner.authId);
  if (fresh(row, now)) return row.ticket;
  const [claimed] = await deps.database.query<Row>(
    `INSERT INTO wechat_jsapi_tickets (authorizer_id, claim_until) VALUES ($1, $2)
     ON CONFLICT (authorizer_id) DO UPDATE SET claim_until = excluded.claim_until
     WHERE wechat_jsapi_tickets.claim_until IS NULL OR wechat_jsapi_tickets.claim_until <= $3
     RETURNING ticket, expires_at`,
    [owner.authId, new Date(now.getTime() + CLAIM_MS), now],
  );
  if (claimed) {
    if (!fresh(claimed, now)) return fetchTicket(deps, open, owner);
    await release(deps, owner.authId);
    return claimed.ticket;
  }
  // Another process is fetching: take its ticket when it lands.
  for (let step = 0; step < WAIT_STEPS; step++) {
    await new Promise((resolve) => setTimeout(resolve, WAIT_STEP_MS));
    const again = await readTicket(deps, owner.authId);
    if (fresh(again, deps.now())) return again.ticket;
  }
  throw tooMany('微信分享签名正在获取，请稍后重试');
}
