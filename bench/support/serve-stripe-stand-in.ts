/** Child process for the benchmarks: the local Stripe stand-in, on its own event loop. */
import { startStripeStandIn } from '../../server/test/stripe-stand-in';

const standIn = await startStripeStandIn();
console.log(JSON.stringify({ url: standIn.url }));
process.on('SIGTERM', () => {
  void standIn.close().then(() => process.exit(0));
});
