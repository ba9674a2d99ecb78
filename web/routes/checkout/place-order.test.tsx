/**
 * The placement flow (web/payments/place-order.ts) against the real server with the test gateway:
 * every decline message, idempotent retries, and an unreachable server.
 */
import { act, renderHook, waitFor } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { UNIT_PRICE_CENTS } from '../../../shared/catalog';
import { SPEC_DISCOUNTS } from '../../../shared/discount.test-support';
import type { CartLine } from '../../db/db';
import { placeOrder } from '../../payments/place-order';
import { INITIAL_VALUES, toCheckoutBody, totalsFor } from './checkout-form';
import { useOrderSubmission } from './use-order-submission';
import { usePendingCheckout } from './use-pending-checkout';
import { PENDING_CHECKOUT_KEY, readPendingCheckout } from '../../payments/pending-checkout';
import { db } from '../../db/db';
import { CHECKING_PAYMENT_MESSAGE } from '../../payments/place-order';
import { pointPageAt, startChildServer, type ChildServer } from './checkout.test-support';

let server: ChildServer;
beforeAll(async () => {
  server = await startChildServer();
  pointPageAt(server.url);
}, 60_000);
afterAll(async () => server?.close());

const line: CartLine = {
  id: 'line-1',
  productType: 'phone-case',
  device: 'iPhone 13',
  variant: 'iPhone 13',
  caseType: 'CLASSIC',
  text: 'Islander',
  color: 'Teal',
  font: 'Inter',
  fontSize: 24,
  logo: false,
  priceCents: UNIT_PRICE_CENTS,
  quantity: 2,
  addedAt: 1,
};

function bodyValues() {
  return {
    ...INITIAL_VALUES,
    email: 'pat@example.com',
    phone: '555-123-4567',
    firstName: 'Pat',
    lastName: 'Lee',
    address: '2 Beach Rd',
    city: 'San Diego',
    zipCode: '92101',
  };
}

function bodyFor(paymentMethodId: string, lines: CartLine[] = [line]) {
  return toCheckoutBody(bodyValues(), lines, totalsFor(lines, null), paymentMethodId);
}

