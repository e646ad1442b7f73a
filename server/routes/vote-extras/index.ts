import type { FastifyInstance } from 'fastify';
import { voteCollectRoutes } from './vote-collect.routes';
import { voteDownloadRoutes } from './vote-downloads.routes';
import { voteExtraRoutes } from './vote-extras.routes';
import { voteTemplateRoutes } from './vote-templates.routes';
import { voteWhiteRoutes } from './vote-white.routes';

/** Every route of the vote extras (issue 19 part 2): one line in app.ts. */
export function voteExtrasRoutes(app: FastifyInstance): void {
  voteWhiteRoutes(app);
  voteExtraRoutes(app);
  voteCollectRoutes(app);
  voteDownloadRoutes(app);
  voteTemplateRoutes(app);
}
