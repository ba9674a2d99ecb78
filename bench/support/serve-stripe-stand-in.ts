/** Child process for bench/scale.bench.ts: the local Stripe stand-in, on its own event loop. */
import { startStripeStandIn } from '../../server/payments/stripe-stand-in';

const standIn = await startStripeStandIn();
console.log(JSON.stringify({ url: standIn.url }));
process.on('SIGTERM', () => {
  void standIn.close().then(() => process.exit(0));
});
