import { afterAll, beforeAll, expect, it } from 'vitest';
import { createUserWithToken } from '../auth/auth.test-support';
import { startTestSmtpServer, waitFor, type ReceivedMail, type TestSmtpServer } from '../mail/mail.test-support';
import { checkoutBody } from '../payments/payment.test-support';
import { startStripeTestShop, stripeEvent, type StripeTestShop } from '../payments/stripe.test-support';
import { decodedTextPart } from '../test/mail.scenarios';

/**
 * The customer hears of what the shop does to an order after it was placed: a cancellation (with
 * its refund), a refund (full or part, with the amount), a refund that failed at Stripe (the order
 * is also flagged for the admin), the print room's fix of their text. Through the outbox, to a
 * real SMTP server, with the shop on Stripe (the `stripe` package against the local stand-in).
 */
const POLL_MS = 100;
let smtp: TestSmtpServer;
let shop: StripeTestShop;
let admin: string;

beforeAll(async () => {
  smtp = await startTestSmtpServer();
  shop = await startStripeTestShop({ SMTP_URL: smtp.url, MAIL_FROM: 'Villa Prints <orders@villa-prints.test>', PUBLIC_URL: 'https://shop.example.com', MAIL_POLL_MS: String(POLL_MS) });
  admin = (await createUserWithToken(shop.t, 'admin')).token;
}, 60_000);
afterAll(async () => {
  await shop?.close();
  await smtp?.close();
});

async function paidOrder(key: string) {
  const placed = await shop.t.request('POST', '/api/checkout', { body: checkoutBody('pm_card_visa', [2]), headers: { 'Idempotency-Key': key } });
  expect(placed.status).toBe(201);
  return shop.t.app.context.db.selectFrom('orders').selectAll().where('order_number', '=', placed.body.order.orderNumber).executeTakeFirstOrThrow();
}

const mailsAbout = (orderNumber: string, subjectEnd: string) => smtp.received.filter((mail) => mail.subject.includes(orderNumber) && mail.subject.endsWith(subjectEnd));
const quietPeriod = () => new Promise((resolve) => setTimeout(resolve, 5 * POLL_MS));
async function onlyMail(orderNumber: string, subjectEnd: string): Promise<{ mail: ReceivedMail; text: string }> {
  await waitFor(`the mail "…${subjectEnd}"`, () => mailsAbout(orderNumber, subjectEnd).length > 0);
  await quietPeriod();
  const mails = mailsAbout(orderNumber, subjectEnd);
  expect(mails).toHaveLength(1);
  return { mail: mails[0]!, text: decodedTextPart(mails[0]!.raw) };
}
const refund = (paymentIntentId: string, amount: number | null) => shop.t.request('POST', '/api/payments/refund', { token: admin, body: { paymentIntentId, amount } });

it('mails one cancellation notice naming its refund (no separate refund mail), once however often the cancel is sent', async () => {
  const order = await paidOrder('update-mail-cancel');
  const body = { baseVersion: order.version, refund: { amount: null } };
  for (let attempt = 0; attempt < 2; attempt++) expect((await shop.t.request('POST', `/api/orders/${order.id}/cancel`, { token: admin, body })).status).toBe(200);
  const { mail, text } = await onlyMail(order.order_number, 'has been cancelled');
  expect(mail.to).toEqual(['maya@example.com']);
  expect(text).toContain(`We have cancelled your order ${order.order_number}`);
  expect(text).toContain('Refund: $12.91');
  expect(text).toContain(`https://shop.example.com/orders/track?order=${order.order_number}`);
  expect(mail.raw).toContain('Content-Type: text/html');
  expect(mailsAbout(order.order_number, `refund for order ${order.order_number}`)).toHaveLength(0);
});

it('mails a cancellation made from the status menu, without a refund line', async () => {
  const order = await paidOrder('update-mail-cancel-status');
  expect((await shop.t.request('PATCH', `/api/orders/${order.id}/status`, { token: admin, body: { status: 'cancelled' } })).status).toBe(200);
  const { text } = await onlyMail(order.order_number, 'has been cancelled');
  expect(text).not.toContain('Refund:');
});

