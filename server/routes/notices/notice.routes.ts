import type { FastifyInstance } from 'fastify';
import { noticeCalls } from '../../../schemas/api/notice';
import { defineCall } from '../../http/define-call';
import { myNotices, noticeList, setNoticeOff } from '../../services/notices/notice-read.service';

/** Notices to participants (issue 47 item 4): the participant's page reads and switches them; the organiser lists them. */
export function noticeRoutes(app: FastifyInstance): void {
  const { deps } = app;
  const { query } = deps.database;
  defineCall(app, noticeCalls.getMyNotices, async (body, { user }) => myNotices(deps, user, body));
  defineCall(app, noticeCalls.setNoticeOff, async (body, { user }) => setNoticeOff(deps, user, body));
  defineCall(app, noticeCalls.getNoticeList, async (body, { user }) => noticeList(query, user, body.questionId));
}
