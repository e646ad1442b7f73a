// 微信授权 votes (issue 47): the voting page's side of the web authorisation shared with the chain pages
// (src/phone-share/wechat-web-auth.ts): the token is kept per vote and sent with every ballot.
import { completeAuth, forgetToken, startAuth, storedToken, type WebAuthSubject } from '../phone-share/wechat-web-auth';
import { getWechatAuthUrl, getWechatVoter } from './api';

export { inWechat } from '../phone-share/wechat-web-auth';

const subject = (voteId: string): WebAuthSubject => ({
  storageKey: `wj_vote_wx_${voteId}`,
  authUrl: (redirectPath) => getWechatAuthUrl(voteId, redirectPath),
  identity: (back) => getWechatVoter({ voteId, ...back }),
});

export const storedWechatToken = (voteId: string): string | null => storedToken(subject(voteId).storageKey);
export const forgetWechatToken = (voteId: string): void => forgetToken(subject(voteId).storageKey);
/** Off to WeChat's authorisation; it comes back to this very page. */
export const startWechatAuth = (voteId: string): Promise<void> => startAuth(subject(voteId));
/** Back from WeChat: resolves true when an authorisation was completed, false when there was none to complete. */
export const completeWechatAuth = async (voteId: string): Promise<boolean> => (await completeAuth(subject(voteId))) !== null;
