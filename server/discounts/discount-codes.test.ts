import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SPEC_DISCOUNTS } from '../../shared/discount.test-support';
import type { Discount } from '../../shared/pricing';
import { createUserWithToken } from '../auth/auth.test-support';
import { countRows, testGatewayCharges } from '../payments/payment.test-support';
import { startTestApp, type TestApp } from '../test/test-app';
import { discountedCheckout, ordersWithCode } from './discount.test-support';

let t: TestApp;
let adminToken: string;
let superToken: string;
let customerToken: string;
beforeAll(async () => {
  t = await startTestApp();
  adminToken = (await createUserWithToken(t, 'admin')).token;
  superToken = (await createUserWithToken(t, 'super_admin')).token;
  customerToken = (await createUserWithToken(t, 'customer')).token;
});
afterAll(() => t?.close());

const DAY = 24 * 60 * 60 * 1000;
const iso = (offsetMs: number) => new Date(Date.now() + offsetMs).toISOString();
const createCode = (body: unknown, token = adminToken) => t.request('POST', '/api/admin/discount-codes', { body, token });
const listCodes = (token = adminToken) => t.request('GET', '/api/admin/discount-codes', { token });
const setActive = (code: string, active: unknown, token = adminToken) => t.request('PATCH', `/api/admin/discount-codes/${code}`, { body: { active }, token });
const checkout = (body: unknown, key?: string) => t.request('POST', '/api/checkout', { body, headers: key ? { 'Idempotency-Key': key } : {} });
const percent = (code: string, value = 20): Discount => ({ code, type: 'percentage', value });
/** What the shop can see of a refusal: the spec's words, and nothing charged or written. */
async function expectRefusedWithoutCharge(body: unknown) {
  const before = [await countRows(t, 'orders'), await countRows(t, 'payment_intents'), await countRows(t, 'test_gateway_intents')];
  const response = await checkout(body);
  expect(response.status, response.text).toBe(422);
  expect(response.body).toMatchObject({ success: false, error: 'Invalid discount code' });
  expect([await countRows(t, 'orders'), await countRows(t, 'payment_intents'), await countRows(t, 'test_gateway_intents')]).toEqual(before);
}

