/**
 * Orders that can be fixed, in real Chromium against the real server: the shopper fixes
 * a typo from the tracking page on a phone (390x844); on the print room's tablet (1024x768) the
 * admin edits a line, adds a staff note, sees "changed after you downloaded it" on the queue, and
 * cancels with a partial refund that reaches the gateway once.
 */
import { expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { buildPrintFile } from '../shared/print-file';
import { fileFontSource } from '../shared/render/node-font-source';
import { toItemView } from '../server/orders/order.mapper';
import { checkoutBody } from '../server/payments/payment.test-support';
import { useServerAndBrowser } from './support/harness';
import { signIn } from './support/admin';
import { ADMIN, ADMIN_ENV, adminToken, axeSeriousViolations } from './checkout-helpers';

const PHONE = { width: 390, height: 844 };
const TABLET = { width: 1024, height: 768 };
const e2e = useServerAndBrowser(ADMIN_ENV);

/** A paid order through the real checkout (test gateway), as the server stores it. */
async function paidOrder() {
  const response = await fetch(`${e2e.server.url}/api/checkout`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'Idempotency-Key': `e2e-${Math.random()}` },
    body: JSON.stringify(checkoutBody('pm_card_visa', [2])),
  });
  expect(response.status).toBe(201);
  const { order } = (await response.json()) as { order: { orderNumber: string } };
  return e2e.server.app.context.db.selectFrom('orders').selectAll().where('order_number', '=', order.orderNumber).executeTakeFirstOrThrow();
}

const lineOf = (orderId: string) => e2e.server.app.context.db.selectFrom('order_items').selectAll().where('order_id', '=', orderId).where('line_no', '=', 1).executeTakeFirstOrThrow();

async function printFile(orderId: string): Promise<string> {
  const response = await fetch(`${e2e.server.url}/api/orders/${orderId}/print-file`, { headers: { Authorization: `Bearer ${await adminToken(e2e.server.url)}` } });
  expect(response.status).toBe(200);
  return response.text();
}

async function tablet(path: string): Promise<{ context: BrowserContext; page: Page }> {
  const context = await e2e.browser.newContext({ viewport: TABLET, acceptDownloads: true });
  const page = await context.newPage();
  page.on('dialog', (dialog) => void dialog.accept());
  await signIn(page, e2e.server.url, path, ADMIN.email, ADMIN.password);
  return { context, page };
}

it('the shopper fixes a typo from the tracking page on a phone, and the next print file has it', async () => {
  const order = await paidOrder();
  const printedBefore = await printFile(order.id);
  const context = await e2e.browser.newContext({ viewport: PHONE, serviceWorkers: 'block' });
  const page = await context.newPage();
  try {
    await page.goto(`${e2e.server.url}/orders/track?order=${order.order_number}&fix=1`);
    await page.getByLabel('Email').fill('maya@example.com');
    await page.getByRole('button', { name: 'Find my order' }).click();
    await page.getByText('Spotted a typo? You can fix the text of each item until we print your order.').waitFor();

    await page.getByRole('button', { name: 'Fix text of item 1, “Bombshell 1”' }).click();
    const field = page.getByLabel('New text for item 1');
    await field.fill('Bombshell Maya and friends');
    await page.getByRole('button', { name: 'Save text' }).click();
    await page.getByText('Text exceeds 20 character limit').waitFor();
    expect((await lineOf(order.id)).text).toBe('Bombshell 1');
    expect(await axeSeriousViolations(page)).toEqual([]);

    await field.fill('Bombshell Maya');
    await page.getByRole('button', { name: 'Save text' }).click();
    await page.getByRole('status').filter({ hasText: 'Item 1: text saved' }).waitFor();
    await page.getByText('“Bombshell Maya”').waitFor();
    expect((await lineOf(order.id)).text).toBe('Bombshell Maya');
    const history = await e2e.server.app.context.db.selectFrom('order_history').selectAll().where('order_id', '=', order.id).where('line_no', '=', 1).execute();
    expect(history.map((entry) => [entry.source, JSON.parse(entry.line_to!).text])).toEqual([['customer', 'Bombshell Maya']]);
    const printedAfter = await printFile(order.id);
    expect(printedAfter).not.toBe(printedBefore);
    const items = [await lineOf(order.id)].map((line) => ({ ...toItemView(line) }));
    expect(items[0]!.text).toBe('Bombshell Maya');
    expect(printedAfter).toBe(await buildPrintFile({ orderNumber: order.order_number, items }, fileFontSource));
  } finally {
    await context.close();
  }
});

