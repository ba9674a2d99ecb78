import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../test/test-app';
import { PURCHASE_EVENT_RETENTION, prunePurchaseEvents } from './purchase-event.retention';

/** Purchase events go after 90 days, and past 100,000. */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

const DAY_MS = 24 * 60 * 60 * 1000;
const purchases = async () =>
  (await t.app.context.db.selectFrom('analytics_events').select('order_number').where('type', '=', 'purchase').orderBy('created_at').execute()).map((row) => row.order_number);

async function insertPurchase(orderNumber: string, at: number) {
  await t.app.context.db
    .insertInto('analytics_events')
    .values({ id: `event-${orderNumber}`, type: 'purchase', visitor_id: 'v', day: new Date(at).toISOString().slice(0, 10), order_number: orderNumber, value_cents: 595, created_at: at })
    .execute();
}

it('drops purchase events past the retention window when a server starts, and keeps the rest', async () => {
  const now = Date.now();
  await insertPurchase('VP-OLD', now - PURCHASE_EVENT_RETENTION.maxAgeMs - DAY_MS);
  await insertPurchase('VP-RECENT', now - DAY_MS);
  const restarted = await startTestApp({ DATABASE_URL: t.databaseUrl });
  await restarted.close();
  expect(await purchases()).toEqual(['VP-RECENT']);
});

it('keeps only the newest events past the count bound', async () => {
  const now = Date.now();
  for (let i = 0; i < 5; i++) await insertPurchase(`VP-N${i}`, now - (10 - i) * 1000);
  await prunePurchaseEvents(t.app.context.db, now, { maxEvents: 3, maxAgeMs: PURCHASE_EVENT_RETENTION.maxAgeMs });
  expect(await purchases()).toEqual(['VP-N2', 'VP-N3', 'VP-N4']);
});
