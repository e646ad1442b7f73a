import { queryOptions } from '@tanstack/react-query';
import type { TAddInvitationRequest } from '../../schemas/api/invitations';
import { devSmsSignCalls, smsSendCalls, smsSignCalls, type TSmsSignState } from '../../schemas/api/sms';
import { call } from './client';

/** 短信签名 and SMS sends (issue 50): the signature page, the send page, the records and one send's messages. */
export const smsKeys = {
  signs: ['sms', 'signs'] as const,
  status: ['sms', 'status'] as const,
  records: (page: number) => ['sms', 'records', page] as const,
  detail: (invitationId: number, page: number, state: string) => ['sms', 'detail', invitationId, page, state] as const,
  review: (state: string) => ['sms', 'review', state] as const,
};

export const smsSignsQuery = () => queryOptions({ queryKey: smsKeys.signs, queryFn: () => call(smsSignCalls.getSmsSignName, {}) });
export const smsSignStatusQuery = () => queryOptions({ queryKey: smsKeys.status, queryFn: () => call(smsSignCalls.getSmsSignStatus, {}) });
export const saveSmsSign = (body: { signId?: number; name: string; purpose: string }) => call(smsSignCalls.saveOrUpdateSmsSign, body as never);
export const chooseSmsSign = (signId: number) => call(smsSignCalls.updateUserSmsSign, { signId });

export const addSmsDetail = (
  body: Omit<TAddInvitationRequest, 'groupIds' | 'contactIds' | 'oneSheet'> & { groupIds?: number[]; contactIds?: number[]; oneSheet?: boolean },
) => call(smsSendCalls.addSmsDetail, body);
export const smsRecordsQuery = (page: number) =>
  queryOptions({ queryKey: smsKeys.records(page), queryFn: () => call(smsSendCalls.getSmsDetailPage, { channel: 'sms', page, pageSize: 20 }) });
export const smsDetailQuery = (invitationId: number, page: number, state: string) =>
  queryOptions({
    queryKey: smsKeys.detail(invitationId, page, state),
    queryFn: () => call(smsSendCalls.getSmsDetailMessages, { invitationId, page, pageSize: 20, ...(state ? { state } : {}) }),
    enabled: invitationId > 0,
  });
export const delSmsDetail = (invitationId: number) => call(smsSendCalls.delSmsDetail, { invitationId });
export const resendUnanswered = (invitationId: number) => call(smsSendCalls.getContactAgainSms, { invitationId });

export const signReviewQuery = (state: TSmsSignState | '') =>
  queryOptions({ queryKey: smsKeys.review(state), queryFn: () => call(devSmsSignCalls.list, state ? { state } : {}) });
export const approveSign = (signId: number) => call(devSmsSignCalls.approve, { signId });
export const rejectSign = (signId: number, reason: string) => call(devSmsSignCalls.reject, { signId, reason });