describe('the admin calls (design.md §9)', () => {
  it('refuses anyone but staff: 401 without a session, 403 for a customer, changing nothing', async () => {
    const body = { code: 'SNEAKY', type: 'percentage', value: 50 };
    expect((await t.request('GET', '/api/admin/discount-codes')).status).toBe(401);
    expect((await t.request('POST', '/api/admin/discount-codes', { body })).status).toBe(401);
    expect((await listCodes(customerToken)).status).toBe(403);
    expect((await createCode(body, customerToken)).status).toBe(403);
    expect((await setActive('SAVE10', false, customerToken)).status).toBe(403);
    const codes = (await listCodes()).body.codes as { code: string; active: boolean }[];
    expect(codes.find((code) => code.code === 'SNEAKY')).toBeUndefined();
    expect(codes.find((code) => code.code === 'SAVE10')?.active).toBe(true);
  });

  it('lists the spec\'s three seeded codes with their uses', async () => {
    const response = await listCodes(superToken);
    expect(response.status).toBe(200);
    expect(response.body.codes).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ code: 'SAVE10', type: 'percentage', value: 10, active: true, maxUses: null, maxUsesPerCustomer: null, uses: expect.any(Number) }),
        expect.objectContaining({ code: 'WELCOME5', type: 'fixed', value: 5 }),
        expect.objectContaining({ code: 'FREESHIP', type: 'shipping', value: 0 }),
      ]),
    );
  });

  it('creates a code in capitals (201) and refuses the same code in any case (409)', async () => {
    const body = { code: 'weekend15', type: 'fixed', value: 2.5, maxUses: 100, maxUsesPerCustomer: 1, startsAt: iso(-DAY), endsAt: iso(DAY) };
    const created = await createCode(body);
    expect(created.status, created.text).toBe(201);
    expect(created.body.code).toMatchObject({ code: 'WEEKEND15', type: 'fixed', value: 2.5, active: true, maxUses: 100, maxUsesPerCustomer: 1, uses: 0 });
    expect(Date.parse(created.body.code.endsAt)).toBe(Date.parse(body.endsAt));
    const again = await createCode({ ...body, code: 'WeekEnd15' });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ error: 'A discount code with this name already exists', code: 'DISCOUNT_CODE_EXISTS' });
    const listed = (await listCodes()).body.codes.filter((code: { code: string }) => code.code === 'WEEKEND15');
    expect(listed).toHaveLength(1);
  });

  it.each([
    [{ type: 'percentage', value: 10 }, 'Code is required'],
    [{ code: 'A!', type: 'percentage', value: 10 }, 'Code must be 3 to 32 characters'],
    [{ code: 'HALF OFF', type: 'percentage', value: 10 }, 'Code may use only letters, digits, - and _'],
    [{ code: 'BADTYPE', type: 'bogo', value: 10 }, 'Choose a type: percentage, fixed or shipping'],
    [{ code: 'TOOMUCH', type: 'percentage', value: 150 }, 'Percentage must be a whole number from 1 to 100'],
    [{ code: 'NOTHING', type: 'fixed', value: 0 }, 'Amount off must be between $0.01 and $1,000 in whole cents'],
    [{ code: 'HALFCENT', type: 'fixed', value: 1.005 }, 'Amount off must be between $0.01 and $1,000 in whole cents'],
    [{ code: 'SHIPFIVE', type: 'shipping', value: 5 }, 'A free-shipping code takes no value (0)'],
    [{ code: 'ZEROUSES', type: 'percentage', value: 10, maxUses: 0 }, 'Limits must be whole numbers of at least 1'],
    [{ code: 'BADDATE', type: 'percentage', value: 10, startsAt: 'next friday' }, 'Dates must be ISO 8601 date-times, e.g. 2026-12-01T00:00:00Z'],
    [{ code: 'BACKWARDS', type: 'percentage', value: 10, startsAt: iso(DAY), endsAt: iso(-DAY) }, 'The end must be after the start'],
  ])('refuses bad input with 422 and its message: %j', async (body, message) => {
    const response = await createCode(body);
    expect(response.status).toBe(422);
    expect(response.body.error).toBe(message);
    const codes = (await listCodes()).body.codes.map((code: { code: string }) => code.code);
    if ('code' in body) expect(codes).not.toContain(String(body.code).toUpperCase());
  });

  it('refuses fields it does not know', async () => {
    const response = await createCode({ code: 'EXTRA', type: 'percentage', value: 10, uses: 5 });
    expect(response.status).toBe(422);
  });

  it('deactivates and activates a code by its name in any case; 404 for an unknown code, 422 for a bad body', async () => {
    await createCode({ code: 'TOGGLE', type: 'percentage', value: 5 });
    const off = await setActive('toggle', false);
    expect(off.status).toBe(200);
    expect(off.body.code).toMatchObject({ code: 'TOGGLE', active: false });
    expect((await listCodes()).body.codes.find((code: { code: string }) => code.code === 'TOGGLE').active).toBe(false);
    expect((await setActive('TOGGLE', true)).body.code.active).toBe(true);
    const unknown = await setActive('NOSUCHCODE', false);
    expect(unknown.status).toBe(404);
    expect(unknown.body.error).toBe('Discount code not found');
    const bad = await setActive('TOGGLE', 'no');
    expect(bad.status).toBe(422);
    expect(bad.body.error).toBe('active must be true or false');
  });
});

