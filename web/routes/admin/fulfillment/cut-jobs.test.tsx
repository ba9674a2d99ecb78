import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import type { AdminOrderView } from '../../../../shared/api/types';
import { NotificationProvider } from '../../../components/notifications';
import { db } from '../../../db/db';
import { toCachedOrder } from '../../../sync/order-cache';
import { FulfillmentPage } from './FulfillmentPage';
import { adminOrder } from '../admin-orders.test-support';

function setOnline(online: boolean) {
  Object.defineProperty(navigator, 'onLine', { value: online, configurable: true });
}

const line = (base: AdminOrderView, color: string, quantity: number) => ({ ...base.items[0]!, color, quantity });

async function seedQueue() {
  const mixedBase = adminOrder({ status: 'processing' });
  const mixed = { ...mixedBase, items: [line(mixedBase, 'Teal', 2), line(mixedBase, 'Purple', 1)] };
  const tealBase = adminOrder({ status: 'processing' });
  const teal = { ...tealBase, items: [line(tealBase, 'teal', 1)] };
  const printed = adminOrder({ status: 'printed' });
  await db.orderCache.bulkPut([mixed, teal, printed].map((o) => toCachedOrder(o, [])));
  return { mixed, teal, printed };
}

function renderPage() {
  return render(
    <MemoryRouter>
      <NotificationProvider>
        <FulfillmentPage />
      </NotificationProvider>
    </MemoryRouter>,
  );
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
  vi.unstubAllGlobals();
});

describe('Cut jobs on the Fulfillment page', () => {
  it('offline: lists the queue per vinyl colour from the cache and marks a whole job Printed through the outbox', async () => {
    setOnline(false);
    const { mixed, teal } = await seedQueue();
    renderPage();
    const jobs = await screen.findByRole('region', { name: /Cut jobs by vinyl colour/ });
    const tealJob = (await within(jobs).findByRole('heading', { name: 'Teal' })).closest('li')!;
    expect(within(tealJob).getByText('3 decals · 2 orders')).toBeTruthy();
    expect(within(tealJob).getByText('Roll length when online')).toBeTruthy();
    expect(within(tealJob).getByText(`Also in other colours: ${mixed.orderNumber} (Purple)`)).toBeTruthy();
    expect((within(tealJob).getByRole('button', { name: 'Download the Teal cut job as PDF' }) as HTMLButtonElement).disabled).toBe(true);
    expect(within(jobs).getByRole('heading', { name: 'Purple' })).toBeTruthy();

    await userEvent.click(within(tealJob).getByRole('button', { name: 'Mark Teal job Printed (2 orders)' }));
    await waitFor(async () => expect(await db.outbox.count()).toBe(2));
    const mutations = (await db.outbox.toArray()).map((entry) => entry.mutation);
    expect(mutations.map((m) => [m.orderId, m.status]).sort()).toEqual([[mixed.id, 'printed'], [teal.id, 'printed']].sort());
    await waitFor(() => expect(within(jobs).queryByRole('heading', { name: 'Teal' })).toBeNull());
    expect(within(jobs).getByText('Nothing to cut.')).toBeTruthy();
  });

  it('online: shows each job’s roll length, sheets, utilisation and lines that may tear, from the server', async () => {
    await seedQueue();
    const fetchMock = vi.fn(async (url: string) => {
      expect(url).toContain('/api/fulfillment/cut-jobs');
      const thin = { thinnestStrokeMm: 0.35, narrowestGapMm: null };
      const jobs = [
        {
          color: 'Teal',
          hex: '#00A6A6',
          lines: [{ orderNumber: 'a', line: 1, quantity: 2, thinFeatures: null }, { orderNumber: 'b', line: 1, quantity: 1, thinFeatures: thin }],
          lengthMm: 1234.5,
          rollWidthMm: 300,
          utilization: 0.812,
          sheetLengthMm: 1000,
          sheets: [{ lengthMm: 990, decals: 2 }, { lengthMm: 244.5, decals: 1 }],
        },
        { color: 'Purple', hex: '#8A2BE2', lines: [{ orderNumber: 'a', line: 2, quantity: 1, thinFeatures: null }], lengthMm: 64, rollWidthMm: 300, utilization: 0.21, sheetLengthMm: 1000, sheets: [{ lengthMm: 64, decals: 1 }] },
      ];
      return new Response(JSON.stringify({ jobs }), { status: 200, headers: { 'Content-Type': 'application/json' } });
    });
    vi.stubGlobal('fetch', fetchMock);
    renderPage();
    const jobs = await screen.findByRole('region', { name: /Cut jobs by vinyl colour/ });
    await within(jobs).findByText('1.23 m of the 300 mm roll on 2 sheets · 81 % used');
    expect(within(jobs).getByText('64 mm of the 300 mm roll · 21 % used')).toBeTruthy();
    // The line too thin to weed cleanly is named, as the sheet marks it.
    const tealJob = within(jobs).getByRole('heading', { name: 'Teal' }).closest('li')!;
    expect(within(tealJob).getByRole('note').textContent).toBe('⚠ 1 line may tear when weeded (marked in red on the sheet): b L1 (strokes 0.35 mm)');
    expect(within(within(jobs).getByRole('heading', { name: 'Purple' }).closest('li')!).queryByRole('note')).toBeNull();
    expect((within(jobs).getByRole('button', { name: 'Download the Teal cut job as HPGL' }) as HTMLButtonElement).disabled).toBe(false);
  });
});
