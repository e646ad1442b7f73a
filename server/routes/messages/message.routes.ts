import type { FastifyInstance } from 'fastify';
import { messageCalls } from '../../../schemas/api/message';
import { defineCall } from '../../http/define-call';
import { messageCount, messageList, readAll, readOne } from '../../services/messages/messages.service';

/** active/message/* (the header bell), each under both of the spec's names. */
export function messageRoutes(app: FastifyInstance): void {
  const { query } = app.deps.database;
  for (const c of [messageCalls.list, messageCalls.getMessageList]) defineCall(app, c, async (body, { user }) => messageList(query, user!.id, body));
  for (const c of [messageCalls.listCount, messageCalls.getListCount]) defineCall(app, c, async (_body, { user }) => messageCount(query, user!.id));
  for (const c of [messageCalls.readMessage, messageCalls.getReadMessage]) defineCall(app, c, async (_body, { user }) => readAll(query, user!.id));
  for (const c of [messageCalls.readSingleMessage, messageCalls.getReadSingleMessage])
    defineCall(app, c, async (body, { user }) => readOne(query, user!.id, body.messageId));
}
