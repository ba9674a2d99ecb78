/**
 * Marking at speed on the print room's tablet (1024x768), in real Chromium against the real
 * server: the tracking number typed, scanned (a keyboard wedge: fast keys, then Enter) or left to
 * be generated; undo of a queued mark (withdrawn, the server never sees it) and of a synced one (a
 * change back, in the history); the marked card keeps its place.
 */
import { expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { useServerAndBrowser } from './support/harness';
import { createTestOrder } from '../server/orders/order.test-support';
import { signIn as signInAs } from './support/admin';

const ADMIN_EMAIL = 'boss@villaprints.test';
const ADMIN_PASSWORD = 'correct-horse-battery';
const TABLET = { width: 1024, height: 768 };

const e2e = useServerAndBrowser({ ADMIN_EMAIL, ADMIN_PASSWORD });

const card = (page: Page, queue: string, orderNumber: string) => page.locator(`[data-queue="${queue}"] [data-order-number="${orderNumber}"]`);

async function serverOrder(orderId: string) {
  return e2e.server.app.context.db.selectFrom('orders').select(['status', 'tracking_number']).where('id', '=', orderId).executeTakeFirstOrThrow();
}

async function serverHistory(orderId: string) {
  const rows = await e2e.server.app.context.db.selectFrom('order_history').select('to_status').where('order_id', '=', orderId).orderBy('version').execute();
  return rows.map((row) => row.to_status);
}

async function waitFor(check: () => Promise<boolean>, timeoutMs = 15_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > until) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function tabletOn(path: string): Promise<{ context: BrowserContext; page: Page }> {
  const context = await e2e.browser.newContext({ viewport: TABLET });
  const page = await context.newPage();
  await signInAs(page, e2e.server.url, path, ADMIN_EMAIL, ADMIN_PASSWORD);
  return { context, page };
}

it('ships with the tracking number typed or scanned, and generates TRK + 9 characters when the field is left empty', async () => {
  const [typed, scanned, empty] = await Promise.all([1, 2, 3].map(() => createTestOrder(e2e.server.app.context.db, { status: 'printed' })));
  const { context, page } = await tabletOn('/admin/fulfillment');
  try {
    await card(page, 'ready', empty!.order_number).waitFor();

    await page.getByLabel(`Tracking number for ${typed!.order_number}`).fill('1Z 999 AA1 0123456784');
    await page.getByRole('button', { name: `Mark ${typed!.order_number} Shipped (1 line)` }).click();

    // A scanner types into the focused field, a few milliseconds a key, and ends with Enter.
    await page.getByLabel(`Tracking number for ${scanned!.order_number}`).focus();
    await page.keyboard.type('9400111899223856928499', { delay: 4 });
    await page.keyboard.press('Enter');

    await page.getByRole('button', { name: `Mark ${empty!.order_number} Shipped (1 line)` }).click();

    await waitFor(async () => (await Promise.all([typed, scanned, empty].map((o) => serverOrder(o!.id)))).every((o) => o.status === 'shipped'));
    expect((await serverOrder(typed!.id)).tracking_number).toBe('1Z 999 AA1 0123456784');
    expect((await serverOrder(scanned!.id)).tracking_number).toBe('9400111899223856928499');
    expect((await serverOrder(empty!.id)).tracking_number).toMatch(/^TRK[A-Z0-9]{9}$/);
  } finally {
    await context.close();
  }
});

it('keeps a marked card in place, dimmed, so the next card does not slide under the finger', async () => {
  const orders = [];
  for (let i = 0; i < 3; i++) orders.push(await createTestOrder(e2e.server.app.context.db, { status: 'processing', createdAt: Date.now() - (10 - i) * 60_000 }));
  const { context, page } = await tabletOn('/admin/fulfillment');
  try {
    const [first, second] = orders;
    await card(page, 'production', second!.order_number).waitFor();
    const nextButton = page.getByRole('button', { name: `Mark ${second!.order_number} Printed (1 line)` });
    const before = await nextButton.boundingBox();

    await page.getByRole('button', { name: `Mark ${first!.order_number} Printed (1 line)` }).click();
    await page.getByRole('button', { name: `Undo ${first!.order_number} Printed` }).waitFor();
    await waitFor(async () => (await serverOrder(first!.id)).status === 'printed');

    expect(await card(page, 'production', first!.order_number).getAttribute('data-marked')).toBe('printed');
    expect(await nextButton.boundingBox()).toEqual(before);
    // The order is also where it now belongs.
    await card(page, 'ready', first!.order_number).waitFor();
  } finally {
    await context.close();
  }
});

it('withdraws a queued mark on undo: the server never sees it', async () => {
  const [undone, kept] = await Promise.all([1, 2].map(() => createTestOrder(e2e.server.app.context.db, { status: 'printed' })));
  const { context, page } = await tabletOn('/admin/fulfillment');
  try {
    await card(page, 'ready', kept!.order_number).waitFor();
    await context.setOffline(true);
    await page.getByRole('button', { name: `Mark ${undone!.order_number} Shipped (1 line)` }).click();
    await page.getByRole('button', { name: `Undo ${undone!.order_number} Shipped` }).click();
    await page.getByText(`Undone: ${undone!.order_number} back to Ready to Ship`).waitFor();
    // Back in its list, waiting to be marked again.
    await page.getByRole('button', { name: `Mark ${undone!.order_number} Shipped (1 line)` }).waitFor();
    await page.getByRole('button', { name: `Mark ${kept!.order_number} Shipped (1 line)` }).click();

    await context.setOffline(false);
    // The change queued after it reaches the server, so the outbox has been pushed.
    await waitFor(async () => (await serverOrder(kept!.id)).status === 'shipped');
    expect(await serverHistory(undone!.id)).toEqual(['printed']);
    expect((await serverOrder(undone!.id)).status).toBe('printed');
  } finally {
    await context.close();
  }
});

it('follows a synced mark with a change back on undo, recorded in the history', async () => {
  const order = await createTestOrder(e2e.server.app.context.db, { status: 'processing' });
  const { context, page } = await tabletOn('/admin/fulfillment');
  try {
    await card(page, 'production', order.order_number).waitFor();
    await page.getByRole('button', { name: `Mark ${order.order_number} Printed (1 line)` }).click();
    await waitFor(async () => (await serverOrder(order.id)).status === 'printed', 8_000);
    await page.getByRole('button', { name: `Undo ${order.order_number} Printed` }).click();

    await waitFor(async () => (await serverOrder(order.id)).status === 'processing');
    expect(await serverHistory(order.id)).toEqual(['processing', 'printed', 'processing']);
    await page.getByRole('button', { name: `Mark ${order.order_number} Printed (1 line)` }).waitFor();
  } finally {
    await context.close();
  }
});
