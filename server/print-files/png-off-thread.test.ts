import { monitorEventLoopDelay } from 'node:perf_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUserWithToken } from '../auth/auth.test-support';
import { createTestOrder } from '../orders/order.test-support';
import { startTestApp, type TestApp } from '../test/test-app';

let t: TestApp;
let adminToken: string;
let orderId: string;
beforeAll(async () => {
  t = await startTestApp();
  adminToken = (await createUserWithToken(t, 'admin')).token;
  const texts = ['Grafting', 'Mugged Off', 'Bombshell', 'Villa Vibes', 'My Type', 'Cheers Babe', 'Melt', 'Recoupling', 'Dumped', 'Islander'];
  orderId = (await createTestOrder(t.app.context.db, { items: texts.map((text, i) => ({ text, font: ['Pecita', 'Inter', 'Poppins'][i % 3]!, fontSize: 60 })) })).id;
});
afterAll(() => t.close());

describe('a 10-line PNG print file', () => {
  // The server runs in this process, so this thread's event loop is the server's. Encoded on the
  // main thread, this sheet blocked it for about 2 s; off it, the loop keeps turning.
  it('renders off the event loop: health keeps answering and the loop is never blocked for long', async () => {
    const delay = monitorEventLoopDelay({ resolution: 10 });
    delay.enable();
    let done = false;
    const png = fetch(`${t.url}/api/orders/${orderId}/print-file?format=png`, { headers: { Authorization: `Bearer ${adminToken}` } })
      .then(async (response) => ({ status: response.status, bytes: Buffer.from(await response.arrayBuffer()) }))
      .finally(() => (done = true));
    const healthStatuses: number[] = [];
    while (!done) healthStatuses.push((await t.request('GET', '/api/health')).status);
    delay.disable();
    const { status, bytes } = await png;
    expect(status).toBe(200);
    expect(bytes.readUInt32BE(16)).toBeGreaterThan(8000);
    expect(healthStatuses.length).toBeGreaterThan(3);
    expect(healthStatuses.every((code) => code === 200)).toBe(true);
    // Generous for a loaded machine; blocking encodes measured 2,000 ms here.
    expect(delay.max / 1e6).toBeLessThan(500);
    // A 15-megapixel render takes seconds alone, and the whole suite runs beside it.
  }, 120_000);
});
