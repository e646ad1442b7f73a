import { queryOptions } from '@tanstack/react-query';
import type { TRequestOf } from '../../schemas/api/contract';
import { orderCalls, payCalls } from '../../schemas/api/pay';
import { call } from './client';

/** Payment orders: the buyer's status (result pages) and the creator's order calls (active/commodity/order/*). */
type C = typeof orderCalls;

export const orderKeys = {
  list: (body: TRequestOf<C['getOrderList']>) => ['orders', body.questionId, body] as const,
  all: (body: TRequestOf<C['getCommodityOrderPage']>) => ['orders', 'all', body] as const,
};

export const orderListQuery = (body: TRequestOf<C['getOrderList']>) =>
  queryOptions({ queryKey: orderKeys.list(body), queryFn: () => call(orderCalls.getOrderList, body), enabled: !!body.questionId });
export const commodityOrderQuery = (body: TRequestOf<C['getCommodityOrderPage']>) =>
  queryOptions({ queryKey: orderKeys.all(body), queryFn: () => call(orderCalls.getCommodityOrderPage, body) });

export const shipOrder = (questionId: string, orderNo: string) => call(orderCalls.shipOrder, { questionId, orderNo });
export const collectOrder = (questionId: string, orderNo: string) => call(orderCalls.collectOrder, { questionId, orderNo });
export const finishOrder = (questionId: string, orderNo: string) => call(orderCalls.finishOrder, { questionId, orderNo });
export const refundOrder = (body: TRequestOf<C['refundOrder']>) => call(orderCalls.refundOrder, body);
export const saveOrderRemark = (questionId: string, orderNo: string, remark: string) => call(orderCalls.saveOrderRemark, { questionId, orderNo, remark });

/** The buyer's order by the answering page's device key (same origin, so the same key the submit used). */
export const orderStatusQuery = (orderNo: string, deviceId: string) =>
  queryOptions({
    queryKey: ['order-status', orderNo],
    queryFn: () => call(payCalls.getOrderStatus, { orderNo, deviceId }, { quiet: true }),
    enabled: !!orderNo,
    retry: false,
  });
