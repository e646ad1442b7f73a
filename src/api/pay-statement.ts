import { queryOptions } from '@tanstack/react-query';
import type { TRequestOf } from '../../schemas/api/contract';
import { payStatementCalls } from '../../schemas/api/pay-statement';
import { call } from './client';

/** The trade statement, the buyer's own orders and the order exports (schemas/api/pay-statement.ts). */
type C = typeof payStatementCalls;

export const tradeStatementQuery = (questionId: string) =>
  queryOptions({
    queryKey: ['trade-statement', questionId],
    queryFn: () => call(payStatementCalls.getTradeStatement, { questionId }),
    enabled: !!questionId,
  });

export const myOrdersQuery = (body: TRequestOf<C['getMyOrders']>) =>
  queryOptions({ queryKey: ['my-orders', body], queryFn: () => call(payStatementCalls.getMyOrders, body) });

export const exportOrders = (body: TRequestOf<C['exportOrders']>) => call(payStatementCalls.exportOrders, body);
export const exportReconciliation = (questionId: string) => call(payStatementCalls.exportReconciliation, { questionId });
