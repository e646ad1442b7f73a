import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Database } from './db/client';
import { merchantDevEnabled, outboxEnabled, readEnv, type TEnv } from './env';
import type { RegisteredCall } from './http/define-call';
import { authPlugin } from './plugins/auth';
import { clientAppPlugin } from './plugins/client-app';
import { envelopePlugin } from './plugins/envelope';
import { outboxSmsProvider, type SmsProvider } from './providers/sms';
import { devConfigRoutes } from './routes/dev/config.routes';
import { devMerchantRoutes } from './routes/dev/merchant-review.routes';
import { outboxRoutes } from './routes/dev/outbox.routes';
import { clockRoutes } from './routes/dev/clock.routes';
import { wxPayRoutes } from './routes/wxpay/wxpay.routes';
import { uploadRoutes } from './routes/upload/upload.routes';
import { writeRoutes } from './routes/write/write.routes';
import { teamRoutes } from './routes/team/team.routes';
import { statementRoutes } from './routes/statement/statement.routes';
import { listRoutes } from './routes/question/lists.routes';
import { projectRoutes } from './routes/question/projects.routes';
import { templateRoutes } from './routes/question/templates.routes';
import { bankRoutes } from './routes/question/bank.routes';
import { documentRoutes } from './routes/question/document.routes';
import { settingsRoutes } from './routes/question/settings.routes';
import { subjectRoutes } from './routes/question/subjects.routes';
import { loginRoutes } from './routes/user/login.routes';
import { profileRoutes } from './routes/user/profile.routes';
import { qrRoutes } from './routes/user/qr.routes';
import type { Deps } from './services/deps';

declare module 'fastify' {
  interface FastifyInstance {
    deps: Deps;
    /** Every registered API call, so route-walking tests grow with the product. */
    calls: RegisteredCall[];
  }
}

export interface BuildOptions {
  database: Database;
  env?: Partial<TEnv>;
  secret?: string;
  sms?: SmsProvider;
  now?: () => Date;
  /** Built client to serve; defaults to dist/client. */
  clientDir?: string;
  logger?: boolean | object;
}

export const DEFAULT_CLIENT_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'dist', 'client');

export async function buildApp(options: BuildOptions): Promise<FastifyInstance> {
  const env: TEnv = { ...readEnv({ NODE_ENV: 'test' }), ...options.env };
  const app = Fastify({
    logger: options.logger ?? false,
    trustProxy: env.TRUST_PROXY,
    bodyLimit: 4 * 1024 * 1024,
  });
  app.decorate('deps', {
    database: options.database,
    env,
    secret: options.secret ?? 'test-secret-not-for-production',
    sms: options.sms ?? outboxSmsProvider(options.database),
    now: options.now ?? (() => new Date()),
  });
  app.decorate('calls', [] as RegisteredCall[]);
  envelopePlugin(app);
  authPlugin(app);

  app.get('/healthz', async () => ({ status: 'ok', engine: options.database.engine }));
  loginRoutes(app);
  profileRoutes(app);
  qrRoutes(app);
  projectRoutes(app);
  listRoutes(app);
  templateRoutes(app);
  subjectRoutes(app);
  documentRoutes(app);
  settingsRoutes(app);
  bankRoutes(app);
  devConfigRoutes(app);
  writeRoutes(app);
  teamRoutes(app);
  statementRoutes(app);
  await uploadRoutes(app);
  if (outboxEnabled(env)) outboxRoutes(app);
  if (env.NODE_ENV === 'test') clockRoutes(app);
  wxPayRoutes(app);
  if (merchantDevEnabled(env)) devMerchantRoutes(app);

  await clientAppPlugin(app, options.clientDir ?? DEFAULT_CLIENT_DIR);
  return app;
}