it('the admin edits a line, notes it, sees the queue ZIP go stale, and cancels with a partial refund, on the tablet', async () => {
  const order = await paidOrder();
  const { context, page } = await tablet('/admin/fulfillment');
  try {
    // The queue's ZIP downloaded now predates the edit below.
    await page.getByRole('button', { name: 'Download print files' }).waitFor();
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download print files' }).click();
    await download;
    await page.locator('.toast', { hasText: 'Saved print-files-' }).waitFor();

    await page.getByRole('link', { name: 'Orders' }).click();
    // The orders table's row: until the page has changed, the queue's card carries the number too.
    const row = page.locator(`.orders-row[data-order-number="${order.order_number}"]`);
    await row.getByRole('button', { name: order.order_number }).click();
    const dialog = page.getByRole('dialog', { name: `Order ${order.order_number}` });
    await dialog.getByRole('button', { name: `Edit line 1 of ${order.order_number}` }).click();
    const form = dialog.getByRole('form', { name: `Edit line 1 of ${order.order_number}` });
    // A text too long for the phone's back is refused by the server in the designer's words, and nothing changes.
    await form.getByLabel('Text').fill('Happy Birthday Mom!!');
    await form.getByRole('button', { name: 'Save line 1' }).click();
    await expect.poll(() => form.getByRole('alert').textContent()).toMatch(/^Too long for the iPhone 14 Pro's back: \d+ mm at 12 mm letters, where 96\.5 mm fit\. Shorten it or pick a smaller size\.$/);
    expect(await form.getByLabel('Text').getAttribute('aria-invalid')).toBe('true');
    if (process.env.SHOTS_DIR) await page.screenshot({ path: `${process.env.SHOTS_DIR}/admin-line-edit-too-long-1024x768.png` });
    expect(await lineOf(order.id)).toMatchObject({ text: 'Bombshell 1', color: 'Hot Pink' });
    await form.getByLabel('Text').fill('Bombshell Jo');
    await form.getByLabel('Colour').selectOption('Teal');
    await form.getByRole('button', { name: 'Save line 1' }).click();
    await dialog.locator('.order-line__text dd', { hasText: 'Bombshell Jo' }).first().waitFor();
    await dialog.getByText('Line 1 changed: text “Bombshell 1” → “Bombshell Jo”, colour Hot Pink → Teal').waitFor();
    expect(await lineOf(order.id)).toMatchObject({ text: 'Bombshell Jo', color: 'Teal' });

    await dialog.getByLabel(`New note on ${order.order_number}`).fill('Customer called: spelling confirmed');
    await dialog.getByRole('button', { name: 'Add note' }).click();
    await dialog.getByText('Customer called: spelling confirmed').waitFor();
    expect(await axeSeriousViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');

    await page.getByRole('link', { name: 'Fulfillment' }).click();
    const notice = page.getByRole('status').filter({ hasText: 'Changed after you downloaded it' });
    await notice.waitFor();
    expect(await notice.textContent()).toContain(order.order_number);

    await page.getByRole('link', { name: 'Orders' }).click();
    await row.getByRole('button', { name: order.order_number }).click();
    // Offline, money and edits are not queued: the window says they need the server.
    await context.setOffline(true);
    await dialog.getByRole('button', { name: 'Cancel (online only)' }).waitFor();
    expect(await dialog.getByRole('button', { name: `Edit line 1 of ${order.order_number}` }).isDisabled()).toBe(true);
    await context.setOffline(false);
    await dialog.getByRole('radio', { name: 'Refund part' }).check();
    await dialog.getByLabel('Amount to refund, in dollars').fill('5');
    await dialog.getByRole('button', { name: `Cancel ${order.order_number} and refund` }).click();
    await page.locator('.toast', { hasText: `${order.order_number} cancelled; $5.00 refunded` }).waitFor();
    const after = await e2e.server.app.context.db.selectFrom('orders').selectAll().where('id', '=', order.id).executeTakeFirstOrThrow();
    expect(after).toMatchObject({ status: 'cancelled', refunded_cents: 500 });
    const charge = await e2e.server.app.context.db.selectFrom('test_gateway_intents').select('amount_refunded_cents').where('id', '=', order.payment_intent_id!).executeTakeFirstOrThrow();
    expect(Number(charge.amount_refunded_cents)).toBe(500);
  } finally {
    await context.close();
  }
});

it('lists customers with their totals and links to their orders', async () => {
  await paidOrder();
  const { context, page } = await tablet('/admin/customers');
  try {
    const link = page.getByRole('link', { name: 'Orders of maya@example.com' });
    await link.waitFor();
    expect(await axeSeriousViolations(page)).toEqual([]);
    await page.getByLabel('Search by e-mail or name').fill('nobody-here');
    await page.getByText('No customer matches “nobody-here”.').waitFor();
    await page.getByLabel('Search by e-mail or name').fill('maya');
    await link.click();
    await page.waitForURL(/\/admin\/orders\?search=maya%40example\.com$/);
    // The client-side route changes the URL before the orders page replaces the customers page.
    const ordersSearch = page.getByLabel('Search orders', { exact: true });
    await ordersSearch.waitFor();
    expect(await ordersSearch.inputValue()).toBe('maya@example.com');
  } finally {
    await context.close();
  }
});
