import type { FastifyInstance } from 'fastify';
import { aiServiceCalls } from '../../../schemas/api/ai';
import { defineCall } from '../../http/define-call';
import { aiSession } from '../../services/ai/ai-session.service';

/** activity/ai/getAiSession: the key the page signs AI calls with, the engine and the AI counts left. */
export function aiSessionRoutes(app: FastifyInstance): void {
  const { deps } = app;
  defineCall(app, aiServiceCalls.getAiSession, async (_body, { user }) => aiSession(deps, user!));
}
