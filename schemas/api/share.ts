import { z } from 'zod';
import { contract } from './contract';
import { ZQuestionId } from './question';
import { ZVoteId } from './vote';

/**
 * Share cards (issue 47 item 2): a phone page opened in WeChat asks for the JS-SDK's wx.config of its own address,
 * signed on the server with the jsapi_ticket of the official account the project's owner bound (issue 46), so a
 * shared link shows the project's title, description and cover. No bound account: `null`, and the page loads nothing.
 */
const SH = 'activity/share/';

export const SHARE_MESSAGES = {
  url: '页面地址无效',
  target: '请指定项目或投票',
} as const;

/** The page's address as the browser has it (the #fragment is dropped before signing, as WeChat signs it). */
const ZPageUrl = z
  .string({ error: SHARE_MESSAGES.url })
  .trim()
  .max(1000, SHARE_MESSAGES.url)
  .regex(/^https?:\/\/[^\s]+$/, SHARE_MESSAGES.url);

export const ZJsSdkConfigRequest = z
  .object({ questionId: ZQuestionId.optional(), voteId: ZVoteId.optional(), url: ZPageUrl })
  .refine((body) => (body.questionId === undefined) !== (body.voteId === undefined), { message: SHARE_MESSAGES.target });

/** The card a shared link shows: the same title, description and cover as the page's Open Graph tags. */
export const ZShareCard = z.object({ title: z.string(), desc: z.string(), imgUrl: z.string(), link: z.string() });
export type TShareCard = z.infer<typeof ZShareCard>;

/** What wx.config takes besides jsApiList (timestamp in seconds), and the card to set once it is ready. */
export const ZJsSdkConfig = z.object({ appId: z.string(), timestamp: z.number(), nonceStr: z.string(), signature: z.string(), card: ZShareCard });
export type TJsSdkConfig = z.infer<typeof ZJsSdkConfig>;

/** The share sheet of a sign-up, check-in or group-buy page: the page's address and its QR code (PNG data URL). */
export const ZSharePoster = z.object({ title: z.string(), cover: z.string().nullable(), url: z.string(), qrPng: z.string() });
export type TSharePoster = z.infer<typeof ZSharePoster>;

export const shareCalls = {
  getJsSdkConfig: contract({
    path: `${SH}getJsSdkConfig`,
    summary: '微信分享：JS-SDK 签名（项目所有者绑定的公众号）',
    request: ZJsSdkConfigRequest,
    response: ZJsSdkConfig.nullable(),
    auth: 'optional',
  }),
  getSharePoster: contract({
    path: `${SH}getSharePoster`,
    summary: '分享：页面地址与二维码（接龙、打卡、团购）',
    request: z.object({ questionId: ZQuestionId }),
    response: ZSharePoster,
    auth: 'optional',
  }),
};
