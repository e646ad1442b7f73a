import type { FastifyInstance } from 'fastify';
import { payStatementCalls } from '../../../schemas/api/pay-statement';
import { defineCall } from '../../http/define-call';
import { accessProject } from '../../services/access/powers.service';
import { myOrders } from '../../services/pay/my-orders.service';
import { ORDERS_REPORT, RECONCILIATION_REPORT, queueOrderExport } from '../../services/pay/order-export.service';
import { followUpRefunds } from '../../services/pay/refund-follow.service';
import { followUpReceipts } from '../../services/pay/unmatched-receipts.service';
import { tradeStatement } from '../../services/pay/trade-statement.service';

/** The trade statement (question/statement/getTradeStatement), the buyer's own orders and the order exports. */
export function payStatementRoutes(app: FastifyInstance): void {
  const { deps } = app;

  // A statement is read like the project's other statements: power 1 or 3 (the report).
  defineCall(app, payStatementCalls.getTradeStatement, async (body, { user }) => {
    const { project } = await accessProject(deps.database.query, user, body.questionId, 'report');
    await followUpRefunds(deps, { projectId: project.id });
    await followUpReceipts(deps, { projectId: project.id });
    return tradeStatement(deps.database.query, project.id);
  });

  defineCall(app, payStatementCalls.getMyOrders, async (body, { user }) => myOrders(deps, user!, body));

  defineCall(app, payStatementCalls.exportOrders, async ({ questionId, ...filter }, { user }) => {
    const job = await queueOrderExport(deps.database, user, questionId, ORDERS_REPORT, filter);
    app.exportRunner.kick();
    return job;
  });

  defineCall(app, payStatementCalls.exportReconciliation, async (body, { user }) => {
    const job = await queueOrderExport(deps.database, user, body.questionId, RECONCILIATION_REPORT);
    app.exportRunner.kick();
    return job;
  });
}
