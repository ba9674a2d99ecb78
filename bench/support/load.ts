import { randomUUID } from 'node:crypto';
import autocannon from 'autocannon';
import { checkoutBody } from '../../server/payments/payment.test-support';

export interface LoadResult {
  requestsPerSec: number;
  latencyP50: number;
  latencyP99: number;
  requests: number;
  failures: number;
}

/** autocannon against one URL; failures are errors, timeouts and non-2xx answers. */
export async function runLoad(url: string, options: { connections?: number; durationSec?: number } = {}): Promise<LoadResult> {
  const result = await autocannon({ url, connections: options.connections ?? 10, duration: options.durationSec ?? 10 });
  return {
    requestsPerSec: result.requests.average,
    latencyP50: result.latency.p50,
    latencyP99: result.latency.p99,
    requests: result.requests.total,
    failures: result.errors + result.timeouts + result.non2xx,
  };
}

/**
 * autocannon's request for POST /api/checkout with the test card and a two-line cart, and a fresh
 * Idempotency-Key per request, as each shopper's checkout has its own.
 */
export function checkoutRequest(): autocannon.Request {
  const { paymentMethodId: _unused, ...cart } = checkoutBody('pm_card_visa', [1, 2]);
  const body = JSON.stringify({ ...cart, paymentMethodId: 'pm_card_visa' });
  return {
    method: 'POST',
    path: '/api/checkout',
    setupRequest: (req: autocannon.Request) => ({ ...req, headers: { 'content-type': 'application/json', 'idempotency-key': randomUUID() }, body }),
  };
}