describe('placeOrder', () => {
  it('places an order and answers a repeated key with the same order', async () => {
    const key = crypto.randomUUID();
    const first = await placeOrder(bodyFor('pm_card_visa'), { idempotencyKey: key });
    const again = await placeOrder(bodyFor('pm_card_visa'), { idempotencyKey: key });
    expect(first.kind).toBe('placed');
    expect(again).toEqual(first);
    if (first.kind === 'placed') expect(first.order).toMatchObject({ total: 12.91, customerEmail: 'pat@example.com' });
  });

  it('sends the discount code and the server charges the discounted total', async () => {
    const lines = [line];
    const body = toCheckoutBody({ ...bodyValues() }, lines, totalsFor(lines, SPEC_DISCOUNTS.SAVE10), 'pm_card_visa');
    expect(body.discountCode).toBe('SAVE10');
    const outcome = await placeOrder(body, { idempotencyKey: crypto.randomUUID() });
    expect(outcome).toMatchObject({ kind: 'placed', order: { total: body.total } });
    expect(body.total).toBe(11.62);
  });

  it.each([
    ['pm_card_visa_chargeDeclinedInsufficientFunds', 'Insufficient funds. Please try a different card.'],
    ['pm_card_chargeDeclinedExpiredCard', 'Your card has expired. Please use a different card.'],
    ['pm_card_chargeDeclinedIncorrectCvc', 'Incorrect security code. Please check your CVC and try again.'],
    ['pm_card_chargeDeclinedProcessingError', 'Payment processing error. Please try again.'],
    ['pm_card_visa_chargeDeclined', 'Your card was declined. Please try a different payment method.'],
    ['pm_card_visa_chargeDeclinedLostCard', 'Your card was declined. Please try a different payment method.'],
  ])('%s fails with its message', async (paymentMethodId, message) => {
    const outcome = await placeOrder(bodyFor(paymentMethodId), { idempotencyKey: crypto.randomUUID() });
    expect(outcome).toEqual({ kind: 'failed', message, settled: true, atCard: true, code: 'CARD_DECLINED' });
  });

  it('says which line does not fit its product, in the designer’s words, and charges nothing', async () => {
    const tooLong = { ...line, id: 'line-2', device: 'Samsung Galaxy S22', variant: 'Samsung Galaxy S22', text: 'Happy Birthday Mom!!', quantity: 1 };
    const outcome = await placeOrder(bodyFor('pm_card_visa', [line, tooLong]), { idempotencyKey: crypto.randomUUID() });
    expect(outcome).toMatchObject({ kind: 'failed', settled: true });
    if (outcome.kind === 'failed') {
      expect(outcome.message).toMatch(/^Item 2: Too long for the Samsung Galaxy S22's back: \d+ mm at 12 mm letters, where 82 mm fit\. Shorten it or pick a smaller size\.$/);
    }
  });

  it('needs action for the 3-D Secure card (no Stripe.js with the test gateway)', async () => {
    const outcome = await placeOrder(bodyFor('pm_card_authenticationRequired'), { idempotencyKey: crypto.randomUUID() });
    expect(outcome.kind).toBe('requires_action');
  });

  it('refuses an empty cart before calling the server', async () => {
    const outcome = await placeOrder(bodyFor('pm_card_visa', []), { idempotencyKey: crypto.randomUUID() });
    expect(outcome).toEqual({ kind: 'failed', message: 'Cart is empty', settled: true });
  });

  it('says it cannot connect when the server does not answer', async () => {
    const dead = await startChildServer();
    pointPageAt(dead.url);
    await dead.close();
    try {
      const outcome = await placeOrder(bodyFor('pm_card_visa'), { idempotencyKey: crypto.randomUUID() });
      expect(outcome).toEqual({ kind: 'failed', message: 'Cannot connect to server. Please check if the backend is running.', settled: true });
    } finally {
      pointPageAt(server.url);
    }
  });
});

describe('submitting the checkout form', () => {
  it('checks the cart and the server before the card goes to the payment provider (spec.md §4 order)', async () => {
    const dead = await startChildServer();
    pointPageAt(dead.url);
    await dead.close();
    const createPaymentMethod = vi.fn(async () => ({ paymentMethodId: 'pm_card_visa' }));
    const onPlaced = vi.fn();
    let lines: CartLine[] = [];
    try {
      const { result, rerender } = renderHook(() =>
        useOrderSubmission({
          values: bodyValues(),
          lines,
          totals: totalsFor(lines, null),
          card: { complete: true, error: null, version: 1 },
          createPaymentMethod,
          stripe: null,
          paymentReady: true,
          onInvalidShipping: () => undefined,
          onPlaced,
        }),
      );
      await act(() => result.current.submit());
      expect(result.current.submitError).toBe('Cart is empty');
      expect(createPaymentMethod).not.toHaveBeenCalled();

      lines = [line];
      rerender();
      await act(() => result.current.submit());
      expect(result.current.submitError).toBe('Cannot connect to server. Please check if the backend is running.');
      expect(createPaymentMethod).not.toHaveBeenCalled();
      expect(onPlaced).not.toHaveBeenCalled();

      pointPageAt(server.url);
      await act(() => result.current.submit());
      expect(createPaymentMethod).toHaveBeenCalledTimes(1);
      expect(onPlaced).toHaveBeenCalledTimes(1);
    } finally {
      pointPageAt(server.url);
    }
  });
});

describe('a checkout whose answer is lost', () => {
  it('stays pending in IndexedDB and is answered with the one order when checked again under its key', async () => {
    const realFetch = globalThis.fetch;
    const sent: { key: string | null; body: string }[] = [];
    // The server takes the checkout and charges; its answer never comes back.
    vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
      const response = await realFetch(url, init);
      if (!String(url).endsWith('/api/checkout')) return response;
      sent.push({ key: new Headers(init.headers).get('Idempotency-Key'), body: String(init.body) });
      if (sent.length === 1) throw new TypeError('Failed to fetch');
      return response;
    });
    const onPlaced = vi.fn();
    // The tests above placed orders without the page, which forgets the pending checkout as it keeps the order.
    await db.meta.delete(PENDING_CHECKOUT_KEY);
    try {
      const submission = renderHook(() =>
        useOrderSubmission({
          values: bodyValues(),
          lines: [line],
          totals: totalsFor([line], null),
          card: { complete: true, error: null, version: 1 },
          createPaymentMethod: async () => ({ paymentMethodId: 'pm_card_visa' }),
          stripe: null,
          paymentReady: true,
          onInvalidShipping: () => undefined,
          onPlaced,
        }),
      );
      await act(() => submission.result.current.submit());
      expect(onPlaced).not.toHaveBeenCalled();
      expect(submission.result.current.submitError).toBeNull();
      const pending = await readPendingCheckout();
      expect(pending).toMatchObject({ key: sent[0]!.key, state: 'unknown' });
      submission.unmount();

      // A reload: the page finds the pending checkout and sends the same body under the same key.
      const check = renderHook(() => usePendingCheckout(false, onPlaced));
      await waitFor(() => expect(onPlaced).toHaveBeenCalledTimes(1), { timeout: 15_000 });
      expect(sent).toHaveLength(2);
      expect(sent[1]).toEqual(sent[0]);
      expect(onPlaced.mock.calls[0]![0]).toMatchObject({ customerEmail: 'pat@example.com' });
      expect(check.result.current.refusal).toBeNull();
      check.unmount();
    } finally {
      vi.unstubAllGlobals();
    }
    expect(CHECKING_PAYMENT_MESSAGE).toMatch(/checking whether your payment went through/);
  });
});
