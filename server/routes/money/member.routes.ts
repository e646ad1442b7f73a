import type { FastifyInstance } from 'fastify';
import { memberCalls } from '../../../schemas/api/member';
import { defineCall } from '../../http/define-call';
import { memberList } from '../../services/money/member.service';

/** wxApplet/member/getMemberList: the levels and prices for anyone, the caller's membership when logged in. */
export function memberRoutes(app: FastifyInstance): void {
  const { deps } = app;
  defineCall(app, memberCalls.getMemberList, async (_body, { user }) => memberList(deps.database.query, user, deps.now()));
}
