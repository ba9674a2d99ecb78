import Stripe from 'stripe';
import { startTestApp, type TestApp, type TestResponse } from '../test/test-app';
import { checkoutBody } from './payment.test-support';
import { startStripeStandIn, type StripeStandIn } from '../test/stripe-stand-in';

export const WEBHOOK_SECRET = 'whsec_test_secret_for_the_stand_in';

export interface StripeTestShop {
  t: TestApp;
  standIn: StripeStandIn;
  /** POSTs `event` (any JSON) to the webhook, signed with the shop's secret. */
  signedWebhook(event: unknown, timestamp?: number): Promise<TestResponse>;
  createIntent(quantities?: number[], key?: string): Promise<TestResponse>;
  close(): Promise<void>;
}

/** Test-only: the shop configured for Stripe, the `stripe` package pointed at a local stand-in. */
export async function startStripeTestShop(env: Record<string, string> = {}): Promise<StripeTestShop> {
  const standIn = await startStripeStandIn();
  const t = await startTestApp({
    STRIPE_SECRET_KEY: 'sk_test_stand_in',
    STRIPE_PUBLISHABLE_KEY: 'pk_test_stand_in',
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_API_BASE: standIn.url,
    ...env,
  });
  return {
    t,
    standIn,
    signedWebhook(event, timestamp = Math.floor(Date.now() / 1000)) {
      const payload = JSON.stringify(event);
      const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET, timestamp });
      return t.request('POST', '/api/payments/webhook', { rawBody: payload, headers: { 'Stripe-Signature': signature, 'Content-Type': 'application/json' } });
    },
    createIntent(quantities = [1], key) {
      const { paymentMethodId: _pm, billingAddress: _b, ...cart } = checkoutBody('pm_card_visa', quantities);
      return t.request('POST', '/api/payments/create-intent', { body: cart, headers: key ? { 'Idempotency-Key': key } : {} });
    },
    async close() {
      await t.close();
      await standIn.close();
    },
  };
}

/** A Stripe event of `type` about `object`, as Stripe would send it. */
export function stripeEvent(id: string, type: string, object: Record<string, unknown>) {
  return { id, object: 'event', type, created: Math.floor(Date.now() / 1000), data: { object } };
}
