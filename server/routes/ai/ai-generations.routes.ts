import type { FastifyInstance } from 'fastify';
import { aiServiceCalls } from '../../../schemas/api/ai';
import { defineCall } from '../../http/define-call';
import { createFromGeneration, getGeneration, listGenerations } from '../../services/ai/generations.service';

/** activity/ai/listGenerations, getGeneration and createFromGeneration: my stored generations and the project made from one (issue 52 item 4). */
export function aiGenerationsRoutes(app: FastifyInstance): void {
  const { deps } = app;
  defineCall(app, aiServiceCalls.listGenerations, async (body, { user }) => listGenerations(deps, user!.id, body));
  defineCall(app, aiServiceCalls.getGeneration, async (body, { user }) => getGeneration(deps, user!.id, body.generationId));
  defineCall(app, aiServiceCalls.createFromGeneration, async (body, { user }) => createFromGeneration(deps, user!, body));
}
