import { isIP } from 'node:net';
import { z } from 'zod';

/** proxy-addr's names for address ranges, accepted in TRUST_PROXY's list. */
const PROXY_RANGE_NAMES = ['loopback', 'linklocal', 'uniquelocal'];

function isProxyAddress(entry: string): boolean {
  if (PROXY_RANGE_NAMES.includes(entry)) return true;
  const [address, bits, extra] = entry.split('/');
  const family = isIP(address ?? '');
  if (!family || extra !== undefined) return false;
  if (bits === undefined) return true;
  return /^\d{1,3}$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128);
}

/**
 * Which peers may tell us the client's address (X-Forwarded-For) and scheme (X-Forwarded-Proto):
 * false = none; a number n = the n proxies nearest to us, whoever they are; a list = those addresses/CIDRs.
 * `true` (trust every hop) is refused: it takes the leftmost, client-written X-Forwarded-For entry.
 */
export type TTrustProxy = false | number | string[];

const ZTrustProxy = z
  .string()
  .default('0')
  .transform((value, ctx): TTrustProxy => {
    const v = value.trim();
    if (v === '' || v === '0' || v === 'false') return false;
    if (/^\d{1,2}$/.test(v)) return Number(v);
    if (v === 'true') {
      ctx.addIssue({
        code: 'custom',
        message:
          'TRUST_PROXY=true would trust a client-written X-Forwarded-For: give the number of proxies in front (1 for one nginx) or their addresses (127.0.0.1,10.0.0.0/8)',
      });
      return z.NEVER;
    }
    const entries = v
      .split(',')
      .map((e) => e.trim())
      .filter(Boolean);
    const bad = entries.filter((e) => !isProxyAddress(e));
    if (bad.length || !entries.length) {
      ctx.addIssue({
        code: 'custom',
        message: `TRUST_PROXY must be 0, a number of proxies, or proxy addresses/CIDRs separated by commas (not ${bad.join(', ') || 'empty'})`,
      });
      return z.NEVER;
    }
    return entries;
  });

/** One ALLOWED_ORIGINS entry as the host name an Origin is compared by, or null when it is neither an origin nor a host. */
function allowedHost(entry: string): string | null {
  const withScheme = /^[a-z][a-z\d+.-]*:\/\//i.test(entry);
  try {
    const url = new URL(withScheme ? entry : `http://${entry}`);
    const bare = url.pathname === '/' && !url.search && !url.hash && !url.username && !url.password;
    return (url.protocol === 'http:' || url.protocol === 'https:') && bare && url.hostname ? url.hostname : null;
  } catch {
    return null;
  }
}

/**
 * Pages outside the brands' own hosts whose calls may carry the session cookie (plugins/origin-guard.ts): origins
 * (https://admin.example.com) or host names, comma-separated; kept as host names.
 */
const ZAllowedOrigins = z
  .string()
  .default('')
  .transform((value, ctx): string[] => {
    const entries = value
      .split(',')
      .map((e) => e.trim())
      .filter(Boolean);
    const hosts = entries.map(allowedHost);
    const bad = entries.filter((_, i) => hosts[i] === null);
    if (bad.length) {
      ctx.addIssue({
        code: 'custom',
        message: `ALLOWED_ORIGINS must be origins (https://www.example.com) or host names separated by commas (not ${bad.join(', ')})`,
      });
      return z.NEVER;
    }
    return [...new Set(hosts as string[])];
  });

const ms = (name: string, fallback: number) =>
  z.coerce
    .number({ error: `${name} must be a number of milliseconds` })
    .int()
    .min(0, `${name} must be 0 or more`)
    .max(600_000, `${name} must be at most 600000`)
    .default(fallback);

