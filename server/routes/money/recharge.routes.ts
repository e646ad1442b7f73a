import type { FastifyInstance, FastifyRequest } from 'fastify';
import { balancePayCalls, rechargeCalls } from '../../../schemas/api/recharge';
import { defineCall } from '../../http/define-call';
import { balancePayPack, buyFromBalance } from '../../services/money/purchase.service';
import { deleteRecharge, rechargeList, rechargeStatus, startRecharge } from '../../services/money/recharge.service';
import { transactionAmount, transactionList } from '../../services/money/transactions.service';
import { requestBrand } from '../../http/request-info';
import { invoicesOf } from '../../services/money/invoice.service';

/** recharge/* (the balance: recharge orders, transactions, what it buys) and active/pay's balance purchases. */
export function rechargeRoutes(app: FastifyInstance): void {
  const { deps } = app;
  const { query } = deps.database;

  defineCall(app, rechargeCalls.saveRechargeOrder, async (body, { user, request }) =>
    startRecharge(deps, user!, {
      amountFen: body.amountFen,
      packageId: body.packageId,
      method: body.method,
      scene: body.scene ?? (body.method === 'alipay' ? 'page' : 'native'),
      origin: `${request.protocol}://${request.host}`,
      ip: request.ip,
      brand: requestBrand(request).id,
    }),
  );
  defineCall(app, rechargeCalls.getOrderPayAmount, async (body, { user }) => rechargeStatus(deps, user!, body.orderNo));
  defineCall(app, rechargeCalls.getUserRechargeList, async (body, { user }) => {
    const page = await rechargeList(deps, user!, body);
    const invoices = await invoicesOf(
      query,
      user!.id,
      page.list.map((o) => o.orderNo),
    );
    const brief = (orderNo: string) => {
      const invoice = invoices.get(orderNo);
      return invoice ? { invoiceNo: invoice.invoiceNo, state: invoice.state } : null;
    };
    return { ...page, list: page.list.map((o) => ({ ...o, invoice: brief(o.orderNo) })) };
  });
  defineCall(app, rechargeCalls.getRechargeDel, async (body, { user }) => deleteRecharge(deps, user!, body.orderNo));
  defineCall(app, rechargeCalls.getUserTransactionList, async (body, { user }) => transactionList(query, user!, body));
  defineCall(app, rechargeCalls.getTransactionAmount, async (_body, { user }) => transactionAmount(query, user!));
  defineCall(app, rechargeCalls.getBalancePayPack, async (body, { user, request }) => balancePayPack(query, user!.id, body.kind, requestBrand(request)));

  const options = (body: { couponCode?: string }, request: FastifyRequest) => {
    const brand = requestBrand(request);
    return { couponCode: body.couponCode, coinName: brand.coinName, brand: brand.id };
  };
  defineCall(app, balancePayCalls.getBalancePay, async (body, { user, request }) =>
    buyFromBalance(deps, user!, body.packageId, undefined, options(body, request)),
  );
  defineCall(app, balancePayCalls.getBalancePayAiCoin, async (body, { user, request }) =>
    buyFromBalance(deps, user!, body.packageId, 'ai', options(body, request)),
  );
  defineCall(app, balancePayCalls.getAdvertPay, async (body, { user, request }) =>
    buyFromBalance(deps, user!, body.packageId, 'advert', options(body, request)),
  );
  defineCall(app, balancePayCalls.getRiskControlPay, async (body, { user, request }) =>
    buyFromBalance(deps, user!, body.packageId, 'risk', options(body, request)),
  );
  defineCall(app, balancePayCalls.getBalancePayCoin, async (body, { user, request }) =>
    buyFromBalance(deps, user!, body.packageId, 'coin', options(body, request)),
  );
}
