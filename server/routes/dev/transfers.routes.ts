import type { FastifyInstance } from 'fastify';
import { devCalls } from '../../../schemas/api/dev';
import { defineCall } from '../../http/define-call';
import { sandboxTransfers } from '../../providers/pay-sandbox-transfer';

/** Development page /dev/transfers: what the pay sandbox "paid out", so a tester sees the red envelopes it paid. */
export function transfersRoutes(app: FastifyInstance): void {
  defineCall(app, devCalls.transfers, async (body) => sandboxTransfers(app.deps.database.query, body.payee ?? null, body.limit));
}