/** Running several processes (docs/scaling.md). */
const CLUSTER_ENV = {
  /** This process's name in the x-wj-node header and the logs; default `p<pid>`. */
  NODE_NAME: z
    .string()
    .regex(/^[\w.:-]{1,64}$/, 'NODE_NAME must be 1–64 letters, digits, _ . : -')
    .optional(),
  /** A second port answering /healthz and /readyz from the moment the process starts (while it migrates, too). */
  HEALTH_PORT: z.coerce
    .number({ error: 'HEALTH_PORT must be a number' })
    .int()
    .min(1, 'HEALTH_PORT must be 1–65535')
    .max(65535, 'HEALTH_PORT must be 1–65535')
    .optional(),
  /** On SIGTERM, keep serving this long with readiness false before closing the port (for orchestrators). */
  SHUTDOWN_DELAY_MS: ms('SHUTDOWN_DELAY_MS', 0),
  /** On SIGTERM, the most time given to in-flight requests, kept-alive connections and a running export job. */
  SHUTDOWN_GRACE_MS: ms('SHUTDOWN_GRACE_MS', 20_000),
};

/** Online payment (docs/payments.md): 微信支付 API v3 and 支付宝, each on when its merchant/app id is set. */
const PAY_ENV = {
  WECHATPAY_MCHID: z
    .string()
    .regex(/^\d{8,12}$/, 'WECHATPAY_MCHID is the 商户号 (digits)')
    .optional(),
  WECHATPAY_APPID: z
    .string()
    .regex(/^wx[0-9a-z]{16}$/i, 'WECHATPAY_APPID looks like wx1234567890abcdef')
    .optional(),
  /** Serial number of the merchant's API certificate. */
  WECHATPAY_SERIAL: z
    .string()
    .regex(/^[0-9A-Fa-f]{8,64}$/, 'WECHATPAY_SERIAL is the API certificate serial number (hex)')
    .optional(),
  WECHATPAY_PRIVATE_KEY: z.string().min(1).optional(),
  WECHATPAY_PRIVATE_KEY_FILE: z.string().min(1).optional(),
  /** Platform certificate(s), PEM; or the 微信支付公钥 with its id (PUB_KEY_ID_…). */
  WECHATPAY_PLATFORM_CERT: z.string().min(1).optional(),
  WECHATPAY_PLATFORM_CERT_FILE: z.string().min(1).optional(),
  WECHATPAY_PUBLIC_KEY: z.string().min(1).optional(),
  WECHATPAY_PUBLIC_KEY_FILE: z.string().min(1).optional(),
  WECHATPAY_PUBLIC_KEY_ID: z.string().min(1).optional(),
  WECHATPAY_APIV3_KEY: z
    .string()
    .refine((v) => Buffer.byteLength(v) === 32, 'WECHATPAY_APIV3_KEY must be the 32-character APIv3 key')
    .optional(),
  WECHATPAY_BASE_URL: z.url({ error: 'WECHATPAY_BASE_URL must be an http(s) URL', protocol: /^https?$/ }).default('https://api.mch.weixin.qq.com'),
  ALIPAY_APP_ID: z
    .string()
    .regex(/^\d{16}$/, 'ALIPAY_APP_ID is the 16-digit application id')
    .optional(),
  ALIPAY_PRIVATE_KEY: z.string().min(1).optional(),
  ALIPAY_PRIVATE_KEY_FILE: z.string().min(1).optional(),
  /** 支付宝公钥 (Alipay's, not the application's). */
  ALIPAY_PUBLIC_KEY: z.string().min(1).optional(),
  ALIPAY_PUBLIC_KEY_FILE: z.string().min(1).optional(),
  ALIPAY_GATEWAY: z.url({ error: 'ALIPAY_GATEWAY must be an http(s) URL', protocol: /^https?$/ }).default('https://openapi.alipay.com/gateway.do'),
  ALIPAY_SELLER_ID: z
    .string()
    .regex(/^2088\d{12}$/, 'ALIPAY_SELLER_ID is the 16-digit PID starting 2088')
    .optional(),
};

/**
 * WeChat Open Platform third-party platform (微信开放平台第三方平台, docs/wechat-open.md): binding users' official
 * accounts and mini-programs (activity/component/*). All four keys or none; without them the calls say so.
 */
