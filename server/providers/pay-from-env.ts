import type { Database } from '../db/client';
import { activePayProvider, sandboxPayAccess, type TEnv } from '../env';
import type { PayProvider, PayProviderName } from './pay';
import { alipayFromEnv } from './pay-alipay';
import { sandboxPayProvider, type SandboxCashier } from './pay-sandbox';
import { wechatPayFromEnv } from './pay-wechat';

/** The providers of this instance: the one that takes payments now, and every one a notify may come from. */
export interface PayProviders {
  /**
   * PAY_PROVIDER: who takes the payments started from now on (the sandbox outside production); null in a
   * production start without PAY_PROVIDER: nobody, so nothing can be paid (server/env.ts activePayProvider).
   */
  active: PayProviderName | null;
  /** For a method the payer chose: WeChat Pay calls and Alipay calls each reach their provider, or the sandbox; null with none. */
  forMethod(method: 'wechat' | 'alipay'): PayProvider | null;
  byName(name: string): PayProvider | null;
  /**
   * The sandbox: outside production always there (its cashier serves trades started while it was active); in
   * production only with PAY_PROVIDER=sandbox, else null and its cashier, decisions and notifies are refused.
   */
  sandbox: (PayProvider & SandboxCashier) | null;
}

/**
 * The real adapters, built from their environment variables (README "Configuration": WECHATPAY_* and ALIPAY_*;
 * server/providers/pay-wechat.ts and pay-alipay.ts). Each answers undefined when its variables are absent.
 */
export const REAL_PAY_PROVIDERS: Record<Exclude<PayProviderName, 'sandbox'>, (env: TEnv) => PayProvider | undefined> = {
  wechat: wechatPayFromEnv,
  alipay: alipayFromEnv,
};

/** The pay providers the configuration names: PAY_PROVIDER's, else the sandbox outside production and none in production. */
export function payProvidersFromEnv(env: TEnv, database: Database, secret: string): PayProviders {
  const sandbox = sandboxPayAccess(env) === 'off' ? null : sandboxPayProvider(database.query, secret);
  const active = activePayProvider(env);
  // Every configured adapter is built, so a notify of either is verified even while the other takes payments.
  const real = new Map<PayProviderName, PayProvider>();
  for (const [name, make] of Object.entries(REAL_PAY_PROVIDERS) as [Exclude<PayProviderName, 'sandbox'>, (env: TEnv) => PayProvider | undefined][]) {
    const provider = make(env);
    if (provider) real.set(name, provider);
  }
  if (active && active !== 'sandbox' && !real.has(active)) throw new Error(`PAY_PROVIDER=${active} needs its variables (README "Configuration")`);
  return {
    active,
    forMethod: (method) => (active === null ? null : active === 'sandbox' ? sandbox : (real.get(method) ?? real.get(active)!)),
    byName: (name) => (name === 'sandbox' ? sandbox : (real.get(name as PayProviderName) ?? null)),
    sandbox,
  };
}
