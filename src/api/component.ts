import { queryOptions } from '@tanstack/react-query';
import { componentCalls } from '../../schemas/api/component';
import type { TNoticeKind } from '../../schemas/notice/notice-kinds';
import { call } from './client';

/** WeChat authorisation binding (activity/component/*): the caller's bound official accounts and mini-programs. */
export const componentKeys = {
  all: ['component'] as const,
  list: ['component', 'list'] as const,
  voteList: ['component', 'list', 'vote'] as const,
  pay: (authId: number) => ['component', 'pay', authId] as const,
  noticeTemplates: (authId: number) => ['component', 'noticeTemplates', authId] as const,
};

export const authInfoListQuery = () => queryOptions({ queryKey: componentKeys.list, queryFn: () => call(componentCalls.getAuthInfoList, {}, { quiet: true }) });
/** The authorised official accounts a 微信授权 vote can use (and whether the platform is configured at all). */
export const voteAuthInfoListQuery = () =>
  queryOptions({ queryKey: componentKeys.voteList, queryFn: () => call(componentCalls.getVoteAuthInfoList, {}, { quiet: true }) });
export const authPayQuery = (authId: number) =>
  queryOptions({ queryKey: componentKeys.pay(authId), queryFn: () => call(componentCalls.getAuthPay, { authId }, { quiet: true }) });

/** An official account's templates (from WeChat) and the one chosen per notice kind. */
export const noticeTemplatesQuery = (authId: number) =>
  queryOptions({ queryKey: componentKeys.noticeTemplates(authId), queryFn: () => call(componentCalls.getNoticeTemplates, { authId }, { quiet: true }) });

/** The WeChat page the account's administrator scans (it returns here with auth_code). */
export const preAuthUrl = (authType: 1 | 2 | 3) => call(componentCalls.getPreAuthCode, { authType }, { quiet: true });
export const completeAuthorisation = (authCode: string) => call(componentCalls.getAuthorizerInfo, { authCode }, { quiet: true });
export const deleteAuthorizer = (authId: number) => call(componentCalls.delAuthInfo, { authId }, { quiet: true });
export const saveAuthPay = (body: { authId: number; mchId: string; apiKey?: string }) => call(componentCalls.upDateAuthPay, body, { quiet: true });
export const saveNoticeTemplate = (body: { authId: number; kind: TNoticeKind; templateId: string }) =>
  call(componentCalls.setNoticeTemplate, body, { quiet: true });
