import type { FastifyInstance } from 'fastify';
import { logisticsCalls } from '../../../schemas/api/logistics';
import { defineCall } from '../../http/define-call';
import { batchShip } from '../../services/logistics/batch-ship.service';
import { getLogistics, getSpecStock } from '../../services/logistics/logistics-read.service';
import { shipOrder } from '../../services/logistics/ship.service';

/** Logistics and specs (物流、规格, issue 49 item 6): ship an order, batch shipping from Excel, the buyer's tracking, each spec's stock. */
export function logisticsRoutes(app: FastifyInstance): void {
  const { deps } = app;
  defineCall(app, logisticsCalls.shipOrder, async (body, { user }) => shipOrder(deps, user, body));
  defineCall(app, logisticsCalls.batchShip, async (body, { user }) => batchShip(deps, user, body));
  defineCall(app, logisticsCalls.getLogistics, async (body, { user }) =>
    getLogistics(deps, { user, deviceId: body.deviceId, wechatToken: body.wechatToken }, body.orderNo),
  );
  defineCall(app, logisticsCalls.getSpecStock, async (body, { user }) => getSpecStock(deps, user, body.questionId));
}
