import { BRANDS } from '../schemas/brands';
import { clockAccess, merchantDevAccess, outboxAccess, type TDevToolAccess, type TEnv } from './env';

const ACCESS_NOTE: Record<Exclude<TDevToolAccess, 'off'>, (variable: string) => string> = {
  local: () => '仅限本机访问',
  open: (variable) => `${variable}=1：对所有来源开放，勿在公网使用`,
};

/** What `npm start` prints once listening: the brands' addresses, then each development tool, where it is and who may use it. */
export function startBanner(env: TEnv, database: string): string[] {
  const lines = [`wenjuan is running on port ${env.PORT}, database: ${database}`];
  for (const brand of Object.values(BRANDS)) {
    const host = brand.id === 'wenjuan' ? 'localhost' : `${brand.id}.localhost`;
    lines.push(`  ${brand.name.padEnd(4, '　')} http://${host}:${env.PORT}/`);
  }
  const tools = [
    { name: '短信发件箱', path: '/dev/outbox', variable: 'DEV_OUTBOX', access: env.SMS_PROVIDER === 'outbox' ? outboxAccess(env) : 'off' },
    { name: '商户审核', path: '/dev/merchant-review', variable: 'DEV_MERCHANT', access: merchantDevAccess(env) },
    { name: '测试时钟', path: '/api/dev/clock', variable: 'DEV_CLOCK', access: clockAccess(env) },
  ] as const;
  const on = tools.filter((t) => t.access !== 'off');
  if (on.length) {
    lines.push('  开发工具:');
    for (const t of on)
      lines.push(`    ${t.name.padEnd(5, '　')} http://localhost:${env.PORT}${t.path}  (${ACCESS_NOTE[t.access as 'local' | 'open'](t.variable)})`);
  }
  if (env.SMS_PROVIDER === 'outbox') {
    lines.push(
      env.NODE_ENV === 'production' && outboxAccess(env) === 'off'
        ? '  ⚠ 未配置短信服务商（SMS_PROVIDER）：验证码不会发出，用户无法注册或用验证码登录。见 README「生产部署」'
        : '  短信：写入开发发件箱，不会真正发出（生产环境请配置 SMS_PROVIDER）',
    );
  } else {
    lines.push(`  短信：${env.SMS_PROVIDER}（${env.ALIYUN_SMS_SIGN_NAME ?? ''}）`);
  }
  if (env.SMS_PROVIDER === 'outbox' && outboxAccess(env) !== 'off')
    lines.push('  演示账号: 13800138000 / demo1234（协作演示的同事账号: 13800138001，密码相同）');
  return lines;
}
