import path from 'node:path';
import { ROOT } from './paths';
import Fastify, { LogController, type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import type { Database } from './db/client';
import {
  clockAccess,
  fastifyTrustProxy,
  merchantDevAccess,
  merchantDevEnabled,
  outboxAccess,
  outboxEnabled,
  transfersAccess,
  transfersEnabled,
  readEnv,
  sandboxPayAccess,
  type TEnv,
} from './env';
import type { RegisteredCall } from './http/define-call';
import { accessLogPlugin } from './plugins/access-log';
import { authPlugin } from './plugins/auth';
import { apiTokenRoutes } from './routes/user/api-tokens.routes';
import { devToolsGuard, SANDBOX_LOCAL_MESSAGE } from './plugins/dev-tools';
import { clientAppPlugin } from './plugins/client-app';
import { siteFilesPlugin } from './plugins/site-files';
import { envelopePlugin } from './plugins/envelope';
import { originGuard } from './plugins/origin-guard';
import { proxyHint } from './plugins/proxy-hint';
import { createLifecycle, lifecyclePlugin, type Lifecycle } from './plugins/lifecycle';
import type { MerchantReviewProvider } from './providers/merchant-review';
import { type SmsProvider } from './providers/sms';
import { smsProviderFromEnv } from './providers/sms-from-env';
import { mailTransportFromEnv } from './providers/mail-from-env';
import type { MailTransport } from './providers/mail';
import { payProvidersFromEnv, type PayProviders } from './providers/pay-from-env';
import { wechatOpenFromEnv, type WechatOpen } from './providers/wechat-open';
import { aiModelFromEnv } from './providers/ai/from-env';
import { exactAiQuota } from './services/ai/ai-quota';
import { payRoutes } from './routes/pay/pay.routes';
import { createOrderSweeper, type OrderSweeper } from './services/pay/order-close.service';
import { createAppointmentReminder, type AppointmentReminder } from './services/appointment/appointment-remind.service';
import { createNoticeSender, type NoticeSender } from './services/notices/notice-send.service';
import { devConfigRoutes } from './routes/dev/config.routes';
import { siteRoutes } from './routes/site/site.routes';
import { articleRoutes } from './routes/help/article.routes';
import { devMerchantRoutes } from './routes/dev/merchant-review.routes';
import { outboxRoutes } from './routes/dev/outbox.routes';
import { transfersRoutes } from './routes/dev/transfers.routes';
import { mailboxRoutes, seedReceiptRoutes } from './routes/dev/mailbox.routes';
import { optOutRoutes } from './routes/receipts/opt-out.routes';
import { receiptRoutes } from './routes/receipts/receipt.routes';
import { devPagesOff } from './routes/dev/dev-pages.routes';
import { apiDocsRoutes } from './routes/docs/api-docs.routes';
import { clockRoutes } from './routes/dev/clock.routes';
import { wxPayRoutes } from './routes/wxpay/wxpay.routes';
import { uploadRoutes, type UploadRouteOptions } from './routes/upload/upload.routes';
import { createUploadCleanup, type UploadCleanup } from './jobs/upload-cleanup';
import { createWebAuthCleanup, type WebAuthCleanup } from './jobs/web-auth-cleanup';
import { createRedPayoutFollowup, type RedPayoutFollowup } from './jobs/red-payout-followup';
import { writeRoutes } from './routes/write/write.routes';
import { exactWhiteClaim } from './services/whitelist/white-claim';
import { whitelistRoutes } from './routes/whitelist/whitelist.routes';
import { transferRoutes } from './routes/transfer/transfer.routes';
import { exactContactCap } from './services/contacts/contact-cap';
import { contactRoutes } from './routes/contacts/contacts.routes';
import { resultQueryRoutes } from './routes/write/result-query.routes';
import { redEnvelopeRoutes } from './routes/red-envelope/red-envelope.routes';
import { drawRoutes } from './routes/draw/draw.routes';
import { giftRoutes } from './routes/gift/gift.routes';
import { teamRoutes } from './routes/team/team.routes';
import { statementRoutes } from './routes/statement/statement.routes';
import { exportJobRoutes } from './routes/statement/export-jobs.routes';
import { downloadRoutes } from './routes/question/downloads.routes';
import { createExportRunner, type ExportRunner, type ExportRunnerOptions } from './jobs/export-runner';
import { listRoutes } from './routes/question/lists.routes';
import { projectRoutes } from './routes/question/projects.routes';
import { templateRoutes } from './routes/question/templates.routes';
import { templateShareRoutes } from './routes/question/template-share.routes';
import { appletRoutes } from './routes/applet/applet.routes';
import { bankRoutes } from './routes/question/bank.routes';
import { documentRoutes } from './routes/question/document.routes';
import { settingsRoutes } from './routes/question/settings.routes';
import { optionQuotaRoutes } from './routes/quotas/option-quota.routes';
import { webhookRoutes } from './routes/webhooks/webhooks.routes';
import { subjectRoutes } from './routes/question/subjects.routes';
import { regionRoutes } from './routes/question/region.routes';
import { loginRoutes } from './routes/user/login.routes';
import { profileRoutes } from './routes/user/profile.routes';
import { securityRoutes } from './routes/user/security.routes';
import { qrRoutes } from './routes/user/qr.routes';
import { accountProfileRoutes } from './routes/user/account-profile.routes';
import { thirdPartyRoutes } from './routes/user/third-party.routes';
import { voteExtrasRoutes } from './routes/vote-extras';
import type { Deps, Strategies } from './services/deps';
import { exactLimits } from './services/access/rate-limit.service';
import { exactCapacity } from './services/submit/submit-capacity.service';
import { batchedBallot } from './services/vote/ballot-batch';
import { voteRoutes } from './routes/vote/vote.routes';
import { playerRoutes } from './routes/vote/player.routes';
import { ballotRoutes } from './routes/vote/ballot.routes';
import { exactClaim } from './jobs/export-queue';
import { exactChainSeat } from './services/chain/chain-seat.service';
import { exactAppointmentSeat } from './services/appointment/appointment-seat.service';
import { appointmentRoutes } from './routes/appointment/appointment.routes';
import { createChainLive, type ChainLive } from './services/chain/chain-live.service';
import { chainRoutes } from './routes/chain/chain.routes';
import { chainStreamRoute } from './routes/chain/chain-stream.routes';
import { groupBuyRoutes } from './routes/groupbuy/groupbuy.routes';
import { logisticsRoutes } from './routes/logistics/logistics.routes';
import { checkInRoutes } from './routes/checkin/checkin.routes';
import { taskRoutes } from './routes/coins/task.routes';
import { exactTaskClaim } from './services/coins/tasks/task-claim';
import { exactCheckInTake } from './services/checkin/checkin-take.service';
import { exactReceipts } from './services/pay/unmatched-receipts.service';
import { exactBalance } from './services/money/balance.service';
import { exactCoupon } from './services/money/coupon-use.service';
import { rechargeRoutes } from './routes/money/recharge.routes';
import { memberRoutes } from './routes/money/member.routes';
import { couponRoutes } from './routes/money/coupon.routes';
import { invoiceRoutes } from './routes/money/invoice.routes';
import { messageRoutes } from './routes/messages/message.routes';
import { noticeRoutes } from './routes/notices/notice.routes';
import { componentRoutes } from './routes/wechat/component.routes';
import { shareRoutes } from './routes/share/share.routes';
import { exactExamClock } from './services/submit/submit-exam-clock.service';
import { exactSmsQuota } from './services/sms/sms-quota';
import { exactLinkClaim } from './services/sms/contact-link-claim';
import { exactCoins } from './services/coin-ledger/coin-ledger.service';
import { exactGiftStock } from './services/coins/gifts/gift-stock';
import { exactSpaceBudget } from './services/coins/space/space-budget';
import { spaceRoutes } from './routes/space/space.routes';
import { smsChannelSender } from './services/sms/sms-channel';
import type { ChannelSender } from './services/invitations/channel';
import { emailSender } from './services/invitations/email-sender';
import type { TInvitationChannel } from './db/tables-contacts';
import { createInvitationRunner, type InvitationRunner, type InvitationRunnerOptions } from './jobs/invitation-runner';
import { createWebhookRunner, type WebhookRunner, type WebhookRunnerOptions } from './jobs/webhook-runner';
import { onWebhookEnqueued } from './services/webhooks/enqueue';
import { createReportIndexRunner, type ReportIndexRunner, type ReportIndexRunnerOptions } from './jobs/report-index-runner';
import { onSheetIndexWanted } from './services/report/sheet-index/index-wanted';
import { configureSheetIndex } from './services/report/sheet-index/index-store';
import { smsRoutes } from './routes/sms/sms.routes';
import { smsReportRoutes } from './routes/sms/sms-report.routes';
import { userCoinRoutes } from './routes/coins/user-coin.routes';
import { aiGenerateRoutes } from './routes/ai/ai-generate.routes';
import { aiGenerationsRoutes } from './routes/ai/ai-generations.routes';
import { aiSessionRoutes } from './routes/ai/ai-session.routes';
import { aiAnalysisRoutes } from './routes/ai/ai-analysis.routes';
import type { AiModel } from './providers/ai/model';
import { devSmsSignRoutes } from './routes/dev/sms-sign-review.routes';

declare module 'fastify' {
  interface FastifyInstance {
    deps: Deps;
    /** Every registered API call, so route-walking tests grow with the product. */
    calls: RegisteredCall[];
    /** Runs export jobs (我的下载) in this process; any process may take any queued job. */
    exportRunner: ExportRunner;
    /** Removes respondents' uploads of deleted projects and sheets, and abandoned ones; any process may run it. */
    uploadCleanup: UploadCleanup;
    /** The sign-up chains' live feed in this process (server-sent events, fed by LISTEN/NOTIFY on PostgreSQL). */
    chainLive: ChainLive;
    /** Closes unpaid orders past their payment window and gives their stock back (any process may run it). */
    orderSweeper: OrderSweeper;
    /** Sends appointment reminders before their slots (any process; each reminder claimed once). */
    appointmentReminder: AppointmentReminder;
    /** Sends the pending SMS notices to participants (waitlist promotions…) a crash left pending (each claimed once). */
    noticeSender: NoticeSender;
    /** Deletes the WeChat authorisation codes taken longer ago than a state lives (any process). */
    webAuthCleanup: WebAuthCleanup;
    /** Asks the pay provider again about red envelope payouts still 发放中 (any process; each moves once). */
    redPayoutFollowup: RedPayoutFollowup;
    /** Sends invitation messages by SMS and e-mail (issue 50; any process, each message taken once). */
    invitationRunner: InvitationRunner;
    /** Delivers webhook events (issue 53; any process, each delivery taken once). */
    webhookRunner: WebhookRunner;
    /** Keeps the reports' filter indexes and rollups up with the sheets (issue 54; any process, a project at a time). */
    reportIndexRunner: ReportIndexRunner;
    /** Every route under /api/ with its method, including those registered by hand (uploads, file downloads). */
    apiRoutes: { method: string; path: string }[];
  }
}

export interface BuildOptions {
  database: Database;
  env?: Partial<TEnv>;
  secret?: string;
  sms?: SmsProvider;
  /** The mail transport; default: from SMTP_HOST …, else the development outbox (server/providers/mail-from-env.ts). */
  mail?: MailTransport;
  /** Pay providers; default: from PAY_PROVIDER (the sandbox). */
  pay?: PayProviders;
  /** The WeChat Open Platform adapter; default: from WECHAT_OPEN_* (null without them). */
  wechatOpen?: WechatOpen | null;
  /** The AI model (default: from AI_BASE_URL …; null: the built-in assistant). */
  aiModel?: AiModel | null;
  /** How webhook receivers' host names are resolved (tests: without a network). */
  resolveHost?: Deps['resolveHost'];
  drawOrderNo?: Deps['drawOrderNo'];
  /** Where merchant applications are reviewed; defaults to the built-in sandbox (decided at /dev/merchant-review). */
  merchantReview?: MerchantReviewProvider;
  now?: () => Date;
  /** Built client to serve; defaults to dist/client. */
  clientDir?: string;
  logger?: boolean | object;
  /** A logger made by the caller (server/logger.ts), instead of `logger` options. */
  loggerInstance?: FastifyBaseLogger;
  /** Phase and name of this process for /healthz, /readyz and the x-wj-node header; default: ready, named by pid. */
  lifecycle?: Lifecycle;
  /** Export jobs: 'auto' polls in the background (default); 'manual' leaves runOnce() to the caller (tests). */
  jobs?: 'auto' | 'manual';
  exportRunner?: ExportRunnerOptions;
  /** Invitations' senders by channel (SMS: the SMS provider's by default; e-mail: the mail transport's) and the runner's options. */
  invitationSenders?: Partial<Record<TInvitationChannel, ChannelSender>>;
  invitationRunner?: InvitationRunnerOptions;
  /** The webhook delivery runner's options (tests: a resolver, short backoff, 'disabled' to leave it stopped). */
  webhookRunner?: WebhookRunnerOptions & { disabled?: boolean };
  /** The report-index runner's options; `enabled` (default: unless jobs are 'manual'; test apps: off) starts it, else tests run app.reportIndexRunner.runOnce(). */
  reportIndexRunner?: ReportIndexRunnerOptions & { enabled?: boolean };
  /** How counters hold under concurrency; the exact ones unless a test injects naive ones (tests/helpers/naive-strategies.ts). */
  strategies?: Partial<Strategies>;
  /** Upload limits and how allowances are taken (tests lower the one and inject a naive other). */
  uploads?: UploadRouteOptions;
}

/** Production's strategies: every counter taken by one conditional statement or transaction. */
export const EXACT_STRATEGIES: Strategies = {
  limits: exactLimits,
  capacity: exactCapacity,
  claim: exactClaim,
  ballot: batchedBallot(),
  chainSeat: exactChainSeat,
  appointmentSeat: exactAppointmentSeat,
  checkInTake: exactCheckInTake,
  receipts: exactReceipts,
  examClock: exactExamClock,
  balance: exactBalance,
  coupon: exactCoupon,
  whiteClaim: exactWhiteClaim,
  contactCap: exactContactCap,
  smsQuota: exactSmsQuota,
  linkClaim: exactLinkClaim,
  coins: exactCoins,
  taskClaim: exactTaskClaim,
  giftStock: exactGiftStock,
  spaceBudget: exactSpaceBudget,
  aiQuota: exactAiQuota,
};

export const DEFAULT_CLIENT_DIR = path.join(ROOT, 'dist', 'client');

export async function buildApp(options: BuildOptions): Promise<FastifyInstance> {
  const env: TEnv = { ...readEnv({ NODE_ENV: 'test' }), ...options.env };
  const app = Fastify({
    ...(options.loggerInstance ? { loggerInstance: options.loggerInstance } : { logger: options.logger ?? false }),
    // One access line per request instead (plugins/access-log.ts).
    logController: new LogController({ disableRequestLogging: true }),
    trustProxy: fastifyTrustProxy(env.TRUST_PROXY),
    bodyLimit: 4 * 1024 * 1024,
  });
  const secret = options.secret ?? 'test-secret-not-for-production';
  app.decorate('deps', {
    database: options.database,
    env,
    secret,
    sms: options.sms ?? smsProviderFromEnv(env, options.database),
    mail: options.mail ?? mailTransportFromEnv(env, options.database),
    pay: options.pay ?? payProvidersFromEnv(env, options.database, secret),
    wechatOpen: options.wechatOpen === undefined ? wechatOpenFromEnv(env) : options.wechatOpen,
    now: options.now ?? (() => new Date()),
    aiModel: options.aiModel === undefined ? aiModelFromEnv(env) : options.aiModel,
    ...(options.resolveHost ? { resolveHost: options.resolveHost } : {}),
    ...(options.drawOrderNo ? { drawOrderNo: options.drawOrderNo } : {}),
    ...EXACT_STRATEGIES,
    ...options.strategies,
  });
  app.decorate('calls', [] as RegisteredCall[]);
  app.decorate('exportRunner', createExportRunner(app.deps, { log: (message, error) => app.log.error({ err: error }, message), ...options.exportRunner }));
  app.decorate('uploadCleanup', createUploadCleanup(app.deps, { log: (message, error) => app.log.error({ err: error }, message) }));
  app.decorate(
    'chainLive',
    createChainLive(options.database, (message, error) => app.log.error({ err: error }, message)),
  );
  app.decorate(
    'orderSweeper',
    createOrderSweeper(app.deps, (message, error) => app.log.error({ err: error }, message)),
  );
  app.decorate(
    'appointmentReminder',
    createAppointmentReminder(app.deps, (message, error) => app.log.error({ err: error }, message)),
  );
  app.decorate(
    'noticeSender',
    createNoticeSender(app.deps, (message, error) => app.log.error({ err: error }, message)),
  );
  app.decorate(
    'webAuthCleanup',
    createWebAuthCleanup(app.deps, (message, error) => app.log.error({ err: error }, message)),
  );
  app.decorate(
    'redPayoutFollowup',
    createRedPayoutFollowup(app.deps, (message, error) => app.log.error({ err: error }, message)),
  );
  app.decorate(
    'invitationRunner',
    createInvitationRunner(
      app.deps,
      { sms: smsChannelSender(app.deps.sms), email: emailSender(app.deps), ...options.invitationSenders },
      { log: (message, error) => app.log.error({ err: error }, message), ...options.invitationRunner },
    ),
  );
  app.decorate('webhookRunner', createWebhookRunner(app.deps, { log: (message, error) => app.log.error({ err: error }, message), ...options.webhookRunner }));
  const stopKicks = onWebhookEnqueued(() => app.webhookRunner.kick());
  configureSheetIndex({ memoryMb: env.REPORT_INDEX_MEMORY_MB, tail: env.REPORT_INDEX_TAIL });
  app.decorate(
    'reportIndexRunner',
    createReportIndexRunner(options.database, {
      minSheets: env.REPORT_INDEX_MIN_SHEETS,
      log: (message, error) => app.log.error({ err: error }, message),
      ...options.reportIndexRunner,
    }),
  );
  const stopIndexKicks = onSheetIndexWanted(() => app.reportIndexRunner.kick());
  if (options.reportIndexRunner?.enabled ?? options.jobs !== 'manual') app.addHook('onReady', async () => app.reportIndexRunner.start());
  app.addHook('onClose', async () => {
    stopIndexKicks();
    await app.reportIndexRunner.stop();
  });
  app.addHook('onReady', async () => app.chainLive.start());
  // Open streams end before the server waits for its connections to close.
  app.addHook('preClose', async () => app.chainLive.stop());
  if (options.jobs !== 'manual') {
    app.addHook('onReady', async () => app.exportRunner.start());
    app.addHook('onReady', async () => app.uploadCleanup.start());
    app.addHook('onReady', async () => app.orderSweeper.start());
    app.addHook('onReady', async () => app.appointmentReminder.start());
    app.addHook('onReady', async () => app.noticeSender.start());
    app.addHook('onReady', async () => app.webAuthCleanup.start());
    app.addHook('onReady', async () => app.redPayoutFollowup.start());
    app.addHook('onReady', async () => app.invitationRunner.start());
  }
  if (options.jobs !== 'manual' && !options.webhookRunner?.disabled) app.addHook('onReady', async () => app.webhookRunner.start());
  // A graceful stop (server/shutdown.ts) lets a running job finish until its deadline.
  app.addHook('onClose', async () => app.exportRunner.stop(app.drainDeadline));
  app.addHook('onClose', async () => app.uploadCleanup.stop());
  app.addHook('onClose', async () => app.orderSweeper.stop());
  app.addHook('onClose', async () => app.appointmentReminder.stop());
  app.addHook('onClose', async () => app.noticeSender.stop());
  app.addHook('onClose', async () => app.webAuthCleanup.stop());
  app.addHook('onClose', async () => app.redPayoutFollowup.stop());
  app.addHook('onClose', async () => app.invitationRunner.stop());
  app.addHook('onClose', async () => {
    stopKicks();
    await app.webhookRunner.stop();
  });
  // The SMTP transport's pooled connections.
  app.addHook('onClose', async () => (app.deps.mail as { close?: () => void }).close?.());
  app.decorate('apiRoutes', [] as { method: string; path: string }[]);
  app.addHook('onRoute', (route) => {
    const method = String(route.method);
    if (route.url.startsWith('/api/') && method !== 'HEAD') app.apiRoutes.push({ method, path: route.url.slice('/api/'.length) });
  });
  lifecyclePlugin(app, options.lifecycle ?? createLifecycle(`p${process.pid}`), options.database);
  accessLogPlugin(app);
  proxyHint(app, env);
  envelopePlugin(app);
  await authPlugin(app);
  originGuard(app, env.ALLOWED_ORIGINS);
  devToolsGuard(app, [
    { variable: 'DEV_OUTBOX', access: outboxAccess(env), paths: ['/api/dev/outbox', '/dev/outbox'] },
    {
      variable: 'DEV_MERCHANT',
      access: merchantDevAccess(env),
      paths: ['/api/dev/merchant', '/dev/merchant-review', '/api/dev/smsSign', '/dev/sms-sign-review'],
    },
    { variable: 'DEV_CLOCK', access: clockAccess(env), paths: ['/api/dev/clock'] },
    // The sandbox's transfers (red envelopes it paid): this machine only, never in production.
    { variable: 'NODE_ENV', access: transfersAccess(env), paths: ['/api/dev/transfers', '/dev/transfers'], message: '沙箱转账记录仅限本机访问' },
    { variable: 'DEV_OUTBOX', access: outboxAccess(env), paths: ['/api/dev/outbox', '/dev/outbox', '/api/dev/mailbox', '/dev/mailbox'] },
    { variable: 'DEV_MERCHANT', access: merchantDevAccess(env), paths: ['/api/dev/merchant', '/dev/merchant-review'] },
    { variable: 'DEV_CLOCK', access: clockAccess(env), paths: ['/api/dev/clock', '/api/dev/seedReceipts'] },
    // Simulated payments in production (PAY_PROVIDER=sandbox): the cashier, its decisions and its notifies.
    {
      variable: 'PAY_PROVIDER',
      access: sandboxPayAccess(env),
      paths: ['/api/active/pay/sandbox', '/pay/sandbox', '/pay/notify/sandbox'],
      message: SANDBOX_LOCAL_MESSAGE,
    },
  ]);

  loginRoutes(app);
  profileRoutes(app);
  securityRoutes(app);
  apiTokenRoutes(app);
  qrRoutes(app);
  accountProfileRoutes(app);
  thirdPartyRoutes(app);
  projectRoutes(app);
  listRoutes(app);
  templateRoutes(app);
  templateShareRoutes(app);
  appletRoutes(app);
  subjectRoutes(app);
  documentRoutes(app);
  settingsRoutes(app);
  optionQuotaRoutes(app);
  webhookRoutes(app);
  bankRoutes(app);
  regionRoutes(app);
  devConfigRoutes(app);
  siteRoutes(app);
  articleRoutes(app);
  writeRoutes(app);
  resultQueryRoutes(app);
  redEnvelopeRoutes(app);
  whitelistRoutes(app);
  transferRoutes(app);
  contactRoutes(app);
  drawRoutes(app);
  giftRoutes(app);
  teamRoutes(app);
  statementRoutes(app);
  exportJobRoutes(app);
  downloadRoutes(app);
  voteRoutes(app);
  playerRoutes(app);
  ballotRoutes(app);
  voteExtrasRoutes(app);
  chainRoutes(app);
  appointmentRoutes(app);
  chainStreamRoute(app);
  groupBuyRoutes(app);
  logisticsRoutes(app);
  payRoutes(app);
  rechargeRoutes(app);
  memberRoutes(app);
  couponRoutes(app);
  invoiceRoutes(app);
  messageRoutes(app);
  noticeRoutes(app);
  componentRoutes(app);
  shareRoutes(app);
  checkInRoutes(app);
  taskRoutes(app);
  smsRoutes(app);
  smsReportRoutes(app);
  userCoinRoutes(app);
  spaceRoutes(app);
  aiGenerateRoutes(app);
  aiGenerationsRoutes(app);
  aiSessionRoutes(app);
  aiAnalysisRoutes(app);
  await uploadRoutes(app, options.uploads);
  if (outboxEnabled(env)) outboxRoutes(app);
  if (transfersEnabled(env)) transfersRoutes(app);
  receiptRoutes(app);
  optOutRoutes(app);
  const mailbox = app.deps.mail.name === 'outbox';
  if (mailbox) mailboxRoutes(app);
  if (env.NODE_ENV === 'test') clockRoutes(app);
  if (env.NODE_ENV === 'test') seedReceiptRoutes(app);
  wxPayRoutes(app, options.merchantReview);
  if (merchantDevEnabled(env)) devMerchantRoutes(app);
  if (merchantDevEnabled(env)) devSmsSignRoutes(app);
  apiDocsRoutes(app);
  devPagesOff(app, [
    ...(outboxEnabled(env) ? [] : ['/dev/outbox']),
    ...(mailbox ? [] : ['/dev/mailbox']),
    ...(merchantDevEnabled(env) ? [] : ['/dev/merchant-review', '/dev/sms-sign-review']),
    ...(transfersEnabled(env) ? [] : ['/dev/transfers']),
  ]);

  await siteFilesPlugin(app, options.clientDir ?? DEFAULT_CLIENT_DIR);
  await clientAppPlugin(app, options.clientDir ?? DEFAULT_CLIENT_DIR);
  return app;
}
