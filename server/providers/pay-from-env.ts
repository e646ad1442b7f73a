import type { Database } from '../db/client';
import type { TEnv } from '../env';
import type { PayProvider, PayProviderName } from './pay';
import { alipayFromEnv } from './pay-alipay';
import { sandboxPayProvider, type SandboxCashier } from './pay-sandbox';
import { wechatPayFromEnv } from './pay-wechat';

/** The providers of this instance: the one that takes payments now, and every one a notify may come from. */
export interface PayProviders {
  /** PAY_PROVIDER: who takes the payments started from now on (default: the sandbox). */
  active: PayProviderName;
  /** For a method the payer chose: WeChat Pay calls and Alipay calls each reach their provider, or the sandbox. */
  forMethod(method: 'wechat' | 'alipay'): PayProvider;
  byName(name: string): PayProvider | null;
  /** The sandbox is always there: its cashier serves trades started while it was active. */
  sandbox: PayProvider & SandboxCashier;
}

/**
 * The real adapters, built from their environment variables (README "Configuration": WECHATPAY_* and ALIPAY_*;
 * server/providers/pay-wechat.ts and pay-alipay.ts). Each answers undefined when its variables are absent.
 */
export const REAL_PAY_PROVIDERS: Record<Exclude<PayProviderName, 'sandbox'>, (env: TEnv) => PayProvider | undefined> = {
  wechat: wechatPayFromEnv,
  alipay: alipayFromEnv,
};

/** The pay providers the configuration names; the sandbox unless PAY_PROVIDER says otherwise. */
export function payProvidersFromEnv(env: TEnv, database: Database, secret: string): PayProviders {
  const sandbox = sandboxPayProvider(database.query, secret);
  // Every configured adapter is built, so a notify of either is verified even while the other takes payments.
  const real = new Map<PayProviderName, PayProvider>();
  for (const [name, make] of Object.entries(REAL_PAY_PROVIDERS) as [Exclude<PayProviderName, 'sandbox'>, (env: TEnv) => PayProvider | undefined][]) {
    const provider = make(env);
    if (provider) real.set(name, provider);
  }
  if (env.PAY_PROVIDER !== 'sandbox' && !real.has(env.PAY_PROVIDER))
    throw new Error(`PAY_PROVIDER=${env.PAY_PROVIDER} needs its variables (README "Configuration")`);
  return {
    active: env.PAY_PROVIDER,
    forMethod: (method) => (env.PAY_PROVIDER === 'sandbox' ? sandbox : (real.get(method) ?? real.get(env.PAY_PROVIDER)!)),
    byName: (name) => (name === 'sandbox' ? sandbox : (real.get(name as PayProviderName) ?? null)),
    sandbox,
  };
}
