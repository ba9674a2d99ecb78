import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../test/test-app';
import { cartPayload, countRows } from '../payments/payment.test-support';

/**
 * A decal must lie inside its variant's usable area at the letter size the shopper chose: both ways
 * to pay refuse a line that runs past it with 422 naming the line, the product and the limit, and
 * nothing is charged or written. The text is stored composed (NFC).
 */
let t: TestApp;
const { totalCents: _cents, ...cart } = cartPayload([1, 1]);
/** 116 mm of Inter at 12 mm letters: longer than the Galaxy S22's 82 mm below the camera. */
const LONG_PHONE_LINE = { ...cart.items[1]!, device: 'Samsung Galaxy S22', font: 'Inter', text: 'Happy Birthday Mom!!' };

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

async function rowCounts() {
  return [await countRows(t, 'orders'), await countRows(t, 'payment_intents'), await countRows(t, 'test_gateway_intents')];
}

const PATHS = {
  'POST /api/checkout': (items: unknown[]) => ({ path: '/api/checkout', body: { ...cart, items, billingAddress: null, paymentMethodId: 'pm_card_visa' } }),
  'POST /api/payments/create-intent': (items: unknown[]) => ({ path: '/api/payments/create-intent', body: { ...cart, items } }),
};

describe.each(Object.entries(PATHS))('%s', (_name, request) => {
  it('refuses a phone text too long for the back below the camera, naming the limit, and writes nothing', async () => {
    const before = await rowCounts();
    const { path, body } = request([cart.items[0]!, LONG_PHONE_LINE]);
    const response = await t.request('POST', path, { body });
    expect(response.status).toBe(422);
    expect(response.body.code).toBe('DECAL_DOES_NOT_FIT');
    expect(response.body.error).toMatch(/^Item 2: Too long for the Samsung Galaxy S22's back: \d+ mm at 12 mm letters, where 82 mm fit\. Shorten it or pick a smaller size\.$/);
    expect(response.body.errors).toEqual([{ path: 'items.1.text', message: response.body.error }]);
    expect(response.body.limits).toEqual([{ line: 2, device: 'Samsung Galaxy S22', lengthMm: 82, widthMm: 62.6 }]);
    expect(response.body.details).toBe(response.body.error);
    expect(await rowCounts()).toEqual(before);
  });

  it('takes the same text on a phone with room for it, or at a size that fits', async () => {
    const roomy = request([cart.items[0]!, { ...LONG_PHONE_LINE, fontSize: 14 }]);
    expect((await t.request('POST', roomy.path, { body: roomy.body, headers: { 'Idempotency-Key': `fits-${roomy.path}` } })).status).toBeLessThan(300);
  });
});

describe.each(Object.entries(PATHS))('%s letter sizes', (_name, request) => {
  it.each([
    ['Pecita at the old default 12 mm', { font: 'Pecita', fontSize: 24 }, 'Letters too small for Pecita: 12 mm, where Pecita is cut from 24 to 48 mm. Pick a size in that range.', 48],
    ['Inter under its smallest clean size', { font: 'Inter', fontSize: 10 }, 'Letters too small for Inter: 5 mm, where Inter is cut from 6 to 48 mm. Pick a size in that range.', 12],
  ])('refuses %s with 422 naming the offered range, and writes nothing', async (_case, size, message, minFontSize) => {
    const before = await rowCounts();
    const { path, body } = request([cart.items[0]!, { ...cart.items[1]!, text: 'Hi', ...size }]);
    const response = await t.request('POST', path, { body });
    expect(response.status).toBe(422);
    expect(response.body).toMatchObject({ code: 'LETTER_SIZE_NOT_OFFERED', error: `Item 2: ${message}` });
    expect(response.body.errors).toEqual([{ path: 'items.1.fontSize', message: `Item 2: ${message}` }]);
    expect(response.body.details).toBe(`Item 2: ${message}`);
    expect(response.body.limits).toEqual([{ line: 2, ...size, minFontSize, maxFontSize: 96, minLetterMm: minFontSize / 2, maxLetterMm: 48 }]);
    expect(await rowCounts()).toEqual(before);
  });

  it('takes a line sent without a size at the size its font starts at', async () => {
    const { fontSize: _size, ...unsized } = { ...cart.items[1]!, font: 'Pecita', text: 'Hi' };
    const { path, body } = request([cart.items[0]!, unsized]);
    const response = await t.request('POST', path, { body, headers: { 'Idempotency-Key': `unsized-${path}` } });
    expect(response.status).toBeLessThan(300);
  });
});

describe('text as the shopper typed it', () => {
  it('is stored composed, a letter and its combining mark counted once', async () => {
    // 20 characters as the shopper sees them, 23 code points as some keyboards send them.
    const decomposed = 'Cafe\u0301 Rene\u0301e Zoe\u0301 xoxo!';
    expect([...decomposed].length).toBe(23);
    const line = { ...cart.items[0]!, font: 'Inter', fontSize: 14, text: decomposed };
    const response = await t.request('POST', '/api/checkout', {
      body: { ...cart, items: [line, cart.items[1]!], billingAddress: null, paymentMethodId: 'pm_card_visa' },
      headers: { 'Idempotency-Key': 'nfc-order' },
    });
    expect(response.status).toBe(201);
    const stored = await t.app.context.db
      .selectFrom('order_items')
      .innerJoin('orders', 'orders.id', 'order_items.order_id')
      .select('order_items.text')
      .where('orders.order_number', '=', response.body.order.orderNumber)
      .execute();
    expect(stored.map((row) => row.text)).toContain('Caf\u00e9 Ren\u00e9e Zo\u00e9 xoxo!');
  });
});
