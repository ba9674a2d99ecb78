import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { NotificationProvider } from '../../components/notifications';
import { db } from '../../db/db';
import { toCachedOrder } from '../../sync/order-cache';
import { FulfillmentPage } from './fulfillment/FulfillmentPage';
import { OrderDetailModal } from './orders/OrderDetailModal';
import { OrdersPage } from './orders/OrdersPage';
import { useChangeNoticeSink } from '../../sync/status-change';
import { adminOrder, threeLineOrder } from './admin-orders.test-support';

function NoticeSink() {
  useChangeNoticeSink();
  return null;
}

function renderPage(page: React.ReactNode) {
  return render(
    <MemoryRouter>
      <NotificationProvider>
        <NoticeSink />
        {page}
      </NotificationProvider>
    </MemoryRouter>,
  );
}

function setOnline(online: boolean) {
  Object.defineProperty(navigator, 'onLine', { value: online, configurable: true });
}

beforeEach(async () => {
  localStorage.clear();
  await db.transaction('rw', db.orderBuckets, db.outbox, db.conflicts, async () => {
    await Promise.all([db.orderCache.clear(), db.outbox.clear(), db.conflicts.clear()]);
  });
});
afterEach(() => {
  cleanup();
  setOnline(true);
});

describe('Orders page on the local cache', () => {
  it('counts cached orders and says so when the search matches none', async () => {
    await db.orderCache.bulkPut([adminOrder({ customText: 'Islander' }), adminOrder({ customText: 'Bombshell' })].map((o) => toCachedOrder(o, [])));
    renderPage(<OrdersPage />);
    await screen.findByText('2 of 2 orders');
    await userEvent.type(screen.getByLabelText('Search orders'), 'bomb');
    await screen.findByText('1 of 2 orders');
    await userEvent.type(screen.getByLabelText('Search orders'), 'zzz');
    await screen.findByText('No orders found matching your criteria.');
  });
});

describe('Fulfillment page', () => {
  it('marks an order printed at once offline: cache, outbox, the queued notice, then the spec message once applied', async () => {
    setOnline(false);
    const order = adminOrder({ status: 'processing' });
    await db.orderCache.put(toCachedOrder(order, []));
    renderPage(<FulfillmentPage />);
    const production = await screen.findByRole('region', { name: /Production queue/ });
    await userEvent.click(await within(production).findByRole('button', { name: `Mark ${order.orderNumber} Printed (1 line)` }));
    await screen.findByText('Queued: will sync when online');
    expect(screen.queryByText('Order status updated to Ready to Ship')).toBeNull();
    const ready = screen.getByRole('region', { name: /Ready for shipping/ });
    await within(ready).findByRole('button', { name: `Mark ${order.orderNumber} Shipped (1 line)` });
    expect(within(ready).getByText('⟳ waiting to sync')).toBeTruthy();
    const [entry] = await db.outbox.toArray();
    expect(entry.mutation).toMatchObject({ orderId: order.id, status: 'printed', baseVersion: order.version });
    expect((await db.orderCache.get(order.id))?.status).toBe('printed');
    // The server applies it (the engine takes it out of the outbox): now the spec's message, once.
    await db.outbox.clear();
    await screen.findByText('Order status updated to Ready to Ship');
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(screen.getAllByText('Order status updated to Ready to Ship')).toHaveLength(1);
  });

  it('bulk-ships the selected orders, each with its own TRK tracking number', async () => {
    const orders = [adminOrder({ status: 'printed' }), adminOrder({ status: 'printed' }), adminOrder({ status: 'printed' })];
    await db.orderCache.bulkPut(orders.map((o) => toCachedOrder(o, [])));
    renderPage(<FulfillmentPage />);
    const ready = await screen.findByRole('region', { name: /Ready for shipping/ });
    await userEvent.click(await within(ready).findByLabelText(`Select ${orders[0].orderNumber}`));
    await userEvent.click(within(ready).getByLabelText(`Select ${orders[2].orderNumber}`));
    await userEvent.click(within(ready).getByRole('button', { name: 'Mark Shipped (2)' }));
    await waitFor(async () => expect(await db.outbox.count()).toBe(2));
    const mutations = (await db.outbox.toArray()).map((e) => e.mutation);
    expect(mutations.map((m) => m.orderId).sort()).toEqual([orders[0].id, orders[2].id].sort());
    for (const m of mutations) expect(m.trackingNumber).toMatch(/^TRK[A-Z0-9]{9}$/);
    expect(mutations[0].trackingNumber).not.toBe(mutations[1].trackingNumber);
    expect((await db.orderCache.get(orders[1].id))?.status).toBe('printed');
  });
});

describe('a three-line order', () => {
  const lineTexts = ['Casa Amor', 'Mugged off', 'Cheers <&"babe">'];

  it('shows its three lines on the queue card and marks all of them printed with one named action', async () => {
    setOnline(false);
    const order = threeLineOrder(lineTexts);
    await db.orderCache.put(toCachedOrder(order, []));
    renderPage(<FulfillmentPage />);
    const production = await screen.findByRole('region', { name: /Production queue/ });
    const lines = await within(production).findByRole('list', { name: '3 lines' });
    expect(within(lines).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      '“Casa Amor” ×1 iPhone 14 Pro · Hot Pink · Pecita',
      '“Mugged off” ×2 Standard Bottle · Teal · Poppins',
      '“Cheers <&"babe">” ×3 Standard Glass · Dark Purple · Inter',
    ]);
    expect(within(lines).getByRole('img', { name: "Design: 'Mugged off' in Teal, Poppins, on Standard Bottle" })).toBeTruthy();
    await userEvent.click(within(production).getByRole('button', { name: `Mark ${order.orderNumber} Printed (3 lines)` }));
    await screen.findByText('Queued: will sync when online');
    expect((await db.orderCache.get(order.id))?.status).toBe('printed');
    expect(await db.outbox.count()).toBe(1);
  });

  it('shows its three lines in the order window, each with its proof and its own print file button', async () => {
    const order = toCachedOrder(threeLineOrder(lineTexts), []);
    renderPage(<OrderDetailModal order={order} onClose={() => {}} />);
    const dialog = await screen.findByRole('dialog', { name: `Order ${order.orderNumber}` });
    const items = within(dialog).getByRole('region', { name: 'Items: 3 lines' });
    expect(within(items).getAllByRole('img').map((img) => img.getAttribute('aria-label'))).toEqual(
      lineTexts.map((text, i) => `Design: '${text}' in ${order.items[i]!.color}, ${order.items[i]!.font}, on ${order.items[i]!.device}`),
    );
    for (const line of [1, 2, 3]) within(items).getByRole('button', { name: `Print file for line ${line} of ${order.orderNumber}` });
    expect(within(items).getByText('Cheers <&"babe">')).toBeTruthy();
  });
});
