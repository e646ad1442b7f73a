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
  /** The refusal, when the tool cannot be opened by a variable of its own (the production sandbox). */
  message?: string;
}

const decoded = (path: string): string => {
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
};

export const LOCAL_ONLY_MESSAGE = (variable: string) => `开发工具仅限本机访问（如需对其他来源开放，请设置 ${variable}=1）`;
/** The sandbox in production (PAY_PROVIDER=sandbox): simulated payments for this machine only, with no variable to open them. */
export const SANDBOX_LOCAL_MESSAGE = '模拟支付（沙箱）仅限本机访问';

/**
 * Development tools that hand out secrets (the SMS outbox shows every login code) or change state for everyone
 * (merchant review, the test clock) answer only clients on this machine unless their variable opens them.
 * Checked before routing, so pages (the SPA fallback) and calls are refused alike.
 */
export function devToolsGuard(app: FastifyInstance, tools: readonly DevTool[]): void {
  const local = tools.filter((tool) => tool.access === 'local');
  if (!local.length) return;
  // Each tool's prefixes, with the slash a path under them continues with, worked out once (issue 54: this hook runs
  // before every request, the public submit's included).
  const prefixes = local.map((tool) => ({ tool, paths: tool.paths.map((p) => ({ p, under: p.endsWith('/') ? p : `${p}/` })) }));
  app.addHook('onRequest', async (request, reply) => {
    // The router decodes percent-escapes (/api/dev/%6Futbox reaches the outbox), so the path is checked as written,
    // decoded (only a path with an escape decodes to another), and as the route it matched.
    const q = request.url.indexOf('?');
    const url = q < 0 ? request.url : request.url.slice(0, q);
    const seen = url.includes('%') ? [url, decoded(url), request.routeOptions.url ?? ''] : [url, request.routeOptions.url ?? ''];
    const tool = prefixes.find((t) => t.paths.some(({ p, under }) => seen.some((path) => path === p || path.startsWith(under))))?.tool;
    if (tool && !isLocalRequest(request))
      return reply
        .code(200)
        .header('cache-control', 'no-store')
        .send(fail('403', tool.message ?? LOCAL_ONLY_MESSAGE(tool.variable)));
  });
}
