import { afterEach, expect, it } from 'vitest';
import { waitFor } from '../mail/mail.test-support';
import { startStripeStandIn, type StripeStandIn } from '../test/stripe-stand-in';
import { startTestApp, type TestApp } from '../test/test-app';
import { WEBHOOK_SECRET } from './stripe.test-support';
import { cartPayload, countRows } from './payment.test-support';

/**
 * The shop starts and answers while Stripe does not: the reconciliation of a paid intent without
 * its order runs in the background and writes the order once Stripe answers again.
 */
let standIn: StripeStandIn | undefined;
const apps: TestApp[] = [];
afterEach(async () => {
  standIn?.holdAnswers(false);
  for (const app of apps.splice(0).reverse()) await app.close();
  await standIn?.close();
});

it('listens and answers health while Stripe hangs, and reconciles the paid intent once Stripe answers', async () => {
  standIn = await startStripeStandIn();
  const env = { STRIPE_SECRET_KEY: 'sk_test_stand_in', STRIPE_PUBLISHABLE_KEY: 'pk_test_stand_in', STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET, STRIPE_API_BASE: standIn.url, MAIL_ENABLED: '0' };
  const first = await startTestApp(env);
  apps.push(first);
  const { totalCents: _cents, ...cart } = cartPayload([2]);
  const intent = await first.request('POST', '/api/payments/create-intent', { body: cart });
  expect(intent.status).toBe(200);
  const paid = await first.request('POST', '/api/payments/confirm', { body: { paymentIntentId: intent.body.id, paymentMethodId: 'pm_card_visa' } });
  expect(paid.body.status).toBe('succeeded');
  // The browser closes before posting the order; a second process of the shop starts on the same
  // database (the first keeps its files; its own deferred settle is minutes away).

  standIn.holdAnswers(true);
  const requestsBefore = standIn.requests();
  const restarted = await startTestApp({ ...env, DATABASE_URL: first.databaseUrl });
  apps.push(restarted);
  const health = await restarted.request('GET', '/api/health');
  expect(health.status).toBe(200);
  expect((await restarted.request('GET', '/api/payments/config')).status).toBe(200);
  expect(await countRows(restarted, 'orders')).toBe(0);
  expect(standIn.requests()).toBe(requestsBefore);

  standIn.holdAnswers(false);
  await waitFor('the reconciled order', async () => (await countRows(restarted, 'orders')) === 1);
  const order = await restarted.app.context.db.selectFrom('orders').select(['payment_intent_id', 'total_cents']).executeTakeFirstOrThrow();
  expect(order).toEqual({ payment_intent_id: intent.body.id, total_cents: Math.round(intent.body.amount) });
});
