import { GROUP_BUY_MESSAGES } from '../../../schemas/api/groupbuy';
import { QUESTION_TYPE } from '../../../schemas/project-kinds';
import type { AuthUser } from '../access/sessions.service';
import { chainParticipant, solitaireWechat } from '../chain/chain-wechat.service';
import type { Deps } from '../deps';
import { buyerOf } from './submit-capacity.service';

/** Who buys with a sheet: stored on the order, and the key of the per-person limits. */
export interface SheetBuyer {
  user: number | null;
  device: string;
  /** `w:<openid>` on a 仅限微信授权参与 group-buy, else null. */
  participant: string | null;
  /** The per-person limits' buyer key (submit-capacity.service.ts buyerStockKey). */
  perPerson: string;
}

/**
 * The buyer of a sheet (issue 47 item 1): on a 仅限微信授权参与 group-buy the WeChat user `w:<openid>` of its official
 * account — the identity token is required and checked (none, forged, expired or another account's → refused with
 * reason wechatRequired) — so their orders and per-person limits follow them on every browser; elsewhere the login,
 * else the page's device key. Only 接龙 projects can carry the setting, so other kinds skip the read.
 */
export async function sheetBuyer(
  deps: Deps,
  target: { id: number; questionType: number },
  user: AuthUser | null,
  body: { deviceId: string; wechatToken?: string },
): Promise<SheetBuyer> {
  const plain: SheetBuyer = { user: user?.id ?? null, device: body.deviceId, participant: null, perPerson: buyerOf(user, body.deviceId) };
  if (target.questionType !== QUESTION_TYPE.solitaire) return plain;
  const wechat = await solitaireWechat(deps.database.query, target.id);
  if (!wechat.wechat_appid) return plain;
  const participant = chainParticipant(deps, wechat, user, body, GROUP_BUY_MESSAGES.wechatRequired)!;
  return { ...plain, participant, perPerson: participant };
}
