import { queryOptions } from '@tanstack/react-query';
import { contract } from '../../schemas/api/contract';
import { ZAddInvitationRequest, ZAddInvitationResult, type TAddInvitationRequest } from '../../schemas/api/invitations';
import { questionCalls } from '../../schemas/api/question';
import { call } from './client';

/**
 * The send call of /sms/sendSms.html and /mail/sendMail.html (activity/message/contact/addSmsDetail, issue 50 item
 * 2). Its server side is helper sms's; until its contract joins schemas/api, this page's copy is written against
 * the shared request and result (schemas/api/invitations.ts).
 */
export const addSmsDetailCall = contract({
  path: 'activity/message/contact/addSmsDetail',
  summary: '发送短信/邮件邀请',
  request: ZAddInvitationRequest,
  response: ZAddInvitationResult,
  auth: 'required',
});

export const addInvitation = (body: Partial<TAddInvitationRequest> & Pick<TAddInvitationRequest, 'questionId' | 'channel' | 'content'>) =>
  call(addSmsDetailCall, body);

/** The creator's published and draft projects to invite to (newest first). */
export const sendableProjectsQuery = () =>
  queryOptions({ queryKey: ['mail', 'projects'], queryFn: () => call(questionCalls.getWxQuestionList, { page: 1, pageSize: 100 }) });
