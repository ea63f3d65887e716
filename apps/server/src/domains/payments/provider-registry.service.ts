import type { TConfig } from '@starloop/config';
import type { TPaymentProvider } from './provider.types.ts';
import { createRazorpayProvider } from './razorpay.client.ts';
import { createTestGateway } from './test-gateway.client.ts';

/** Razorpay whenever both keys are set; the test gateway otherwise (never both). */
export function createPaymentProvider(config: TConfig['razorpay']): TPaymentProvider {
  if (config.enabled && config.keyId && config.keySecret) {
    return createRazorpayProvider({
      keyId: config.keyId,
      keySecret: config.keySecret,
      apiBase: config.apiBase,
    });
  }
  return createTestGateway();
}

const providers = new WeakMap<object, TPaymentProvider>();

/** The process's provider, created once per deps (one per server) from its config. */
export function paymentProviderFor(deps: { config: TConfig }): TPaymentProvider {
  let provider = providers.get(deps);
  if (!provider) {
    provider = createPaymentProvider(deps.config.razorpay);
    providers.set(deps, provider);
  }
  return provider;
}
