import type { PaymentsConfig } from '../../shared/api/types';
import { call } from './client';

let pending: Promise<PaymentsConfig> | null = null;

/**
 * The shop's settings the pages need (GET /api/payments/config: payment provider, free-shipping
 * threshold, thinnest cuttable stroke, time zone), asked once per page; a failed answer is asked
 * again by the next caller. They change only when the server restarts with a new configuration.
 */
export function shopConfig(): Promise<PaymentsConfig> {
  pending ??= fetchShopConfig();
  return pending;
}

/** Asks the server again (the checkout's Retry), and keeps the answer for `shopConfig`. */
export function fetchShopConfig(): Promise<PaymentsConfig> {
  const answer = call('paymentsConfig', undefined, { ignoreUnauthorized: true });
  pending = answer.catch((error: unknown) => {
    pending = null;
    throw error;
  });
  return pending;
}
