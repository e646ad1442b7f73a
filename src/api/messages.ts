import { queryOptions } from '@tanstack/react-query';
import { messageCalls } from '../../schemas/api/message';
import { call } from './client';

/** The header bell and the messages list (issue 46 item 4, active/message/*): the caller's own messages. */
export const messageKeys = {
  all: ['messages'] as const,
  count: ['messages', 'count'] as const,
  page: (page: number, pageSize: number) => ['messages', 'page', page, pageSize] as const,
};

/** The bell asks again every minute (a payment or a membership notice may arrive while the page is open). */
export const MESSAGE_POLL_MS = 60_000;

export const messageCountQuery = () =>
  queryOptions({ queryKey: messageKeys.count, queryFn: () => call(messageCalls.listCount, {}, { quiet: true }), refetchInterval: MESSAGE_POLL_MS });
export const messagePageQuery = (page: number, pageSize: number) =>
  queryOptions({ queryKey: messageKeys.page(page, pageSize), queryFn: () => call(messageCalls.list, { page, pageSize }, { quiet: true }) });

export const readMessage = (messageId: number) => call(messageCalls.readSingleMessage, { messageId });
export const readAllMessages = () => call(messageCalls.readMessage, {});