it('mails each refund with its amount: a part of the total, then the rest', async () => {
  const order = await paidOrder('update-mail-refunds');
  expect((await refund(order.payment_intent_id!, 5)).status).toBe(200);
  await waitFor('the partial refund mail', () => mailsAbout(order.order_number, `refund for order ${order.order_number}`).length === 1);
  expect((await refund(order.payment_intent_id!, null)).status).toBe(200);
  await waitFor('both refund mails', () => mailsAbout(order.order_number, `refund for order ${order.order_number}`).length === 2);
  await quietPeriod();
  const texts = mailsAbout(order.order_number, `refund for order ${order.order_number}`).map((mail) => decodedTextPart(mail.raw));
  expect(texts).toHaveLength(2);
  expect(texts.find((text) => text.includes('Refund: $5.00 of $12.91'))).toContain('refunded part of your order');
  expect(texts.find((text) => text.includes('Refund: $7.91'))).toBeDefined();
});

it('flags the order and mails the customer when a refund fails at Stripe after the order was cancelled; a new refund clears the flag', async () => {
  const order = await paidOrder('update-mail-refund-fails');
  const cancelled = await shop.t.request('POST', `/api/orders/${order.id}/cancel`, { token: admin, body: { baseVersion: order.version, refund: { amount: null } } });
  expect(cancelled.status).toBe(200);
  const refundId = cancelled.body.refund.id as string;
  const failed = await shop.signedWebhook(stripeEvent('evt_update_mail_refund_failed', 'refund.failed', { id: refundId, object: 'refund', status: 'failed', amount: 1291, payment_intent: order.payment_intent_id }));
  expect(failed.body.result).toBe('refund_updated');

  const seen = await shop.t.request('GET', `/api/orders/${order.id}`, { token: admin });
  expect(seen.body.order).toMatchObject({ status: 'cancelled', refundedAmount: 0, paymentStatus: 'succeeded', refundFailedAt: expect.any(String) });
  const pulled = await shop.t.request('GET', '/api/sync/orders?limit=500', { token: admin });
  expect(pulled.body.orders.find((view: { id: string }) => view.id === order.id)).toMatchObject({ refundFailedAt: expect.any(String) });

  const { text } = await onlyMail(order.order_number, 'did not go through');
  expect(text).toContain('The refund of $12.91 for your order');
  expect(text).toContain('Refund not completed: $12.91');

  // At Stripe a failed refund's amount can be refunded again; the stand-in's ledger is told so.
  shop.standIn.refunded.set(order.payment_intent_id!, 0);
  expect((await refund(order.payment_intent_id!, null)).status).toBe(200);
  const after = await shop.t.request('GET', `/api/orders/${order.id}`, { token: admin });
  expect(after.body.order).toMatchObject({ refundedAmount: 12.91, refundFailedAt: null });
});

it("mails the customer when the admin fixes their text, naming the old and the new text; not for a colour change", async () => {
  const order = await paidOrder('update-mail-text-fix');
  const fixed = await shop.t.request('PATCH', `/api/orders/${order.id}/items/1`, { token: admin, body: { text: 'Bombshell!', baseVersion: order.version } });
  expect(fixed.status).toBe(200);
  const recoloured = await shop.t.request('PATCH', `/api/orders/${order.id}/items/1`, { token: admin, body: { color: 'Teal', baseVersion: fixed.body.order.version } });
  expect(recoloured.status).toBe(200);
  const { text } = await onlyMail(order.order_number, `the text of your Villa Prints order ${order.order_number}`);
  expect(text).toMatch(/from "Bombshell 1" to "Bombshell!"/);
  expect(text).toContain('New text: "Bombshell!"');
  expect(smtp.received.filter((mail) => mail.subject.includes(order.order_number) && mail.subject.startsWith('We updated'))).toHaveLength(1);
});
