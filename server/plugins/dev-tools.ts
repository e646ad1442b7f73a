import type { FastifyInstance } from 'fastify';
import { fail } from '../../schemas/envelope';
import type { TDevToolAccess } from '../env';
import { isLocalRequest } from '../http/client-address';

export interface DevTool {
  /** The variable that opens it to every client, named in the refusal. */
  variable: string;
  access: TDevToolAccess;
  /** Path prefixes of its calls and pages. */
  paths: readonly string[];
}

export const LOCAL_ONLY_MESSAGE = (variable: string) => `开发工具仅限本机访问（如需对其他来源开放，请设置 ${variable}=1）`;

/**
 * Development tools that hand out secrets (the SMS outbox shows every login code) or change state for everyone
 * (merchant review, the test clock) answer only clients on this machine unless their variable opens them.
 * Checked before routing, so pages (the SPA fallback) and calls are refused alike.
 */
export function devToolsGuard(app: FastifyInstance, tools: readonly DevTool[]): void {
  const local = tools.filter((tool) => tool.access === 'local');
  if (!local.length) return;
  app.addHook('onRequest', async (request, reply) => {
    const url = request.url.split('?')[0]!;
    const tool = local.find((t) => t.paths.some((p) => url === p || url.startsWith(p.endsWith('/') ? p : `${p}/`)));
    if (tool && !isLocalRequest(request))
      return reply
        .code(200)
        .header('cache-control', 'no-store')
        .send(fail('403', LOCAL_ONLY_MESSAGE(tool.variable)));
  });
}
