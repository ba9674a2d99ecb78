import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toDollars } from '../../shared/money';
import { computeTotals } from '../../shared/pricing';
import { CATALOG_MESSAGES } from '../../shared/schemas/catalog';
import { createUserWithToken } from '../auth/auth.test-support';
import { startTestApp, type TestApp } from '../test/test-app';

let t: TestApp;
let owner: string;
let admin: string;
beforeAll(async () => {
  t = await startTestApp();
  owner = (await createUserWithToken(t, 'super_admin')).token;
  admin = (await createUserWithToken(t, 'admin')).token;
});
afterAll(() => t?.close());

const get = (path: string, token?: string) => t.request('GET', path, { token });
const post = (path: string, body: unknown, token = owner) => t.request('POST', path, { body, token });
const patch = (path: string, body: unknown, token = owner) => t.request('PATCH', path, { body, token });

/** A checkout of one line on `device`, priced at `priceCents` as a client that read the catalogue would. */
function checkoutOf(device: string, priceCents: number, color = 'Hot Pink') {
  const totals = computeTotals([{ quantity: 2, unitPriceCents: priceCents }]);
  return t.request('POST', '/api/checkout', {
    body: {
      customerInfo: { email: 'maya@example.com', firstName: 'Maya', lastName: 'Jama', phone: '(555) 123-4567' },
      shippingAddress: { address: '1 Villa Road', city: 'Los Angeles', state: 'CA', zipCode: '90001', country: 'United States' },
      billingAddress: null,
      items: [{ device, caseType: 'CLASSIC', text: 'Bombshell', color, font: 'Inter', fontSize: 24, logo: false, price: toDollars(priceCents), quantity: 2 }],
      subtotal: toDollars(totals.subtotal),
      shipping: toDollars(totals.shipping),
      tax: toDollars(totals.tax),
      total: toDollars(totals.total),
      paymentMethodId: 'pm_card_visa',
    },
  });
}

async function orderIdOf(orderNumber: string): Promise<string> {
  const row = await t.app.context.db.selectFrom('orders').select('id').where('order_number', '=', orderNumber).executeTakeFirstOrThrow();
  return row.id;
}

async function printArea(orderId: string): Promise<string> {
  const svg = (await get(`/api/orders/${orderId}/print-file`, admin)).text;
  const match = /<rect class="print-area" x="0" y="0" width="([\d.]+)" height="([\d.]+)"/.exec(svg);
  return match ? `${match[1]}×${match[2]}` : 'none';
}

async function guide(orderId: string): Promise<string> {
  const svg = (await get(`/api/orders/${orderId}/print-file`, admin)).text;
  return /<g class="placement" data-guide="([^"]*)"/.exec(svg)?.[1] ?? 'none';
}

const phoneVariants = async () => (await get('/api/products/devices')).body.productTypes[0].variants as string[];

describe('GET /api/admin/catalog', () => {
  it('answers super_admins only: 401 without a session, 403 for an admin', async () => {
    expect((await get('/api/admin/catalog')).status).toBe(401);
    const refused = await get('/api/admin/catalog', admin);
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('FORBIDDEN');
    expect((await post('/api/admin/catalog/variants', { productType: 'phone-case', name: 'Pixel 9', printArea: { widthMm: 60, lengthMm: 120 } }, admin)).status).toBe(403);
    expect((await patch('/api/admin/catalog/variants/1', { active: false }, admin)).status).toBe(403);
    expect((await patch('/api/admin/catalog/product-types/phone-case', { priceCents: 100 }, admin)).status).toBe(403);
    expect((await patch('/api/admin/catalog/fonts/Inter', { active: false }, admin)).status).toBe(403);
  });

  it('is the seeded catalogue: prices, print areas, the nine colours, the bundled fonts, and the two new phones', async () => {
    const res = await get('/api/admin/catalog', owner);
    expect(res.status).toBe(200);
    const [phone, bottle, flute] = res.body.productTypes;
    expect(phone).toMatchObject({ id: 'phone-case', name: 'Phone Case', priceCents: 595, compareAtCents: 745 });
    const byName = Object.fromEntries(phone.variants.map((v: { name: string }) => [v.name, v]));
    // Each phone's back below its camera module, 4 mm clear of the module and the edges.
    for (const [name, printArea] of [
      ['iPhone 15 Pro Max', { widthMm: 68.7, lengthMm: 106.9 }],
      ['iPhone 16 Pro', { widthMm: 63.5, lengthMm: 97.6 }],
      ['iPhone 14 Pro', { widthMm: 63.5, lengthMm: 96.5 }],
      ['Samsung Galaxy S22', { widthMm: 62.6, lengthMm: 82 }],
    ] as const) {
      expect(byName[name]).toMatchObject({ id: expect.any(Number), printArea, active: true });
    }
    expect(bottle.variants.map((v: { name: string; printArea: unknown }) => [v.name, v.printArea])).toEqual([
      ['Standard Bottle', { widthMm: 70, lengthMm: 180 }],
      ['Large Bottle', { widthMm: 80, lengthMm: 220 }],
    ]);
    expect(flute.variants[0]).toMatchObject({ name: 'Standard Glass', printArea: { widthMm: 40, lengthMm: 100 } });
    expect(res.body.colors).toHaveLength(9);
    expect(res.body.colors[0]).toEqual({ name: 'Hot Pink', hex: '#FF1493', active: true });
    expect(res.body.fonts).toEqual([
      { name: 'Pecita', active: true },
      { name: 'Inter', active: true },
      { name: 'Poppins', active: true },
    ]);
    expect(await phoneVariants()).toEqual(expect.arrayContaining(['iPhone 15 Pro Max', 'iPhone 16 Pro']));
  });
});

