import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../test/test-app';
import { cartPayload, countRows } from './payment.test-support';

/**
 * Every path that accepts items checks each design against the catalogue: a bad field on
 * line 2 is a 422 naming the line in the spec's words, and nothing is written.
 */
let t: TestApp;
let paidIntentId: string;
const { totalCents: _cents, ...cart } = cartPayload([1, 1]);

beforeAll(async () => {
  t = await startTestApp();
  // A paid intent for this very cart: POST /orders would create its order if the design were let through.
  const intent = await t.request('POST', '/api/payments/create-intent', { body: cart });
  expect(intent.status).toBe(200);
  const confirmed = await t.request('POST', '/api/payments/confirm', { body: { paymentIntentId: intent.body.id, paymentMethodId: 'pm_card_visa' } });
  expect(confirmed.body.status).toBe('succeeded');
  paidIntentId = intent.body.id;
});
afterAll(() => t.close());

type Line = Record<string, unknown>;
const without = (field: string) => (line: Line) => Object.fromEntries(Object.entries(line).filter(([key]) => key !== field));
const set = (field: string, value: unknown) => (line: Line) => ({ ...line, [field]: value });

const BAD_DESIGNS: [string, (line: Line) => Line, string][] = [
  ['no device', without('device'), 'Device selection is required'],
  ['an empty device', set('device', ''), 'Device selection is required'],
  ['a device outside the catalogue', set('device', 'Nokia 3310'), 'Device selection is required'],
  ['a water-bottle productType on an iPhone', set('productType', 'water-bottle'), 'Product type does not match the device'],
  ['a productType outside the catalogue', set('productType', 'mug'), 'Product type does not match the device'],
  ['a variant other than the device', set('variant', 'Large Bottle'), 'Device selection is required'],
  ['no colour', without('color'), 'Color selection is required'],
  ['an unknown colour', set('color', 'Neon Green'), 'Color selection is required'],
  ['a 90,000-character colour', set('color', 'x'.repeat(90_000)), 'Color selection is required'],
  ['an unknown font', set('font', 'Comic Sans'), 'Font selection is required'],
  ['an unknown case type', set('caseType', 'TOUGH'), 'Case type selection is required'],
  ['a font size under 8', set('fontSize', 7), 'Invalid font size'],
  ['a font size over 96', set('fontSize', 97), 'Invalid font size'],
  ['a fractional font size', set('fontSize', 12.5), 'Invalid font size'],
  ['a font size as a string', set('fontSize', '24'), 'Invalid font size'],
  ['quantity 0', set('quantity', 0), 'Invalid quantity'],
  ['quantity 100', set('quantity', 100), 'Invalid quantity'],
  ['a fractional quantity', set('quantity', 1.5), 'Invalid quantity'],
  ['a price with three decimals', set('price', 5.951), 'Invalid price'],
  ['a negative price', set('price', -5.95), 'Invalid price'],
  ['no text', without('text'), 'Custom text is required'],
  ['blank text', set('text', '   '), 'Custom text is required'],
  ['21 characters of text', set('text', 'x'.repeat(21)), 'Text exceeds 20 character limit'],
  ['an ESC sequence in the text', set('text', 'Bad\u001B[31m'), 'Text contains characters that are not allowed'],
  ['a right-to-left override in the text', set('text', '\u202Eevil'), 'Text contains characters that are not allowed'],
  ['a NUL in the text', set('text', 'a\u0000b'), 'Text contains characters that are not allowed'],
  ['a line break in the text', set('text', 'two\nlines'), 'Text contains characters that are not allowed'],
  ['an emoji the font cannot print', set('text', 'Hi 😀'), 'Text contains characters that cannot be printed: 😀'],
  ['Cyrillic the font cannot print', set('text', 'Да'), 'Text contains characters that cannot be printed: Д а'],
];

const ENDPOINTS = {
  'POST /api/payments/create-intent': (items: Line[]) => ({ path: '/api/payments/create-intent', body: { ...cart, items } }),
  'POST /api/checkout': (items: Line[]) => ({ path: '/api/checkout', body: { ...cart, items, billingAddress: null, paymentMethodId: 'pm_card_visa' } }),
  'POST /api/orders': (items: Line[]) => ({ path: '/api/orders', body: { ...cart, items, billingAddress: null, paymentInfo: { paymentIntentId: paidIntentId } } }),
};

async function rowCounts() {
  const items = await t.app.context.db.selectFrom('order_items').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return [await countRows(t, 'orders'), Number(items.n), await countRows(t, 'payment_intents'), await countRows(t, 'test_gateway_intents')];
}

describe.each(Object.entries(ENDPOINTS))('%s', (_name, request) => {
  it.each(BAD_DESIGNS)('refuses %s on line 2 with 422 and writes nothing', async (_case, spoil, message) => {
    const before = await rowCounts();
    const { path, body } = request([cart.items[0]!, spoil(cart.items[1]!)]);
    const response = await t.request('POST', path, { body });
    expect(response.status).toBe(422);
    expect(response.body).toMatchObject({ error: `Item 2: ${message}`, code: 'VALIDATION_ERROR' });
    expect(response.body.errors).toContainEqual({ path: expect.stringMatching(/^items\.1\./), message: `Item 2: ${message}` });
    expect(await rowCounts()).toEqual(before);
  });
});

describe('a valid design', () => {
  it('passes on the same paths: the paid intent becomes its order, with the product its variant decides', async () => {
    const items = [cart.items[0]!, { ...cart.items[1]!, color: 'hot pink', font: 'inter', text: 'Zoë & <Ægir>' }];
    const response = await t.request('POST', '/api/orders', { body: { ...cart, items, billingAddress: null, paymentInfo: { paymentIntentId: paidIntentId } } });
    expect(response.status).toBe(201);
    expect(response.body.order.items).toHaveLength(2);
    expect(response.body.order.items.map((item: { productType: string }) => item.productType)).toEqual(['phone-case', 'phone-case']);
  });
});
