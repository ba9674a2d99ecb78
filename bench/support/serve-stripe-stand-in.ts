/** Child process for the benchmarks: the local Stripe stand-in on its own event loop, with STANDIN_LATENCY_MS ± STANDIN_JITTER_MS. */
import { startStripeStandIn } from '../../server/test/stripe-stand-in';

const baseMs = Number(process.env.STANDIN_LATENCY_MS ?? 0);
const jitterMs = Number(process.env.STANDIN_JITTER_MS ?? 0);
const standIn = await startStripeStandIn(baseMs > 0 ? { latency: { baseMs, jitterMs } } : {});
console.log(JSON.stringify({ url: standIn.url }));
process.on('SIGTERM', () => {
  void standIn.close().then(() => process.exit(0));
});