const WECHAT_OPEN_ENV = {
  WECHAT_OPEN_APPID: z
    .string()
    .regex(/^wx[0-9a-z]{16}$/i, "WECHAT_OPEN_APPID is the third-party platform's AppID (wx1234567890abcdef)")
    .optional(),
  WECHAT_OPEN_APPSECRET: z.string().min(1).optional(),
  /** 消息校验Token: signs the pushes WeChat posts to /wechat/component/notify. */
  WECHAT_OPEN_TOKEN: z.string().min(1).optional(),
  /** 消息加解密Key: the 43-character EncodingAESKey. */
  WECHAT_OPEN_AES_KEY: z
    .string()
    .regex(/^[0-9A-Za-z]{43}$/, 'WECHAT_OPEN_AES_KEY is the 43-character EncodingAESKey')
    .optional(),
  WECHAT_OPEN_API_BASE: z.url({ error: 'WECHAT_OPEN_API_BASE must be an http(s) URL', protocol: /^https?$/ }).default('https://api.weixin.qq.com'),
  /** The authorisation page an account's administrator scans (componentloginpage). */
  WECHAT_OPEN_AUTH_PAGE: z
    .url({ error: 'WECHAT_OPEN_AUTH_PAGE must be an http(s) URL', protocol: /^https?$/ })
    .default('https://mp.weixin.qq.com/cgi-bin/componentloginpage'),
  /** Where WeChat's web authorisation (网页授权, connect/oauth2/authorize) lives: voters of a 微信授权 vote go there. */
  WECHAT_OAUTH_BASE: z.url({ error: 'WECHAT_OAUTH_BASE must be an http(s) URL', protocol: /^https?$/ }).default('https://open.weixin.qq.com'),
};

/** The four keys the WeChat authorisation needs, in the order the page names them. */
export const WECHAT_OPEN_KEYS = ['WECHAT_OPEN_APPID', 'WECHAT_OPEN_APPSECRET', 'WECHAT_OPEN_TOKEN', 'WECHAT_OPEN_AES_KEY'] as const;

type TPayEnv = Partial<Record<keyof typeof PAY_ENV, string>>;
const either = (env: TPayEnv, name: keyof TPayEnv) => Boolean(env[name] || env[`${name}_FILE` as keyof TPayEnv]);

/** A provider half configured stops the start with the names of what is missing. */
function payEnvIssues(env: TPayEnv): { path: string; message: string }[] {
  const issues: { path: string; message: string }[] = [];
  const need = (ok: boolean, path: string, message: string) => ok || issues.push({ path, message });
  if (env.WECHATPAY_MCHID) {
    for (const key of ['WECHATPAY_APPID', 'WECHATPAY_SERIAL', 'WECHATPAY_APIV3_KEY'] as const)
      need(Boolean(env[key]), key, `${key} is required with WECHATPAY_MCHID`);
    need(either(env, 'WECHATPAY_PRIVATE_KEY'), 'WECHATPAY_PRIVATE_KEY', 'WECHATPAY_PRIVATE_KEY or WECHATPAY_PRIVATE_KEY_FILE is required with WECHATPAY_MCHID');
    const pub = either(env, 'WECHATPAY_PUBLIC_KEY');
    need(
      either(env, 'WECHATPAY_PLATFORM_CERT') || pub,
      'WECHATPAY_PLATFORM_CERT',
      'WECHATPAY_PLATFORM_CERT(_FILE) or WECHATPAY_PUBLIC_KEY(_FILE) is required with WECHATPAY_MCHID',
    );
    need(
      !pub || Boolean(env.WECHATPAY_PUBLIC_KEY_ID),
      'WECHATPAY_PUBLIC_KEY_ID',
      'WECHATPAY_PUBLIC_KEY_ID (PUB_KEY_ID_…) is required with WECHATPAY_PUBLIC_KEY',
    );
  }
  if (env.ALIPAY_APP_ID) {
    need(either(env, 'ALIPAY_PRIVATE_KEY'), 'ALIPAY_PRIVATE_KEY', 'ALIPAY_PRIVATE_KEY or ALIPAY_PRIVATE_KEY_FILE is required with ALIPAY_APP_ID');
    need(either(env, 'ALIPAY_PUBLIC_KEY'), 'ALIPAY_PUBLIC_KEY', 'ALIPAY_PUBLIC_KEY or ALIPAY_PUBLIC_KEY_FILE is required with ALIPAY_APP_ID');
  }
  return issues;
}

