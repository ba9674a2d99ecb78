import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminOrderView } from '../../shared/api/types';
import { buildPrintFile } from '../../shared/print-file';
import { fileFontSource } from '../../shared/render/node-font-source';
import { createUserWithToken } from '../auth/auth.test-support';
import { startTestApp, type TestApp } from '../test/test-app';
import { createTestOrder } from './order.test-support';

let t: TestApp;
let adminToken: string;
beforeAll(async () => {
  t = await startTestApp();
  adminToken = (await createUserWithToken(t, 'admin')).token;
});
afterAll(() => t.close());

describe('GET /api/orders/:id/print-file', () => {
  it('downloads the order’s print-ready SVG with every line’s text, colour and font', async () => {
    const order = await createTestOrder(t.app.context.db, {
      items: [{ text: 'Mugged Off', color: 'Teal', font: 'Poppins' }, { device: 'Standard Glass', text: 'Cheers', quantity: 3 }],
    });
    const response = await t.request('GET', `/api/orders/${order.id}/print-file`, { token: adminToken });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/svg+xml; charset=utf-8');
    expect(response.headers.get('content-disposition')).toBe(`attachment; filename="print-${order.order_number}.svg"`);
    expect(response.text).toContain(`<title>Order ${order.order_number}: print file</title>`);
    expect(response.text).toMatch(/<g id="line-1" data-line="1" data-quantity="1"/);
    expect(response.text).toMatch(/<g id="line-2" data-line="2" data-quantity="3"/);
    expect(response.text).not.toMatch(/<text/);
    // The dashboard makes the same file offline from the admin view it caches.
    const view = await t.request<{ order: AdminOrderView }>('GET', `/api/orders/${order.id}`, { token: adminToken });
    expect(await buildPrintFile({ orderNumber: view.body.order.orderNumber, items: view.body.order.items }, fileFontSource)).toBe(response.text);
    expect(view.body.order.fulfillmentData.printFile).toBe(`/api/orders/${order.id}/print-file`);
  });

  it('answers an unknown order with the JSON 404', async () => {
    const response = await t.request('GET', '/api/orders/no-such-order/print-file', { token: adminToken });
    expect(response.status).toBe(404);
    expect(response.body).toMatchObject({ error: 'Order not found.' });
  });
});
