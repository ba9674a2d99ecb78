import { useEffect, useState } from 'react';
import type { Stripe } from '@stripe/stripe-js';
import { toCents } from '../../../shared/money';
import { call } from '../../api/client';
import { loadStripeJs } from '../../payments/stripe-loader';

export type PaymentSystem =
  | { status: 'loading' }
  | { status: 'unavailable'; reason: string }
  | { status: 'ready'; provider: 'test' | 'stripe'; stripe: Stripe | null; freeShippingThresholdCents?: number };

/**
 * Initialises the payment system: asks the server which provider it uses and, for Stripe, loads
 * Stripe.js. A failure leaves the reason for the 'Payment System Unavailable' screen.
 */
export function usePaymentSystem(): PaymentSystem {
  const [system, setSystem] = useState<PaymentSystem>({ status: 'loading' });
  useEffect(() => {
    let cancelled = false;
    (async () => {
      const config = await call('paymentsConfig', undefined, { ignoreUnauthorized: true });
      const freeShippingThresholdCents = toCents(config.freeShippingThreshold);
      if (config.provider === 'stripe') {
        if (!config.publishableKey) throw new Error('The card payment provider is not configured.');
        const stripe = await loadStripeJs(config.publishableKey);
        return { status: 'ready', provider: 'stripe', stripe, freeShippingThresholdCents } as const;
      }
      if (config.provider === 'test') return { status: 'ready', provider: 'test', stripe: null, freeShippingThresholdCents } as const;
      throw new Error('The server did not say which card payment provider it uses.');
    })().then(
      (ready) => !cancelled && setSystem(ready),
      (error: unknown) => !cancelled && setSystem({ status: 'unavailable', reason: error instanceof Error ? error.message : String(error) }),
    );
    return () => {
      cancelled = true;
    };
  }, []);
  return system;
}
