import type { WechatJsapiTicketRow } from '../../db/rows';
import type { WechatOpen } from '../../providers/wechat-open';
import type { Deps } from '../deps';
import { tooMany } from '../errors';
import { authorizerAccessToken } from '../wechat/authorizers.service';
import { upstream } from '../wechat/component-token.service';
import { sharedCredential } from '../wechat/shared-credential';

type Row = Pick<WechatJsapiTicketRow, 'ticket' | 'expires_at'>;

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

/**
 * The jsapi_ticket of a bound official account, shared by every process through wechat_jsapi_tickets
 * (sharedCredential: one process fetches through cgi-bin/ticket/getticket, the others wait for the row; the claim is
 * an INSERT … ON CONFLICT DO UPDATE, the row being made by the first fetch).
 */
export function jsapiTicket(deps: Deps, open: WechatOpen, owner: { userId: number; authId: number }): Promise<string> {
  return sharedCredential<Row>({
    now: deps.now,
    read: () => readTicket(deps, owner.authId),
    value: (r) => r.ticket,
    expiresAt: (r) => r.expires_at,
    claim: async (until, now) =>
      (
        await deps.database.query<Row>(
          `INSERT INTO wechat_jsapi_tickets (authorizer_id, claim_until) VALUES ($1, $2)
           ON CONFLICT (authorizer_id) DO UPDATE SET claim_until = excluded.claim_until
           WHERE wechat_jsapi_tickets.claim_until IS NULL OR wechat_jsapi_tickets.claim_until <= $3
           RETURNING ticket, expires_at`,
          [owner.authId, until, now],
        )
      )[0],
    fetch: () => fetchTicket(deps, open, owner),
    release: async () => void (await release(deps, owner.authId)),
    waitSteps: 100,
    busy: () => tooMany('微信分享签名正在获取，请稍后重试'),
  });
}
