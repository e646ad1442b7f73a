import { BRANDS } from '../schemas/brands';
import { activePayProvider, clockAccess, demoAccountsEnabled, merchantDevAccess, outboxAccess, transfersAccess, type TDevToolAccess, type TEnv } from './env';
import type { TDemoAccounts } from './seed/seed-start';

const ACCESS_NOTE: Record<Exclude<TDevToolAccess, 'off'>, (variable: string) => string> = {
  local: () => '仅限本机访问',
  open: (variable) => `${variable}=1：对所有来源开放，勿在公网使用`,
};

const PAY_NAMES = { sandbox: '沙箱', wechat: '微信支付', alipay: '支付宝' } as const;

/** A setting a production start found missing or unsafe, named so the operator can fix it (README "Production"). */
export interface StartWarning {
  setting: string;
  message: string;
}

/**
 * What a production start gives away or cannot do with its settings (reliability rule 15). A setting that makes
 * the start impossible (a provider half configured) already stopped it in readEnv; these let it run, and say so.
 */
export function startWarnings(env: TEnv, demo: TDemoAccounts): StartWarning[] {
  if (env.NODE_ENV !== 'production') return [];
  const out: StartWarning[] = [];
  if (env.SMS_PROVIDER === 'outbox' && outboxAccess(env) === 'off')
    out.push({ setting: 'SMS_PROVIDER', message: '未配置短信服务商（SMS_PROVIDER）：验证码不会发出，用户无法注册或用验证码登录。见 README「生产部署」' });
  const pay = activePayProvider(env);
  if (pay === null)
    out.push({ setting: 'PAY_PROVIDER', message: '未配置支付渠道（PAY_PROVIDER）：含收费商品的项目不能发布，已有订单不能支付。见 README「生产部署」' });
  if (pay === 'sandbox')
    out.push({ setting: 'PAY_PROVIDER', message: '支付为沙箱模拟（PAY_PROVIDER=sandbox）：不会真实收款，收银台仅限本机访问；对外收款请配置微信支付或支付宝' });
  if (demo === 'seeded')
    out.push({ setting: 'DEMO_ACCOUNTS', message: '演示账号已开启（DEMO_ACCOUNTS=1）：任何人都能用公开的密码 demo1234 登录，勿在公网使用' });
  if (demo === 'found')
    out.push({
      setting: 'DEMO_ACCOUNTS',
      message:
        '数据库中有演示账号（13800138000 / 13800138001），密码仍是公开的 demo1234：请删除这些账号或修改其密码（生产环境不再创建演示账号，除非设置 DEMO_ACCOUNTS=1）',
    });
  if (env.DATABASE_URL && !env.APP_SECRET)
    out.push({
      setting: 'APP_SECRET',
      message: '未设置 APP_SECRET：密钥生成后保存在数据库中，能读数据库的人也能读到它（可伪造下载链接）。请设置 APP_SECRET（16 个字符以上，各进程相同）',
    });
  for (const [variable, access] of [
    ['DEV_OUTBOX', outboxAccess(env)],
    ['DEV_MERCHANT', merchantDevAccess(env)],
  ] as const)
    if (access === 'open') out.push({ setting: variable, message: `${variable}=1：开发工具对所有来源开放，勿在公网使用` });
  return out;
}

/**
 * What `npm start` prints once listening: the brands' addresses, each development tool (where it is and who may
 * use it), how texts and payments go out, the demo account, then every production warning (startWarnings).
 */
export function startBanner(env: TEnv, database: string, demo: TDemoAccounts = demoAccountsEnabled(env) ? 'seeded' : 'none'): string[] {
  const lines = [`wenjuan is running on port ${env.PORT}, database: ${database}`];
  for (const brand of Object.values(BRANDS)) {
    const host = brand.id === 'wenjuan' ? 'localhost' : `${brand.id}.localhost`;
    lines.push(`  ${brand.name.padEnd(4, '　')} http://${host}:${env.PORT}/`);
  }
  const tools = [
    { name: '短信发件箱', path: '/dev/outbox', variable: 'DEV_OUTBOX', access: env.SMS_PROVIDER === 'outbox' ? outboxAccess(env) : 'off' },
    { name: '商户审核', path: '/dev/merchant-review', variable: 'DEV_MERCHANT', access: merchantDevAccess(env) },
    { name: '短信签名审核', path: '/dev/sms-sign-review', variable: 'DEV_MERCHANT', access: merchantDevAccess(env) },
    { name: '测试时钟', path: '/api/dev/clock', variable: 'DEV_CLOCK', access: clockAccess(env) },
    { name: '沙箱转账', path: '/dev/transfers', variable: 'NODE_ENV', access: transfersAccess(env) },
  ] as const;
  const on = tools.filter((t) => t.access !== 'off');
  if (on.length) {
    lines.push('  开发工具:');
    for (const t of on)
      lines.push(`    ${t.name.padEnd(5, '　')} http://localhost:${env.PORT}${t.path}  (${ACCESS_NOTE[t.access as 'local' | 'open'](t.variable)})`);
  }
  const production = env.NODE_ENV === 'production';
  if (env.SMS_PROVIDER !== 'outbox') lines.push(`  短信：${env.SMS_PROVIDER}（${env.ALIYUN_SMS_SIGN_NAME ?? ''}）`);
  else if (!production || outboxAccess(env) !== 'off') lines.push('  短信：写入开发发件箱，不会真正发出（生产环境请配置 SMS_PROVIDER）');
  const pay = activePayProvider(env);
  if (pay === 'sandbox' && !production) lines.push('  支付：沙箱模拟，不产生真实扣款（生产环境请配置 PAY_PROVIDER）');
  if (pay === 'wechat' || pay === 'alipay') lines.push(`  支付：${PAY_NAMES[pay]}`);
  if (demo === 'seeded') lines.push('  演示账号: 13800138000 / demo1234（协作演示的同事账号: 13800138001，密码相同）');
  for (const warning of startWarnings(env, demo)) lines.push(`  ⚠ ${warning.message}`);
  return lines;
}
