import { z } from 'zod';

const ms = (name: string, fallback: number) =>
  z.coerce.number({ error: `${name} must be a number of milliseconds` }).int().min(0, `${name} must be 0 or more`).max(600_000, `${name} must be at most 600000`).default(fallback);

/** Running several processes (docs/scaling.md). */
const CLUSTER_ENV = {
  /** This process's name in the x-wj-node header and the logs; default `p<pid>`. */
  NODE_NAME: z.string().regex(/^[\w.:-]{1,64}$/, 'NODE_NAME must be 1–64 letters, digits, _ . : -').optional(),
  /** A second port answering /healthz and /readyz from the moment the process starts (while it migrates, too). */
  HEALTH_PORT: z.coerce.number({ error: 'HEALTH_PORT must be a number' }).int().min(1, 'HEALTH_PORT must be 1–65535').max(65535, 'HEALTH_PORT must be 1–65535').optional(),
  /** On SIGTERM, keep serving this long with readiness false before closing the port (for orchestrators). */
  SHUTDOWN_DELAY_MS: ms('SHUTDOWN_DELAY_MS', 0),
  /** On SIGTERM, the most time given to in-flight requests, kept-alive connections and a running export job. */
  SHUTDOWN_GRACE_MS: ms('SHUTDOWN_GRACE_MS', 20_000),
};

/** Every environment variable the server reads, validated once at start (README "Configuration"). */
export const ZEnv = z.object({
  PORT: z.coerce.number({ error: 'PORT must be a number' }).int().min(1, 'PORT must be 1–65535').max(65535, 'PORT must be 1–65535').default(8080),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('.data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must start with postgres:// or postgresql://')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  NODE_ENV: z.enum(['development', 'production', 'test'], { error: 'NODE_ENV must be development, production or test' }).default('development'),
  APP_SECRET: z.string().min(16, 'APP_SECRET must be at least 16 characters').optional(),
  TRUST_PROXY: z
    .enum(['0', '1', 'true', 'false'], { error: 'TRUST_PROXY must be 0/1/true/false' })
    .default('0')
    .transform((v) => v === '1' || v === 'true'),
  DEV_OUTBOX: z.enum(['0', '1'], { error: 'DEV_OUTBOX must be 0 or 1' }).optional(),
  DEV_FLOWS: z.enum(['0', '1'], { error: 'DEV_FLOWS must be 0 or 1' }).optional(),
  DEV_MERCHANT: z.enum(['0', '1'], { error: 'DEV_MERCHANT must be 0 or 1' }).optional(),
  CLIENT_DIR: z.string().min(1).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  ...CLUSTER_ENV,
});
export type TEnv = z.infer<typeof ZEnv>;

export function readEnv(source: NodeJS.ProcessEnv = process.env): TEnv {
  const parsed = ZEnv.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message} (got ${JSON.stringify(source[String(issue.path[0])])})`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return parsed.data;
}

/** The development outbox is on by default, off in production unless DEV_OUTBOX=1. */
export const outboxEnabled = (env: TEnv): boolean => (env.DEV_OUTBOX ? env.DEV_OUTBOX === '1' : env.NODE_ENV !== 'production');

/** The flow simulator (/dev/flows) in production builds: on unless NODE_ENV=production, then only with DEV_FLOWS=1. */
export const flowsEnabled = (env: TEnv): boolean => (env.DEV_FLOWS ? env.DEV_FLOWS === '1' : env.NODE_ENV !== 'production');

/** The sandbox merchant reviewer (dev/merchant/*, /dev/merchant-review): like the outbox, off in production unless DEV_MERCHANT=1. */
export const merchantDevEnabled = (env: TEnv): boolean => (env.DEV_MERCHANT ? env.DEV_MERCHANT === '1' : env.NODE_ENV !== 'production');