const onOff = (name: string) => z.enum(['0', '1'], { error: `${name} must be 0 or 1` }).optional();

/** E-mail invitations (issue 50 item 3): SMTP through nodemailer, on when SMTP_HOST is set (README "Configuration"). */
const MAIL_ENV = {
  SMTP_HOST: z.string().trim().min(1).max(255).optional(),
  SMTP_PORT: z.coerce
    .number({ error: 'SMTP_PORT must be a number' })
    .int()
    .min(1, 'SMTP_PORT must be 1–65535')
    .max(65535, 'SMTP_PORT must be 1–65535')
    .default(587),
  /** 1: TLS from the first byte (port 465); 0: plain, upgraded by STARTTLS when the server offers it (587, 25). */
  SMTP_SECURE: onOff('SMTP_SECURE'),
  SMTP_USER: z.string().min(1).max(255).optional(),
  SMTP_PASS: z.string().min(1).max(1000).optional(),
  /** The sending address; each message shows the project's brand as its name (品牌 <noreply@example.com>). */
  /**
   * The SMS provider's uplink push (replies such as TD, issue 50 item 4) is taken at POST /sms/uplink/<this key>;
   * unset: that address answers 404.
   */
  SMS_UPLINK_KEY: z
    .string()
    .regex(/^[\w-]{16,100}$/, 'SMS_UPLINK_KEY must be 16–100 letters, digits, _ or -')
    .optional(),
  MAIL_FROM: z.email({ error: 'MAIL_FROM must be an e-mail address (noreply@example.com)' }).optional(),
};

/**
 * The AI model (issue 52 item 2): any OpenAI-compatible chat-completions endpoint — a hosted Qwen or DeepSeek, or a
 * self-hosted vLLM / Ollama. Unset AI_BASE_URL: the built-in assistant answers (templates, question bank, the
 * report's statistics) and no AI count is taken.
 */
const AI_ENV = {
  /** The endpoint's base, without /chat/completions (https://dashscope.aliyuncs.com/compatible-mode/v1, http://127.0.0.1:11434/v1). */
  AI_BASE_URL: z.url({ error: 'AI_BASE_URL must be an http(s) URL', protocol: /^https?$/ }).optional(),
  AI_MODEL: z.string().trim().min(1).max(200).optional(),
  AI_API_KEY: z.string().min(1).max(1000).optional(),
  /** Spec §9: AI timeout 600000 ms; a call past it answers §8's message. */
  AI_TIMEOUT_MS: ms('AI_TIMEOUT_MS', 600_000),
  /** Further attempts after a network fault, a 429/5xx or an unusable answer (0–5). */
  AI_RETRIES: z.coerce.number({ error: 'AI_RETRIES must be a number' }).int().min(0, 'AI_RETRIES must be 0–5').max(5, 'AI_RETRIES must be 0–5').default(2),
  /** 1 (default): ask for JSON mode (response_format json_object); 0 for a server that refuses it (the answer is still checked). */
  AI_JSON_MODE: onOff('AI_JSON_MODE'),
};

