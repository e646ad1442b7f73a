import type { FastifyInstance, FastifyRequest } from 'fastify';
import { orderCalls, payCalls, payFileRoutes, type ZStartPayRequest } from '../../../schemas/api/pay';
import type { z } from 'zod';
import { defineCall, type CallContext } from '../../http/define-call';
import { notFound } from '../../services/errors';
import type { PayScene } from '../../providers/pay';
import { commodityOrderPage, listOrders, moveOrder, refundOrder, remarkOrder } from '../../services/pay/order-manage.service';
import { orderStatus, receiveNotify, startPay, takePayment, type PaymentApplier } from '../../services/pay/order-pay.service';
import { applyRechargePayment, isRechargeNo } from '../../services/money/recharge-pay.service';
import { cashierRoutes } from './cashier.routes';
import { payStatementRoutes } from './pay-statement.routes';

/** This site's origin as the payer's browser reached it (behind a trusted proxy, as it forwarded it). */
const originOf = (request: FastifyRequest) => `${request.protocol}://${request.host}`;

/** active/pay/* (the buyer's pay calls and the providers' notifies), active/commodity/order/* and recharge/getCommodityOrderPage. */
export function payRoutes(app: FastifyInstance): void {
  const { deps } = app;
  const log = {
    warn: (detail: Record<string, unknown>, message: string) => app.log.warn(detail, message),
    error: (detail: Record<string, unknown>, message: string) => app.log.error(detail, message),
  };
  // A notify pays a project order, or credits the balance for a recharge order (its number starts with R).
  const apply: PaymentApplier = (provider, paid) =>
    isRechargeNo(paid.outTradeNo) ? applyRechargePayment(deps, provider, paid) : takePayment(deps, provider, paid);

  const pay =
    (method: 'wechat' | 'alipay', fallback: PayScene) =>
    async (body: z.output<typeof ZStartPayRequest>, { user, request }: CallContext) =>
      startPay(
        deps,
        { user, deviceId: body.deviceId, wechatToken: body.wechatToken },
        { orderNo: body.orderNo, method, scene: body.scene ?? fallback, origin: originOf(request), ip: request.ip },
      );
  defineCall(app, payCalls.wxPay, pay('wechat', 'jsapi'));
  defineCall(app, payCalls.wxTradePay, pay('wechat', 'h5'));
  defineCall(app, payCalls.wxTradePagePay, pay('wechat', 'native'));
  defineCall(app, payCalls.aliTradePay, pay('alipay', 'wap'));

  const status = async (body: { orderNo: string; deviceId: string; wechatToken?: string }, { user }: CallContext) =>
    orderStatus(deps, { user, deviceId: body.deviceId, wechatToken: body.wechatToken }, body.orderNo);
  defineCall(app, payCalls.getOrderStatus, status);
  defineCall(app, payCalls.getOrderState, status);
  defineCall(app, payCalls.getWxPayStatus, status);

  defineCall(app, orderCalls.getOrderList, async (body, { user }) => listOrders(deps, user, body));
  defineCall(app, orderCalls.shipOrder, async (body, { user }) => moveOrder(deps, user, body, 'ship'));
  defineCall(app, orderCalls.collectOrder, async (body, { user }) => moveOrder(deps, user, body, 'collect'));
  defineCall(app, orderCalls.finishOrder, async (body, { user }) => moveOrder(deps, user, body, 'finish'));
  defineCall(app, orderCalls.refundOrder, async (body, { user }) => refundOrder(deps, user, body));
  defineCall(app, orderCalls.saveOrderRemark, async (body, { user }) => remarkOrder(deps, user, body));
  defineCall(app, orderCalls.getCommodityOrderPage, async (body, { user }) => commodityOrderPage(deps, user!, body));

  // The providers' notifies: the raw body, since signatures cover the exact bytes; answered in the provider's terms.
  void app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'string', bodyLimit: 64 * 1024 }, (_request, body, done) => done(null, body));
    scope.post<{ Params: { provider: string } }>('/pay/notify/:provider', async (request, reply) => {
      const provider = deps.pay.byName(request.params.provider);
      if (!provider) throw notFound();
      const headers = Object.fromEntries(Object.entries(request.headers).map(([k, v]) => [k.toLowerCase(), Array.isArray(v) ? v.join(',') : v]));
      const answer = await receiveNotify(deps, provider, { headers, body: typeof request.body === 'string' ? request.body : '' }, log, apply);
      return reply.code(answer.status).type(answer.contentType).send(answer.body);
    });
  });

  // Alipay's notify where the spec places it (GET active/pay/alipay/notify): the query string is what is signed.
  app.get(`/api/${payFileRoutes.alipayNotify.path}`, async (request, reply) => {
    const provider = deps.pay.byName('alipay');
    if (!provider) return reply.code(404).type('text/plain').send('fail');
    const query = request.url.includes('?') ? request.url.slice(request.url.indexOf('?') + 1) : '';
    const answer = await receiveNotify(deps, provider, { headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: query }, log, apply);
    return reply.code(answer.status).type(answer.contentType).send(answer.body);
  });

  cashierRoutes(app);
  payStatementRoutes(app);
}
