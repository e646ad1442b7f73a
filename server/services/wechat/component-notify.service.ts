import { decryptMessage, verifyMsgSignature, xmlFields } from '../../providers/wechat-open-crypto';
import type { WechatOpen } from '../../providers/wechat-open';
import type { Deps } from '../deps';
import { storeTicket } from './component-token.service';

/**
 * The 授权事件接收URL (POST /wechat/component/notify): WeChat pushes, encrypted and signed, the
 * component_verify_ticket every ten minutes and the authorisation events (authorized, updateauthorized,
 * unauthorized). A push that is not signed with our token or does not decrypt for our AppID changes nothing.
 * WeChat expects the text `success` once a push is taken.
 */
export interface NotifyQuery {
  timestamp?: string;
  nonce?: string;
  msg_signature?: string;
}

export type NotifyOutcome = { status: 200; body: 'success' } | { status: 400 | 403 | 404; body: string };

export async function receiveComponentPush(deps: Deps, open: WechatOpen | null, query: NotifyQuery, body: string): Promise<NotifyOutcome> {
  if (!open) return { status: 404, body: 'wechat open platform not configured' };
  const encrypted = xmlFields(body).Encrypt;
  const { timestamp, nonce, msg_signature: signature } = query;
  if (!encrypted || !timestamp || !nonce || !signature) return { status: 400, body: 'bad push' };
  if (!verifyMsgSignature(open.config.token, { timestamp, nonce, signature }, encrypted)) return { status: 403, body: 'bad signature' };
  const plain = decryptMessage(open.config.aesKey, open.config.appId, encrypted);
  if (plain === null) return { status: 400, body: 'bad message' };
  const message = xmlFields(plain);
  if (message.AppId && message.AppId !== open.config.appId) return { status: 403, body: 'other platform' };
  switch (message.InfoType) {
    case 'component_verify_ticket':
      if (message.ComponentVerifyTicket) await storeTicket(deps, open.config.appId, message.ComponentVerifyTicket);
      break;
    case 'unauthorized':
      // The administrator cancelled in WeChat: every binding of that account stops, its tokens are dropped.
      if (message.AuthorizerAppid)
        await deps.database.query(
          `UPDATE wechat_authorizers SET status = 'unauthorized', access_token = NULL, access_token_expires_at = NULL, refresh_token = NULL, updated_at = $2
           WHERE authorizer_appid = $1`,
          [message.AuthorizerAppid, deps.now()],
        );
      break;
    default:
      // authorized / updateauthorized: the page's callback (getAuthorizerInfo) stores the binding with its user.
      break;
  }
  return { status: 200, body: 'success' };
}
