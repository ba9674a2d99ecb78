import { Agent, request } from 'undici';
import { checkoutBody } from '../../server/payments/payment.test-support';
import { standInDelayMs, type StandInLatency } from '../../server/test/stripe-stand-in';

export interface LoadResult {
  orders: number;
  failures: number;
  /** Per successful checkout: observed ms, and the gateway's own delay for it (0 without the stand-in). */
  observed: number[];
  gateway: number[];
  seconds: number;
}

/** `shoppers` loops, each placing one checkout after another with a fresh Idempotency-Key, for `durationSeconds`. */
export async function drive(url: string, shoppers: number, durationSeconds: number, latency: StandInLatency | null, label: string): Promise<LoadResult> {
  const dispatcher = new Agent({ connections: shoppers, keepAliveTimeout: 30_000 });
  const body = JSON.stringify(checkoutBody('pm_card_visa', [1]));
  const result: LoadResult = { orders: 0, failures: 0, observed: [], gateway: [], seconds: durationSeconds };
  const endAt = Date.now() + durationSeconds * 1000;
  let sequence = 0;
  async function shopper() {
    while (Date.now() < endAt) {
      const key = `bench-${label}-${process.pid}-${++sequence}`;
      const started = performance.now();
      const answer = await request(`${url}/api/checkout`, {
        method: 'POST',
        dispatcher,
        headers: { 'content-type': 'application/json', 'idempotency-key': key },
        body,
      }).catch(() => null);
      if (!answer) {
        result.failures++;
        continue;
      }
      await answer.body.dump();
      const elapsed = performance.now() - started;
      if (answer.statusCode !== 201) {
        result.failures++;
        continue;
      }
      result.orders++;
      result.observed.push(elapsed);
      result.gateway.push(latency ? standInDelayMs(`checkout:${key}:charge`, latency) : 0);
    }
  }
  await Promise.all(Array.from({ length: shoppers }, shopper));
  await dispatcher.close();
  return result;
}
