import { useEffect, useState } from 'react';
import type { Stripe } from '@stripe/stripe-js';
import { toCents } from '../../../shared/money';
import { ApiError } from '../../api/client';
import { fetchShopConfig } from '../../api/shop-config';
import { loadStripeJs } from '../../payments/stripe-loader';

export type PaymentSystem =
  | { status: 'loading' }
  /** No connection to the server (offline or out of reach): tried again by itself. */
  | { status: 'waiting'; reason: string }
  | { status: 'unavailable'; reason: string }
  | { status: 'ready'; provider: 'test' | 'stripe'; stripe: Stripe | null; freeShippingThresholdCents?: number };

/** While waiting for the connection, how often the payment system is asked for again. */
export const PAYMENT_SYSTEM_RETRY_MS = 4000;

async function loadPaymentSystem(): Promise<PaymentSystem> {
  const config = await fetchShopConfig();
  const freeShippingThresholdCents = toCents(config.freeShippingThreshold);
  if (config.provider === 'stripe') {
    if (!config.publishableKey) throw new Error('The card payment provider is not configured.');
    const stripe = await loadStripeJs(config.publishableKey);
    return { status: 'ready', provider: 'stripe', stripe, freeShippingThresholdCents };
  }
  if (config.provider === 'test') return { status: 'ready', provider: 'test', stripe: null, freeShippingThresholdCents };
  throw new Error('The server did not say which card payment provider it uses.');
}

/** A failure of the connection, not of the payment system: worth waiting out rather than a Retry screen. */
function isConnectionFailure(error: unknown): boolean {
  return (error instanceof ApiError && error.isNetwork) || (typeof navigator !== 'undefined' && navigator.onLine === false);
}

/**
 * Initialises the payment system: asks the server which provider it uses and, for Stripe, loads
 * Stripe.js. Without a connection it waits and tries again by itself (on `online` and every few
 * seconds, for a server out of reach while the browser is online); any other failure leaves the
 * reason for the 'Payment System Unavailable' screen.
 */
export function usePaymentSystem(): PaymentSystem {
  const [system, setSystem] = useState<PaymentSystem>({ status: 'loading' });
  // First load, then (only while waiting for the connection) the retries.
  const phase = system.status === 'loading' ? 'load' : system.status === 'waiting' ? 'wait' : 'done';
  useEffect(() => {
    if (phase === 'done') return;
    let cancelled = false;
    let running = false;
    const attempt = () => {
      if (running) return;
      running = true;
      loadPaymentSystem()
        .then(
          (ready) => !cancelled && setSystem(ready),
          (error: unknown) => {
            if (cancelled) return;
            const reason = error instanceof Error ? error.message : String(error);
            setSystem({ status: isConnectionFailure(error) ? 'waiting' : 'unavailable', reason });
          },
        )
        .finally(() => (running = false));
    };
    if (phase === 'load') attempt();
    const timer = phase === 'wait' ? setInterval(attempt, PAYMENT_SYSTEM_RETRY_MS) : undefined;
    if (phase === 'wait') window.addEventListener('online', attempt);
    return () => {
      cancelled = true;
      clearInterval(timer);
      window.removeEventListener('online', attempt);
    };
  }, [phase]);
  return system;
}
