import type { FastifyInstance } from 'fastify';
import { balancePayCalls, rechargeCalls } from '../../../schemas/api/recharge';
import { defineCall } from '../../http/define-call';
import { quotasOf } from '../../services/money/quota.service';
import { balanceOf } from '../../services/money/balance.service';
import { buyFromBalance } from '../../services/money/purchase.service';
import { deleteRecharge, rechargeList, rechargeStatus, startRecharge } from '../../services/money/recharge.service';
import { transactionAmount, transactionList } from '../../services/money/transactions.service';
import { MEMBER_PLANS, QUOTA_PACKAGES } from '../../../schemas/money/catalog';

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
    }),
  );
  defineCall(app, rechargeCalls.getOrderPayAmount, async (body, { user }) => rechargeStatus(deps, user!, body.orderNo));
  defineCall(app, rechargeCalls.getUserRechargeList, async (body, { user }) => rechargeList(deps, user!, body));
  defineCall(app, rechargeCalls.getRechargeDel, async (body, { user }) => deleteRecharge(deps, user!, body.orderNo));
  defineCall(app, rechargeCalls.getUserTransactionList, async (body, { user }) => transactionList(query, user!, body));
  defineCall(app, rechargeCalls.getTransactionAmount, async (_body, { user }) => transactionAmount(query, user!));
  defineCall(app, rechargeCalls.getBalancePayPack, async (body, { user }) => ({
    balanceFen: await balanceOf(query, user!.id),
    quotas: await quotasOf(query, user!.id),
    packages: QUOTA_PACKAGES.filter((p) => !body.kind || p.kind === body.kind),
    memberPlans: body.kind ? [] : [...MEMBER_PLANS],
  }));

  defineCall(app, balancePayCalls.getBalancePay, async (body, { user }) => buyFromBalance(deps, user!, body.packageId));
  defineCall(app, balancePayCalls.getBalancePayAiCoin, async (body, { user }) => buyFromBalance(deps, user!, body.packageId, 'ai'));
  defineCall(app, balancePayCalls.getAdvertPay, async (body, { user }) => buyFromBalance(deps, user!, body.packageId, 'advert'));
  defineCall(app, balancePayCalls.getRiskControlPay, async (body, { user }) => buyFromBalance(deps, user!, body.packageId, 'risk'));
}
