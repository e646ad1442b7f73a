import { queryOptions } from '@tanstack/react-query';
import { groupBuyCalls } from '../../schemas/api/groupbuy';
import { call } from './client';

/** Group-buy calls of the organiser's screen (activity/question/solitaire/*). */
export const groupBuyKeys = { manage: (questionId: string) => ['groupBuy', questionId, 'manage'] as const };

export const groupBuyManageQuery = (questionId: string) =>
  queryOptions({ queryKey: groupBuyKeys.manage(questionId), queryFn: () => call(groupBuyCalls.getGroupBuyManage, { questionId }), enabled: !!questionId });

export const cancelGroupBuyOrder = (questionId: string, orderNo: string) => call(groupBuyCalls.cancelGroupBuyOrder, { questionId, orderNo });
export const exportGroupBuyOrders = (questionId: string) => call(groupBuyCalls.exportGroupBuyOrders, { questionId });
export const noticeGroupBuyPickup = (questionId: string, point?: string) => call(groupBuyCalls.noticeGroupBuyPickup, { questionId, point });
/** 仅限微信授权参与: one of the owner's authorised official accounts, or null for off. */
export const saveGroupBuySetting = (questionId: string, wechatAuthId: number | null) => call(groupBuyCalls.saveGroupBuySetting, { questionId, wechatAuthId });