describe('POST /api/admin/catalog/variants and PATCH …/:id', () => {
  let variantId: number;
  let placedOrderId: string;

  it('refuses bad input with the message, changing nothing', async () => {
    const cases: [unknown, string][] = [
      [{ productType: 'mug', name: 'Tall', printArea: { widthMm: 60, lengthMm: 100 } }, CATALOG_MESSAGES.productType],
      [{ productType: 'phone-case', name: '  ', printArea: { widthMm: 60, lengthMm: 100 } }, CATALOG_MESSAGES.variantName],
      [{ productType: 'phone-case', name: 'x'.repeat(61), printArea: { widthMm: 60, lengthMm: 100 } }, CATALOG_MESSAGES.variantNameTooLong],
      [{ productType: 'phone-case', name: 'Pixel 9', printArea: { widthMm: 5, lengthMm: 100 } }, CATALOG_MESSAGES.printArea],
      [{ productType: 'phone-case', name: 'Pixel 9', printArea: { widthMm: 60.25, lengthMm: 100 } }, CATALOG_MESSAGES.printArea],
      [{ productType: 'phone-case', name: 'Pixel 9' }, CATALOG_MESSAGES.printArea],
    ];
    const before = (await get('/api/admin/catalog', owner)).body;
    for (const [body, message] of cases) {
      const res = await post('/api/admin/catalog/variants', body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(res.body).toMatchObject({ error: message, code: 'VALIDATION_ERROR' });
    }
    expect((await patch('/api/admin/catalog/variants/1', {})).body.error).toBe(CATALOG_MESSAGES.nothingToChange);
    expect((await patch('/api/admin/catalog/variants/999999', { active: false })).status).toBe(404);
    expect((await patch('/api/admin/catalog/variants/abc', { active: false })).status).toBe(404);
    expect((await get('/api/admin/catalog', owner)).body).toEqual(before);
  });

  it('adds a variant (201), orderable at once, whose print file has its print area', async () => {
    const res = await post('/api/admin/catalog/variants', { productType: 'phone-case', name: 'Pixel 9 Pro', printArea: { widthMm: 64.5, lengthMm: 132 } });
    expect(res.status).toBe(201);
    expect(res.body.variant).toMatchObject({ id: expect.any(Number), name: 'Pixel 9 Pro', productType: 'phone-case', printArea: { widthMm: 64.5, lengthMm: 132 }, active: true });
    variantId = res.body.variant.id;
    expect(await phoneVariants()).toContain('Pixel 9 Pro');

    const order = await checkoutOf('Pixel 9 Pro', 595);
    expect(order.status).toBe(201);
    placedOrderId = await orderIdOf(order.body.order.orderNumber);
    expect(await printArea(placedOrderId)).toBe('64.5×132');
  });

  it('answers 409 for a name that exists, in any case', async () => {
    for (const name of ['Pixel 9 Pro', 'pixel 9 pro', 'iPhone 14 Pro']) {
      const res = await post('/api/admin/catalog/variants', { productType: 'phone-case', name, printArea: { widthMm: 60, lengthMm: 120 } });
      expect(res.status).toBe(409);
      expect(res.body.code).toBe('VARIANT_EXISTS');
    }
  });

  it('changes a print area for new orders only: the placed order keeps its file', async () => {
    const res = await patch(`/api/admin/catalog/variants/${variantId}`, { printArea: { widthMm: 70, lengthMm: 150 } });
    expect(res.status).toBe(200);
    expect(res.body.variant.printArea).toEqual({ widthMm: 70, lengthMm: 150 });
    expect(await printArea(placedOrderId)).toBe('64.5×132');
    const next = await checkoutOf('Pixel 9 Pro', 595);
    expect(await printArea(await orderIdOf(next.body.order.orderNumber))).toBe('70×150');
  });

  it('changes a placement for new orders only: the placed order keeps its guide', async () => {
    const oldGuide = await guide(placedOrderId);
    expect(oldGuide).toMatch(/^Centre \d+ mm below the camera/);
    const placement = { productMm: { width: 74, height: 160 }, centreMm: { x: 37, y: 85 }, guide: '  Centre 85 mm from the top edge, level with the logo  ' };
    const res = await patch(`/api/admin/catalog/variants/${variantId}`, { placement });
    expect(res.status).toBe(200);
    const stored = { ...placement, guide: 'Centre 85 mm from the top edge, level with the logo' };
    expect(res.body.variant.placement).toEqual(stored);
    const adminCopy = (await get('/api/admin/catalog', owner)).body.productTypes[0].variants.find((v: { id: number }) => v.id === variantId);
    expect(adminCopy.placement).toEqual(stored);
    const shopCopy = (await get('/api/products/catalog')).body.productTypes[0].variants.find((v: { id: number }) => v.id === variantId);
    expect(shopCopy.placement).toEqual(stored);

    expect(await guide(placedOrderId)).toBe(oldGuide);
    const next = await checkoutOf('Pixel 9 Pro', 595);
    expect(next.status).toBe(201);
    expect(await guide(await orderIdOf(next.body.order.orderNumber))).toBe(stored.guide);
  });

  it('refuses a bad placement with 422 and the message, changing nothing', async () => {
    const ok = { productMm: { width: 74, height: 160 }, centreMm: { x: 37, y: 85 }, guide: 'Centre here' };
    const area = { widthMm: 70, lengthMm: 150 };
    const cases: [unknown, string][] = [
      [{ placement: { ...ok, productMm: { width: 0, height: 160 } } }, CATALOG_MESSAGES.productSize],
      [{ placement: { ...ok, productMm: { width: 74, height: 5000 } } }, CATALOG_MESSAGES.productSize],
      [{ placement: { ...ok, centreMm: { x: 'middle', y: 85 } } }, CATALOG_MESSAGES.centre],
      [{ placement: { ...ok, centreMm: { x: 80, y: 85 } } }, CATALOG_MESSAGES.centreOutside],
      [{ placement: { ...ok, productMm: { width: 74, height: 140 } } }, CATALOG_MESSAGES.areaOutside(area)],
      [{ placement: { ...ok, productMm: { width: 60, height: 160 }, centreMm: { x: 30, y: 85 } } }, CATALOG_MESSAGES.areaOutside(area)],
      [{ printArea: { widthMm: 76, lengthMm: 150 }, placement: ok }, CATALOG_MESSAGES.areaOutside({ widthMm: 76, lengthMm: 150 })],
      [{ placement: { ...ok, guide: '   ' } }, CATALOG_MESSAGES.guide],
      [{ placement: { ...ok, guide: 'x'.repeat(121) } }, CATALOG_MESSAGES.guide],
      [{ placement: { ...ok, guide: 'Centre\u0000here' } }, 'Guide contains characters that cannot be used (control, hidden or broken characters)'],
      [{ placement: { ...ok, extra: 1 } }, CATALOG_MESSAGES.centre],
    ];
    const before = (await get('/api/admin/catalog', owner)).body;
    for (const [body, message] of cases) {
      const res = await patch(`/api/admin/catalog/variants/${variantId}`, body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(res.body, JSON.stringify(body)).toMatchObject({ error: message, code: 'VALIDATION_ERROR' });
    }
    expect((await get('/api/admin/catalog', owner)).body).toEqual(before);
  });

  it('retires a variant: gone from the devices, refused at checkout, its placed order still prints', async () => {
    const res = await patch(`/api/admin/catalog/variants/${variantId}`, { active: false });
    expect(res.body.variant.active).toBe(false);
    expect(await phoneVariants()).not.toContain('Pixel 9 Pro');
    const refused = await checkoutOf('Pixel 9 Pro', 595);
    expect(refused.status).toBe(422);
    expect(refused.body.error).toBe('Item 1: Device selection is required');
    expect(await printArea(placedOrderId)).toBe('64.5×132');
    const admin = (await get('/api/admin/catalog', owner)).body;
    expect(admin.productTypes[0].variants.find((v: { id: number }) => v.id === variantId)).toMatchObject({ active: false });
    await patch(`/api/admin/catalog/variants/${variantId}`, { active: true });
    expect(await phoneVariants()).toContain('Pixel 9 Pro');
  });
});

describe('prices, colours and fonts', () => {
  it('a price change prices new orders and leaves a placed order alone', async () => {
    const placed = await checkoutOf('iPhone 16 Pro', 595);
    expect(placed.status).toBe(201);
    const placedId = await orderIdOf(placed.body.order.orderNumber);
    const before = (await get(`/api/orders/${placedId}`, admin)).body.order;

    const res = await patch('/api/admin/catalog/product-types/phone-case', { priceCents: 795, compareAtCents: 995 });
    expect(res.status).toBe(200);
    expect(res.body.productTypes[0]).toMatchObject({ priceCents: 795, compareAtCents: 995 });

    const after = (await get(`/api/orders/${placedId}`, admin)).body.order;
    expect(after.total).toBe(before.total);
    expect(after.items[0].price).toBe(5.95);
    const stale = await checkoutOf('iPhone 16 Pro', 595);
    expect(stale.status).toBe(422);
    expect(stale.body.code).toBe('TOTAL_MISMATCH');
    const fresh = await checkoutOf('iPhone 16 Pro', 795);
    expect(fresh.status).toBe(201);
    // Other product types keep their own price.
    expect((await checkoutOf('Standard Glass', 595)).status).toBe(201);

    expect((await patch('/api/admin/catalog/product-types/phone-case', { compareAtCents: 700 })).body.error).toBe(CATALOG_MESSAGES.compareAtTooLow);
    expect((await patch('/api/admin/catalog/product-types/phone-case', { priceCents: 12.5 })).body.error).toBe(CATALOG_MESSAGES.price);
    expect((await patch('/api/admin/catalog/product-types/mug', { priceCents: 500 })).status).toBe(404);
    await patch('/api/admin/catalog/product-types/phone-case', { priceCents: 595, compareAtCents: 745 });
  });

  it('adds a colour (409 on a taken name, 422 on a bad hex), retires it, and the shop follows', async () => {
    const added = await post('/api/admin/catalog/colors', { name: 'Mint', hex: '#3eb489' });
    expect(added.status).toBe(201);
    expect(added.body.colors.at(-1)).toEqual({ name: 'Mint', hex: '#3EB489', active: true });
    expect((await post('/api/admin/catalog/colors', { name: 'mint', hex: '#000000' })).status).toBe(409);
    expect((await post('/api/admin/catalog/colors', { name: 'Jade', hex: 'green' })).body.error).toBe(CATALOG_MESSAGES.hex);
    expect((await get('/api/products/colors')).body.colors).toContainEqual({ name: 'Mint', hex: '#3EB489' });
    expect((await checkoutOf('iPhone 14', 595, 'Mint')).status).toBe(201);

    expect((await patch('/api/admin/catalog/colors/Mint', { active: false })).status).toBe(200);
    expect((await get('/api/products/colors')).body.colors.map((c: { name: string }) => c.name)).not.toContain('Mint');
    const refused = await checkoutOf('iPhone 14', 595, 'Mint');
    expect(refused.body.error).toBe('Item 1: Color selection is required');
    expect((await patch('/api/admin/catalog/colors/Nope', { active: false })).status).toBe(404);
  });

  it('offers only the bundled fonts, and takes one off and back', async () => {
    expect((await patch('/api/admin/catalog/fonts/Inter', { active: false })).status).toBe(200);
    expect((await get('/api/products/fonts')).body).toEqual({ fonts: ['Pecita', 'Poppins'] });
    expect((await patch('/api/admin/catalog/fonts/Comic Sans', { active: true })).status).toBe(404);
    expect((await patch('/api/admin/catalog/fonts/Inter', { active: 'yes' })).body.error).toBe(CATALOG_MESSAGES.active);
    await patch('/api/admin/catalog/fonts/Inter', { active: true });
    expect((await get('/api/products/fonts')).body).toEqual({ fonts: ['Pecita', 'Inter', 'Poppins'] });
  });

  it('serves the shop its copy with the version as ETag, revalidated on every use, and 304 when unchanged', async () => {
    const first = await get('/api/products/catalog');
    // A cached copy (the preload of index.html reads the HTTP cache) is never used unasked.
    expect(first.headers.get('cache-control')).toBe('no-cache');
    const etag = first.headers.get('etag')!;
    expect(etag).toBe(`"catalog-${first.body.version}"`);
    const again = await t.request('GET', '/api/products/catalog', { headers: { 'If-None-Match': etag } });
    expect(again.status).toBe(304);
    await patch('/api/admin/catalog/fonts/Inter', { active: true });
    const changed = await t.request('GET', '/api/products/catalog', { headers: { 'If-None-Match': etag } });
    expect(changed.status).toBe(200);
    expect(changed.headers.get('etag')).not.toBe(etag);
  });
});
