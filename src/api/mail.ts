import { queryOptions } from '@tanstack/react-query';
import { questionCalls } from '../../schemas/api/question';
import { call } from './client';

/**
 * /mail/sendMail.html (issue 50 item 2): the send goes through helper sms's call (src/api/sms.ts addSmsDetail, the
 * contract in schemas/api/sms.ts) with channel 'email'; here only the projects to invite to.
 */
/** The creator's published and draft projects to invite to (newest first). */
export const sendableProjectsQuery = () =>
  queryOptions({ queryKey: ['mail', 'projects'], queryFn: () => call(questionCalls.getWxQuestionList, { page: 1, pageSize: 100 }) });
