import { Agent, request } from 'undici';
import { checkoutBody } from '../../server/payments/payment.test-support';
import { standInDelayMs, type StandInLatency } from '../../server/test/stripe-stand-in';

export interface Arrivals {
  /** Checkouts started per second. */
  rate: number;
  seconds: number;
  /** Exponential gaps (shoppers arriving independently) or an even beat. */
  spacing: 'poisson' | 'fixed';
}

export interface OpenLoopResult {
  offered: number;
  orders: number;
  /** Answers other than 201, by status, or by error code when no answer came. */
  failures: Map<string, number>;
  /** Per order placed: ms from its arrival to its answer, and the gateway's own delay for its charge. */
  observed: number[];
  gateway: number[];
  /** When the last answer came (epoch ms). */
  lastAnswerAt: number;
  /** Per checkout (by its Idempotency-Key), epoch ms: planned arrival, when it was sent, when its answer was read. */
  timeline: Map<string, { planned: number; sent: number; answered: number }>;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Shoppers arriving at `rate` checkouts/s for `seconds`, each POSTing /api/checkout with a fresh
 * Idempotency-Key whether or not earlier ones were answered (an open loop: a slow shop meets more
 * shoppers at once, as on a sale day). Time runs from each checkout's planned arrival, so a
 * backlog in the load generator counts against the shop, not hidden by it.
 */
export async function arriveAndCheckOut(url: string, arrivals: Arrivals, latency: StandInLatency, label: string): Promise<OpenLoopResult> {
  const dispatcher = new Agent({ connections: 4096, keepAliveTimeout: 30_000 });
  const body = JSON.stringify(checkoutBody('pm_card_visa', [1]));
  const result: OpenLoopResult = { offered: 0, orders: 0, failures: new Map(), observed: [], gateway: [], lastAnswerAt: 0, timeline: new Map() };
  const failed = (kind: string) => void result.failures.set(kind, (result.failures.get(kind) ?? 0) + 1);

  async function checkout(arrival: number, key: string) {
    const times = { planned: performance.timeOrigin + arrival, sent: performance.timeOrigin + performance.now(), answered: 0 };
    result.timeline.set(key, times);
    let networkError = '';
    const answer = await request(`${url}/api/checkout`, { method: 'POST', dispatcher, headers: { 'content-type': 'application/json', 'idempotency-key': key }, body }).catch((error: { code?: string }) => {
      networkError = error.code ?? 'network';
      return null;
    });
    if (answer) await answer.body.dump();
    const elapsed = performance.now() - arrival;
    times.answered = performance.timeOrigin + arrival + elapsed;
    result.lastAnswerAt = Math.max(result.lastAnswerAt, Date.now());
    if (!answer) return failed(networkError);
    if (answer.statusCode !== 201) return failed(String(answer.statusCode));
    result.orders++;
    result.observed.push(elapsed);
    result.gateway.push(standInDelayMs(`checkout:${key}:charge`, latency));
  }

  const gapMs = () => (arrivals.spacing === 'poisson' ? -Math.log(1 - Math.random()) : 1) * (1000 / arrivals.rate);
  const started = performance.now();
  const endAt = started + arrivals.seconds * 1000;
  const pending: Promise<void>[] = [];
  for (let arrival = started + gapMs(); arrival < endAt; arrival += gapMs()) {
    const wait = arrival - performance.now();
    if (wait >= 1) await sleep(wait);
    result.offered++;
    pending.push(checkout(arrival, `open-${label}-${process.pid}-${result.offered}`));
  }
  await Promise.all(pending);
  await dispatcher.close();
  return result;
}
