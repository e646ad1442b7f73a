import * as CALL_PATHS from '../../schemas/api/paths/calls';
import type { TPosterCard } from '../phone-share/poster';
import { setupWechatShare } from '../phone-share/wechat-share';
import { callOf } from './api';

/** The share poster of a chain page (sign-up, check-in, group-buy): its QR code from the server, drawn here. */
export async function getChainPoster(questionId: string, action: string, note: string | null): Promise<TPosterCard & { url: string }> {
  const data = await callOf(CALL_PATHS.share.getSharePoster, { questionId });
  return { title: data.title, cover: data.cover, qrPng: data.qrPng, url: data.url, highlight: null, note, action };
}

/** The page's own address as people open it (without the query a QR or WeChat added). */
export const pageLink = (questionId: string): string => `${location.origin}/s/${encodeURIComponent(questionId)}`;

/** In WeChat: the share card of this page, signed for the owner's official account (nothing elsewhere). */
export const shareInWechat = (questionId: string): void => setupWechatShare((url) => callOf(CALL_PATHS.share.getJsSdkConfig, { questionId, url }));
