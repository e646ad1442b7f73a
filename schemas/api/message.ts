import { z } from 'zod';
import { zInt } from '../int';
import { contract, ZNoFields, ZPageOf } from './contract';

/**
 * The header bell (spec §3 "Message", §4, §7 "Header and messages"): the caller's own messages, their counts,
 * read one (on click) or all. Every call is served under both of the spec's names (list / getMessageList, …).
 */
const M = 'active/message/';

export const MESSAGE_MESSAGES = { notFound: '消息不存在或已删除' } as const;

export const ZMessage = z.object({ id: z.number(), title: z.string(), read: z.boolean(), newsType: z.number(), createTime: z.string() });
export type TMessage = z.infer<typeof ZMessage>;
/** totalCount: all the caller's messages; isReadCount: the unread ones (the bell's badge). */
export const ZMessageCount = z.object({ totalCount: z.number(), isReadCount: z.number() });
export type TMessageCount = z.infer<typeof ZMessageCount>;

export const ZMessageListRequest = z.object({
  page: zInt(1, 100_000).default(1),
  pageSize: zInt(1, 100).default(10),
  /** Only the unread ones. */
  unread: z.boolean().optional(),
});
export const ZReadSingleRequest = z.object({ messageId: zInt(1, undefined, MESSAGE_MESSAGES.notFound) });

const list = <P extends string>(path: P) =>
  contract({ path: `${M}${path}`, summary: '我的消息', request: ZMessageListRequest, response: ZPageOf(ZMessage), auth: 'required' });
const count = <P extends string>(path: P) =>
  contract({ path: `${M}${path}`, summary: '消息总数与未读数', request: ZNoFields, response: ZMessageCount, auth: 'required' });
const readAll = <P extends string>(path: P) =>
  contract({
    path: `${M}${path}`,
    summary: '全部标为已读',
    request: ZNoFields,
    response: ZMessageCount,
    auth: 'required',
    okMessage: '已全部标为已读',
  });
const readOne = <P extends string>(path: P) =>
  contract({ path: `${M}${path}`, summary: '标记一条消息已读', request: ZReadSingleRequest, response: ZMessage, auth: 'required' });

export const messageCalls = {
  list: list('list'),
  getMessageList: list('getMessageList'),
  listCount: count('listCount'),
  getListCount: count('getListCount'),
  readMessage: readAll('readMessage'),
  getReadMessage: readAll('getReadMessage'),
  readSingleMessage: readOne('readSingleMessage'),
  getReadSingleMessage: readOne('getReadSingleMessage'),
};
