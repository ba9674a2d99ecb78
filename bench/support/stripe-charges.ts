/**
 * Child process of bench/stripe-client.bench.ts: the `stripe` package charging against the stand-in
 * at STAND_IN_URL with 32 charges in flight, on `node:http` (CLIENT=node, the package's default) or on
 * the shop's undici client (CLIENT=undici). Prints one JSON line: charges/s and this process's CPU per charge.
 */
import Stripe from 'stripe';
import { UndiciStripeHttpClient } from '../../server/payments/stripe-http-client';

const url = new URL(process.env.STAND_IN_URL!);
const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const httpClient = process.env.CLIENT === 'undici' ? new UndiciStripeHttpClient() : undefined;
const stripe = new Stripe('sk_test_bench', { host: url.hostname, port: url.port, protocol: 'http', telemetry: false, maxNetworkRetries: 2, ...(httpClient ? { httpClient } : {}) });

let charges = 0;
let keys = 0;
async function charging(until: number) {
  while (Date.now() < until) {
    const intent = await stripe.paymentIntents.create(
      { amount: 2500, currency: 'usd', payment_method: 'pm_card_visa', confirm: true, automatic_payment_methods: { enabled: true, allow_redirects: 'never' }, metadata: { shop_intent: `shop_pi_${keys}` } },
      { idempotencyKey: `bench:${process.pid}:${++keys}:charge` },
    );
    if (intent.status !== 'succeeded') throw new Error(`charge ended ${intent.status}`);
    charges++;
  }
}

const inFlight = (duration: number) => Promise.all(Array.from({ length: 32 }, () => charging(Date.now() + duration * 1000)));
await inFlight(2);
charges = 0;
const cpu = process.cpuUsage();
const started = Date.now();
await inFlight(seconds);
const used = process.cpuUsage(cpu);
const elapsed = (Date.now() - started) / 1000;
console.log(JSON.stringify({ perSecond: charges / elapsed, cpuPerCharge: (used.user + used.system) / charges, systemPerCharge: used.system / charges }));
await httpClient?.close();