/** Every environment variable the server reads, validated once at start (README "Configuration"). */
export const ZEnv = z
  .object({
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
    TRUST_PROXY: ZTrustProxy,
    /** auto: the token cookie is Secure when the request came over HTTPS (X-Forwarded-Proto from a trusted proxy); 1: always. */
    COOKIE_SECURE: z.enum(['auto', '1'], { error: 'COOKIE_SECURE must be auto or 1' }).default('auto'),
    ALLOWED_ORIGINS: ZAllowedOrigins,
    DEV_OUTBOX: onOff('DEV_OUTBOX'),
    DEV_FLOWS: onOff('DEV_FLOWS'),
    DEV_MERCHANT: onOff('DEV_MERCHANT'),
    /** The test clock (test servers only) answers loopback clients; 1 opens it to every client. */
    DEV_CLOCK: onOff('DEV_CLOCK'),
    SMS_PROVIDER: z.enum(['outbox', 'aliyun'], { error: 'SMS_PROVIDER must be outbox or aliyun' }).default('outbox'),
    ALIYUN_SMS_ACCESS_KEY_ID: z.string().min(1).optional(),
    ALIYUN_SMS_ACCESS_KEY_SECRET: z.string().min(1).optional(),
    ALIYUN_SMS_SIGN_NAME: z.string().min(1).max(40).optional(),
    ALIYUN_SMS_TEMPLATE_CODE: z
      .string()
      .regex(/^SMS_\d+$/, 'ALIYUN_SMS_TEMPLATE_CODE looks like SMS_123456789')
      .optional(),
    /** Invitations by SMS (issue 50): an approved notification template whose one variable ${content} takes the text. */
    ALIYUN_SMS_NOTICE_TEMPLATE_CODE: z
      .string()
      .regex(/^SMS_\d+$/, 'ALIYUN_SMS_NOTICE_TEMPLATE_CODE looks like SMS_987654321')
      .optional(),
    /** Invitation messages one process sends per second at most (the job runner's rate limit). */
    INVITATION_RATE: z.coerce.number().int().min(1).max(1000).default(20),
    /**
     * Webhook receivers allowed although private (issue 53): host names, IPs or CIDRs, comma-separated (127.0.0.1 for a
     * receiver on this machine). Everything else that is loopback, private, link-local or reserved is refused.
     */
    WEBHOOK_ALLOW_HOSTS: z
      .string()
      .default('')
      .transform((v) =>
        v
          .split(',')
          .map((e) => e.trim().toLowerCase())
          .filter(Boolean),
      ),
    /** The reports' filter indexes one process keeps in memory, in MB (issue 54): least recently used projects are evicted past it. */
    REPORT_INDEX_MEMORY_MB: z.coerce.number({ error: 'REPORT_INDEX_MEMORY_MB must be a number' }).int().min(1).max(65536).default(256),
    /** Projects with at least this many sheets get their report's index and rollup built before their report is first asked. */
    REPORT_INDEX_MIN_SHEETS: z.coerce.number({ error: 'REPORT_INDEX_MIN_SHEETS must be a number' }).int().min(1).default(5000),
    /** Sheets past a stored index or rollup a report reads from SQL itself; more and it answers with a 正在统计 (counting) note while the job catches up. */
    REPORT_INDEX_TAIL: z.coerce.number({ error: 'REPORT_INDEX_TAIL must be a number' }).int().min(1).max(1_000_000).default(1000),
    ALIYUN_SMS_ENDPOINT: z.url({ error: 'ALIYUN_SMS_ENDPOINT must be an http(s) URL', protocol: /^https?$/ }).default('https://dysmsapi.aliyuncs.com/'),
    ALIYUN_SMS_REGION: z.string().min(1).default('cn-hangzhou'),
    /**
     * Who takes payments (issue 21): WeChat Pay / Alipay with their variables, or the built-in sandbox. Unset: the
     * sandbox outside production, nobody in production (issue 42: no simulated money unless asked for by name).
     */
    PAY_PROVIDER: z.enum(['sandbox', 'wechat', 'alipay'], { error: 'PAY_PROVIDER must be sandbox, wechat or alipay' }).optional(),
    /** The demo accounts (13800138000 / 13800138001, password demo1234): unset = seeded outside production only; 1 = also in production; 0 = never. */
    DEMO_ACCOUNTS: onOff('DEMO_ACCOUNTS'),
    /**
     * A start whose PGlite directory holds no database takes the build's pre-made one (issue 54): unset or 1 the build's
     * (dist/pglite-template.tar), a path another such tar (its manifest beside it, .json), 0 none (the start creates it).
     */
    PGLITE_TEMPLATE: z.string().min(1).optional(),
    /** 1: the start prints one line of its phases' wall and CPU times (server/start-timing.ts, bench/first-start.ts). */
    START_TIMING: onOff('START_TIMING'),
    /** Who runs this deployment: named on the 用户服务协议 and 隐私政策 pages (issue 43 item 7). */
    OPERATOR_NAME: z.string().trim().min(1).max(100).optional(),
    /** How to reach the operator (an e-mail address, a phone or an address), shown under 联系我们 on those pages. */
    OPERATOR_CONTACT: z.string().trim().min(1).max(200).optional(),
    /**
     * The operator's own accounts, by phone number, comma-separated (issue 48 item 1): they read the help centre's
     * 意见反馈 at /help/feedback.html. Unset: nobody does.
     */
    OPERATOR_ACCOUNTS: z
      .string()
      .transform((value) => value.replace(/\s/g, ''))
      .pipe(z.string().regex(/^(1\d{10})(,1\d{10})*$/, 'OPERATOR_ACCOUNTS must be phone numbers separated by commas'))
      .optional(),
    /** QQ互联 login (docs/decisions.md): on when both are set; QQ_API_BASE is for a local fake server in tests. */
    QQ_APP_ID: z
      .string()
      .regex(/^\d{6,12}$/, 'QQ_APP_ID is the QQ互联 APP ID (digits)')
      .optional(),
    QQ_APP_KEY: z.string().min(1).optional(),
    QQ_API_BASE: z.url({ error: 'QQ_API_BASE must be an http(s) URL', protocol: /^https?$/ }).default('https://graph.qq.com'),
    CLIENT_DIR: z.string().min(1).optional(),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    ...CLUSTER_ENV,
    ...PAY_ENV,
    ...WECHAT_OPEN_ENV,
    ...MAIL_ENV,
    ...AI_ENV,
    /** The brand's own WeChat mini-program (小程序码, 小程序链接: getQuestionCode, T2/getAppletUrl); both or none. */
    WECHAT_APPLET_APPID: z
      .string()
      .regex(/^wx[0-9a-z]{16}$/i, "WECHAT_APPLET_APPID is the mini-program's AppID (wx1234567890abcdef)")
      .optional(),
    WECHAT_APPLET_SECRET: z.string().min(1).optional(),
    WECHAT_APPLET_API_BASE: z.url({ error: 'WECHAT_APPLET_API_BASE must be an http(s) URL', protocol: /^https?$/ }).default('https://api.weixin.qq.com'),
    /** The mini-program page that opens a project (its questionId arrives as the scene / query). */
    WECHAT_APPLET_PAGE: z.string().min(1).max(200).default('pages/answer/index'),
    /** Hosts a webhook may reach although private or local (comma-separated; tests and a receiver on the same machine). */
  })
  .superRefine((env, ctx) => {
    for (const issue of payEnvIssues(env)) ctx.addIssue({ code: 'custom', path: [issue.path], message: issue.message });
    if (WECHAT_OPEN_KEYS.some((key) => env[key]))
      for (const key of WECHAT_OPEN_KEYS)
        if (!env[key]) ctx.addIssue({ code: 'custom', path: [key], message: `${key} is required with the other WECHAT_OPEN_* keys (docs/wechat-open.md)` });
    const account = { wechat: 'WECHATPAY_MCHID', alipay: 'ALIPAY_APP_ID' } as const;
    if (env.PAY_PROVIDER === 'wechat' || env.PAY_PROVIDER === 'alipay') {
      const key = account[env.PAY_PROVIDER];
      if (!env[key])
        ctx.addIssue({
          code: 'custom',
          path: [key],
          message: `${key} (and the provider's other variables, docs/payments.md) is required when PAY_PROVIDER=${env.PAY_PROVIDER}`,
        });
    }
    if (env.AI_BASE_URL && !env.AI_MODEL)
      ctx.addIssue({ code: 'custom', path: ['AI_MODEL'], message: 'AI_MODEL is required with AI_BASE_URL (qwen-plus, deepseek-chat, llama3.1 …)' });
    if (env.SMTP_HOST && !env.MAIL_FROM) ctx.addIssue({ code: 'custom', path: ['MAIL_FROM'], message: 'MAIL_FROM is required with SMTP_HOST' });
    if (Boolean(env.SMTP_USER) !== Boolean(env.SMTP_PASS))
      ctx.addIssue({ code: 'custom', path: [env.SMTP_USER ? 'SMTP_PASS' : 'SMTP_USER'], message: 'SMTP_USER and SMTP_PASS are set together' });
    if (Boolean(env.QQ_APP_ID) !== Boolean(env.QQ_APP_KEY))
      ctx.addIssue({ code: 'custom', path: [env.QQ_APP_ID ? 'QQ_APP_KEY' : 'QQ_APP_ID'], message: 'QQ_APP_ID and QQ_APP_KEY are set together' });
    if (env.SMS_PROVIDER !== 'aliyun') return;
    for (const key of ['ALIYUN_SMS_ACCESS_KEY_ID', 'ALIYUN_SMS_ACCESS_KEY_SECRET', 'ALIYUN_SMS_SIGN_NAME', 'ALIYUN_SMS_TEMPLATE_CODE'] as const) {
      if (!env[key]) ctx.addIssue({ code: 'custom', path: [key], message: `${key} is required when SMS_PROVIDER=aliyun` });
    }
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

/** Fastify's trustProxy: a hop count becomes a function (Fastify refuses bare numbers, failing closed). */
export function fastifyTrustProxy(trust: TTrustProxy): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (trust === false) return false;
  if (typeof trust === 'number') return (_address, hop) => hop < trust;
  return trust;
}

/**
 * A development tool's state: 'off'; 'local' (answers loopback clients only: the default outside production);
 * 'open' (answers everyone: only when its variable says 1).
 */
export type TDevToolAccess = 'off' | 'local' | 'open';
const toolAccess = (flag: '0' | '1' | undefined, env: TEnv): TDevToolAccess =>
  flag === '1' ? 'open' : flag === '0' || env.NODE_ENV === 'production' ? 'off' : 'local';

/** The development SMS outbox (/dev/outbox). */
export const outboxAccess = (env: TEnv): TDevToolAccess => toolAccess(env.DEV_OUTBOX, env);
/** The sandbox merchant reviewer (dev/merchant/*, /dev/merchant-review). */
export const merchantDevAccess = (env: TEnv): TDevToolAccess => toolAccess(env.DEV_MERCHANT, env);
/** The test clock (dev/clock): registered on test servers only. */
export const clockAccess = (env: TEnv): TDevToolAccess => (env.NODE_ENV !== 'test' ? 'off' : env.DEV_CLOCK === '1' ? 'open' : 'local');

export const outboxEnabled = (env: TEnv): boolean => outboxAccess(env) !== 'off';
/** The sandbox's transfers (/dev/transfers): where the sandbox pays out, outside production; never in production. */
export const transfersAccess = (env: TEnv): TDevToolAccess => (env.NODE_ENV === 'production' ? 'off' : 'local');
export const transfersEnabled = (env: TEnv): boolean => transfersAccess(env) !== 'off';
export const merchantDevEnabled = (env: TEnv): boolean => merchantDevAccess(env) !== 'off';

/**
 * Who takes the payments started from now on: PAY_PROVIDER, else the sandbox outside production. A production
 * start without PAY_PROVIDER has none: nothing can be marked paid and a payment project cannot be published.
 */
export const activePayProvider = (env: TEnv): 'sandbox' | 'wechat' | 'alipay' | null => env.PAY_PROVIDER ?? (env.NODE_ENV === 'production' ? null : 'sandbox');

/**
 * The sandbox's cashier, decisions and notify: open outside production (as before, for trying the flow on a
 * phone); in production only with PAY_PROVIDER=sandbox set by name, and then for this machine only; else off.
 */
export const sandboxPayAccess = (env: TEnv): TDevToolAccess => (env.NODE_ENV !== 'production' ? 'open' : env.PAY_PROVIDER === 'sandbox' ? 'local' : 'off');

/** Whether this start seeds the demo accounts (server/seed/seed-start.ts): outside production, or DEMO_ACCOUNTS=1. */
export const demoAccountsEnabled = (env: TEnv): boolean => (env.DEMO_ACCOUNTS ? env.DEMO_ACCOUNTS === '1' : env.NODE_ENV !== 'production');

/** The flow simulator (/dev/flows) in production builds: on unless NODE_ENV=production, then only with DEV_FLOWS=1. */
export const flowsEnabled = (env: TEnv): boolean => (env.DEV_FLOWS ? env.DEV_FLOWS === '1' : env.NODE_ENV !== 'production');
