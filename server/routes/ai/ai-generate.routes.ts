import type { FastifyInstance } from 'fastify';
import { AI_GENERATE_CALLS } from '../../../schemas/api/ai';
import { AI_KIND_NAMES } from '../../../schemas/ai/kinds';
import { defineAiCall } from '../../http/define-ai-call';
import { requestBrand } from '../../http/request-info';
import { generateProject } from '../../services/ai/generate.service';

/** The six generation calls of the AI base (spec §7 "AI"), one per kind of project. */
export function aiGenerateRoutes(app: FastifyInstance): void {
  const { deps } = app;
  for (const kind of AI_KIND_NAMES) {
    defineAiCall(app, AI_GENERATE_CALLS[kind], async (body, { user, request, stream }) =>
      generateProject(deps, user!.id, requestBrand(request), kind, body, stream),
    );
  }
}