describe('the checkout with a code from the database', () => {
  it('prices a created code sent in another case, and counts the order as a use', async () => {
    await createCode({ code: 'CASEY20', type: 'percentage', value: 20 });
    const placed = await checkout(discountedCheckout(percent('CASEY20'), 'casey20'));
    expect(placed.status, placed.text).toBe(201);
    expect(await ordersWithCode(t, 'CASEY20')).toBe(1);
    expect((await listCodes()).body.codes.find((code: { code: string }) => code.code === 'CASEY20').uses).toBe(1);
  });

  it('prices a fixed code in cents', async () => {
    await createCode({ code: 'TWOFIFTY', type: 'fixed', value: 2.5 });
    const placed = await checkout(discountedCheckout({ code: 'TWOFIFTY', type: 'fixed', value: 250 }));
    expect(placed.status, placed.text).toBe(201);
  });

  it('refuses an unknown code before any charge', () => expectRefusedWithoutCharge(discountedCheckout(percent('NOTACODE'))));

  it('refuses an inactive code before any charge', async () => {
    await createCode({ code: 'SLEEPING', type: 'percentage', value: 20 });
    await setActive('SLEEPING', false);
    await expectRefusedWithoutCharge(discountedCheckout(percent('SLEEPING')));
  });

  it('refuses a code deactivated after this process priced with it', async () => {
    await createCode({ code: 'LATEOFF', type: 'percentage', value: 20 });
    expect((await checkout(discountedCheckout(percent('LATEOFF')))).status).toBe(201);
    await setActive('LATEOFF', false);
    await expectRefusedWithoutCharge(discountedCheckout(percent('LATEOFF')));
  });

  it('refuses a code that has not started yet, and one that has ended', async () => {
    await createCode({ code: 'FUTURE', type: 'percentage', value: 20, startsAt: iso(DAY) });
    await createCode({ code: 'BYGONE', type: 'percentage', value: 20, startsAt: iso(-2 * DAY), endsAt: iso(-DAY) });
    await expectRefusedWithoutCharge(discountedCheckout(percent('FUTURE')));
    await expectRefusedWithoutCharge(discountedCheckout(percent('BYGONE')));
  });

  it('refuses a code whose total uses are taken', async () => {
    await createCode({ code: 'ONCEONLY', type: 'percentage', value: 20, maxUses: 1 });
    expect((await checkout(discountedCheckout(percent('ONCEONLY'), 'ONCEONLY', 'first@example.com'))).status).toBe(201);
    await expectRefusedWithoutCharge(discountedCheckout(percent('ONCEONLY'), 'ONCEONLY', 'second@example.com'));
  });

  it('refuses a customer (by e-mail, any case) who used up their uses, not another customer', async () => {
    await createCode({ code: 'ONEEACH', type: 'percentage', value: 20, maxUses: 10, maxUsesPerCustomer: 1 });
    expect((await checkout(discountedCheckout(percent('ONEEACH'), 'ONEEACH', 'ana@example.com'))).status).toBe(201);
    await expectRefusedWithoutCharge(discountedCheckout(percent('ONEEACH'), 'oneeach', 'Ana@Example.com'));
    expect((await checkout(discountedCheckout(percent('ONEEACH'), 'ONEEACH', 'ben@example.com'))).status).toBe(201);
    expect(await ordersWithCode(t, 'ONEEACH')).toBe(2);
  });

  it('gives 20 concurrent checkouts of a code limited to 1 use exactly one discounted order, charging no one else', async () => {
    await createCode({ code: 'FIRSTONE', type: 'percentage', value: 50, maxUses: 1 });
    const charges = await testGatewayCharges(t);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, index) => checkout(discountedCheckout(percent('FIRSTONE', 50), 'FIRSTONE', `racer${index}@example.com`), `race-${index}`)),
    );
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses).toEqual([201, ...Array<number>(19).fill(422)]);
    for (const refused of answers.filter((answer) => answer.status === 422)) expect(refused.body.error).toBe('Invalid discount code');
    expect(await ordersWithCode(t, 'FIRSTONE')).toBe(1);
    expect(await testGatewayCharges(t)).toBe(charges + 1);
  });

  it('counts a retried checkout (same Idempotency-Key) once', async () => {
    await createCode({ code: 'TWICE', type: 'percentage', value: 20, maxUses: 2 });
    const body = discountedCheckout(percent('TWICE'), 'TWICE', 'retry@example.com');
    const first = await checkout(body, 'retry-key');
    const again = await checkout(body, 'retry-key');
    expect(first.status).toBe(201);
    expect(again.body).toEqual(first.body);
    expect(await ordersWithCode(t, 'TWICE')).toBe(1);
    expect((await checkout(discountedCheckout(percent('TWICE'), 'TWICE', 'other@example.com'), 'other-key')).status).toBe(201);
    await expectRefusedWithoutCharge(discountedCheckout(percent('TWICE'), 'TWICE', 'third@example.com'));
  });

  it('gives the use back when the card is declined', async () => {
    await createCode({ code: 'DECLINED', type: 'percentage', value: 20, maxUses: 1 });
    const declined = await checkout(discountedCheckout(percent('DECLINED'), 'DECLINED', 'dee@example.com', 'pm_card_visa_chargeDeclined'));
    expect(declined.status).toBe(402);
    const paid = await checkout(discountedCheckout(percent('DECLINED'), 'DECLINED', 'dee@example.com'));
    expect(paid.status, paid.text).toBe(201);
    expect(await ordersWithCode(t, 'DECLINED')).toBe(1);
  });

  it('cannot be locked by unpaid intents: the use is claimed when the intent is paid', async () => {
    await createCode({ code: 'TWOSTEP', type: 'percentage', value: 20, maxUses: 1 });
    const intentBody = (email: string) => {
      const { paymentMethodId: _pm, ...cart } = discountedCheckout(percent('TWOSTEP'), 'TWOSTEP', email);
      return cart;
    };
    const unpaid = [];
    for (const email of ['lock1@example.com', 'lock2@example.com', 'lock3@example.com']) {
      const opened = await t.request('POST', '/api/payments/create-intent', { body: intentBody(email) });
      expect(opened.status).toBe(200);
      unpaid.push(opened.body.id as string);
    }
    // A real shopper still gets the code, and pays with it.
    expect((await checkout(discountedCheckout(percent('TWOSTEP'), 'TWOSTEP', 'real@example.com'))).status).toBe(201);
    // The code is used up now: paying one of the unpaid intents is refused before any charge.
    const charges = await testGatewayCharges(t);
    const late = await t.request('POST', '/api/payments/confirm', { body: { paymentIntentId: unpaid[0], paymentMethodId: 'pm_card_visa' } });
    expect(late.status).toBe(422);
    expect(late.body.error).toBe('Invalid discount code');
    expect(await testGatewayCharges(t)).toBe(charges);
    expect(await ordersWithCode(t, 'TWOSTEP')).toBe(1);
  });

  it('claims a limited use at the confirm and gives it back when the card is declined', async () => {
    await createCode({ code: 'CONFIRMED', type: 'percentage', value: 20, maxUses: 1 });
    const { paymentMethodId: _pm, ...cart } = discountedCheckout(percent('CONFIRMED'), 'CONFIRMED', 'two@example.com');
    const opened = await t.request('POST', '/api/payments/create-intent', { body: cart });
    const confirm = (paymentMethodId: string) => t.request('POST', '/api/payments/confirm', { body: { paymentIntentId: opened.body.id, paymentMethodId } });
    expect((await confirm('pm_card_visa_chargeDeclined')).status).toBe(402);
    expect((await confirm('pm_card_visa')).status).toBe(200);
    await expectRefusedWithoutCharge(discountedCheckout(percent('CONFIRMED'), 'CONFIRMED', 'other@example.com'));
  });

  it('counts one Gmail customer however the address is written (dots, +tags, case)', async () => {
    await createCode({ code: 'GMAILONCE', type: 'percentage', value: 20, maxUsesPerCustomer: 1 });
    expect((await checkout(discountedCheckout(percent('GMAILONCE'), 'GMAILONCE', 'jane.doe@gmail.com'))).status).toBe(201);
    await expectRefusedWithoutCharge(discountedCheckout(percent('GMAILONCE'), 'GMAILONCE', 'janedoe+2@gmail.com'));
    await expectRefusedWithoutCharge(discountedCheckout(percent('GMAILONCE'), 'GMAILONCE', 'Jane.Doe@GoogleMail.com'));
    expect((await checkout(discountedCheckout(percent('GMAILONCE'), 'GMAILONCE', 'john.doe@gmail.com'))).status).toBe(201);
  });

  it('writes nothing about an unlimited code: SAVE10\'s orders hold no use and leave its row as it was', async () => {
    const db = t.app.context.db;
    const before = await db.selectFrom('discount_codes').selectAll().where('code', '=', 'SAVE10').executeTakeFirstOrThrow();
    const held = async () => Number((await db.selectFrom('discount_redemptions').select((eb) => eb.fn.countAll<number>().as('n')).where('code', '=', 'SAVE10').executeTakeFirstOrThrow()).n);
    for (let index = 0; index < 3; index++) expect((await checkout(discountedCheckout(SPEC_DISCOUNTS.SAVE10, 'Save10', `plain${index}@example.com`))).status).toBe(201);
    expect(await held()).toBe(0);
    expect(await db.selectFrom('discount_codes').selectAll().where('code', '=', 'SAVE10').executeTakeFirstOrThrow()).toEqual(before);
  });

  it('keeps pricing the spec\'s codes', async () => {
    expect((await checkout(discountedCheckout(SPEC_DISCOUNTS.WELCOME5, 'welcome5'))).status).toBe(201);
  });
});

describe('the shop\'s check of a code', () => {
  const check = (body: unknown) => t.request('POST', '/api/discount-codes/check', { body });

  it('answers the code as computeTotals takes it, in any case', async () => {
    const response = await check({ code: 'welcome5' });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ discount: SPEC_DISCOUNTS.WELCOME5 });
  });

  it('says "Invalid discount code" for an unknown, inactive or used-up code, and per customer with the e-mail', async () => {
    await createCode({ code: 'CHECKME', type: 'percentage', value: 10, maxUsesPerCustomer: 1 });
    await checkout(discountedCheckout(percent('CHECKME', 10), 'CHECKME', 'once@example.com'));
    for (const body of [{ code: 'NOPE' }, { code: 'SLEEPING' }, { code: 'ONCEONLY' }, { code: 'checkme', email: 'ONCE@example.com' }]) {
      const response = await check(body);
      expect(response.status, JSON.stringify(body)).toBe(422);
      expect(response.body.error).toBe('Invalid discount code');
    }
    expect((await check({ code: 'CHECKME', email: 'new@example.com' })).status).toBe(200);
  });
});
