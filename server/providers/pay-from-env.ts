import type { Database } from '../db/client';
import type { TEnv } from '../env';
import type { PayProvider, PayProviderName } from './pay';
import { sandboxPayProvider, type SandboxCashier } from './pay-sandbox';

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
 * The real adapters, built from their environment variables (README "Production": PAY_PROVIDER and the
 * WECHAT_PAY_* / ALIPAY_* variables). wt-pay-providers fills these two factories with the WeChat Pay v3 and
 * Alipay adapters of server/providers/pay-wechat.ts and pay-alipay.ts; until then choosing them is refused at start.
 */
export const REAL_PAY_PROVIDERS: Partial<Record<Exclude<PayProviderName, 'sandbox'>, (env: TEnv) => PayProvider>> = {
  // wechat: (env) => wechatPayProvider({ ...from env }),
  // alipay: (env) => alipayProvider({ ...from env }),
};

/** The pay providers the configuration names; the sandbox unless PAY_PROVIDER says otherwise. */
export function payProvidersFromEnv(env: TEnv, database: Database, secret: string): PayProviders {
  const sandbox = sandboxPayProvider(database.query, secret);
  const real = new Map<PayProviderName, PayProvider>();
  if (env.PAY_PROVIDER !== 'sandbox') {
    const make = REAL_PAY_PROVIDERS[env.PAY_PROVIDER];
    if (!make) throw new Error(`PAY_PROVIDER=${env.PAY_PROVIDER} is not available in this build`);
    real.set(env.PAY_PROVIDER, make(env));
  }
  return {
    active: env.PAY_PROVIDER,
    forMethod: (method) => (env.PAY_PROVIDER === 'sandbox' ? sandbox : (real.get(method) ?? real.get(env.PAY_PROVIDER)!)),
    byName: (name) => (name === 'sandbox' ? sandbox : (real.get(name as PayProviderName) ?? null)),
    sandbox,
  };
}
