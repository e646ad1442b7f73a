import type { FastifyInstance } from 'fastify';
import { groupBuyCalls, groupBuyStreamRoutes } from '../../../schemas/api/groupbuy';
import { defineCall } from '../../http/define-call';
import { parseBody } from '../../http/validate';
import { cancelGroupBuyOrder } from '../../services/groupbuy/groupbuy-cancel.service';
import { queueGroupBuyExport } from '../../services/groupbuy/groupbuy-export.service';
import { getGroupBuy, getGroupBuyManage, groupBuyFeedStart } from '../../services/groupbuy/groupbuy-read.service';

const HEARTBEAT_MS = 20_000;

/** Group-buy chains (团购接龙): the public page, the organiser's list and summary, cancel, export and the live feed. */
export function groupBuyRoutes(app: FastifyInstance): void {
  const { deps } = app;
  defineCall(app, groupBuyCalls.getGroupBuy, async (body, { user }) => getGroupBuy(deps, user, body.questionId, body.deviceId));
  defineCall(app, groupBuyCalls.getGroupBuyManage, async (body, { user }) => getGroupBuyManage(deps, user, body.questionId));
  defineCall(app, groupBuyCalls.cancelGroupBuyOrder, async (body, { user }) => cancelGroupBuyOrder(deps, user, body));
  defineCall(app, groupBuyCalls.exportGroupBuyOrders, async (body, { user }) => {
    const job = await queueGroupBuyExport(deps.database, user, body.questionId);
    app.exportRunner.kick();
    return job;
  });

  // The chain feed (chain_events through the chain hub): an order placed, paid, collected or closed is an event
  // (the orders trigger of 0042 writes it and notifies, whichever path changed the order).
  app.get(`/api/${groupBuyStreamRoutes.events.path}`, async (request, reply) => {
    const query = parseBody(groupBuyStreamRoutes.events.query, request.query);
    const header = Number(request.headers['last-event-id'] ?? Number.NaN);
    const asked = Number.isInteger(header) && header >= 0 ? header : query.lastEventId;
    const { projectId, last } = await groupBuyFeedStart(deps, query.questionId, asked);
    reply.hijack();
    const out = reply.raw;
    out.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
      'x-wj-node': String(reply.getHeader('x-wj-node') ?? ''),
    });
    out.write('retry: 2000\n\n');
    const heartbeat = setInterval(() => out.write(': ping\n\n'), HEARTBEAT_MS);
    const unsubscribe = app.chainLive.subscribe(
      projectId,
      last,
      (frame) => out.write(frame),
      () => out.end(),
    );
    request.raw.on('close', () => {
      clearInterval(heartbeat);
      unsubscribe();
    });
  });
}
