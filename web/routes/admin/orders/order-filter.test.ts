import { describe, expect, it } from 'vitest';
import type { OrderStatus } from '../../../../shared/order-status';
import { toCachedOrder } from '../../../sync/order-cache';
import { adminOrder } from '../admin-orders.test-support';
import { createOrderFilter, EMPTY_FILTER, filterOrders, type OrderFilter } from './order-filter';

const NAMES = ['Maya Jama', 'Tasha Ghouri', 'Ekin Su', 'Davide Sanclimenti'];
const TEXTS = ['Bombshell', 'Islander', 'Villa Vibes', 'Mugged Off'];
const STATUSES: OrderStatus[] = ['processing', 'printed', 'shipped', 'delivered'];
const orders = Array.from({ length: 400 }, (_, i) =>
  toCachedOrder(
    adminOrder({
      customerName: NAMES[i % NAMES.length],
      customerEmail: `${NAMES[i % NAMES.length].split(' ')[0].toLowerCase()}${i}@example.com`,
      customText: `${TEXTS[i % TEXTS.length]} ${i}`,
      status: STATUSES[i % STATUSES.length],
      createdAt: new Date(Date.UTC(2026, 10, 1 + (i % 28), 12)).toISOString(),
      trackingNumber: i % 5 ? null : `TRK${String(i).padStart(9, '0')}`,
    }),
    [],
  ),
);

/** Typing a word forward and back again, letter by letter, as the search box sees it. */
function typed(word: string): string[] {
  const forward = Array.from({ length: word.length }, (_, i) => word.slice(0, i + 1));
  return [...forward, ...forward.slice(0, -1).reverse(), ''];
}

describe('search with memory', () => {
  it('gives exactly the full filter’s result for every keystroke, forward, back and across words', () => {
    const filter = createOrderFilter();
    const searches = [...typed('maya1'), ...typed('bomb'), ...typed('villa v'), ...typed('zz'), ...typed('trk0'), 'MAYA', ' maya ', 'ay', 'maya12', 'a', 'ya1'];
    for (const search of searches) {
      for (const scope of [EMPTY_FILTER, { ...EMPTY_FILTER, status: 'shipped' as const }, { ...EMPTY_FILTER, dateFrom: '2026-11-10', dateTo: '2026-11-20' }]) {
        const wanted: OrderFilter = { ...scope, search };
        expect(filter(orders, wanted, 'UTC'), `${JSON.stringify(wanted)}`).toEqual(filterOrders(orders, wanted, 'UTC'));
      }
    }
  });

  it('narrows the earlier result and returns a remembered one unchanged', () => {
    const filter = createOrderFilter();
    const maya = filter(orders, { ...EMPTY_FILTER, search: 'maya' }, 'UTC');
    const maya1 = filter(orders, { ...EMPTY_FILTER, search: 'maya1' }, 'UTC');
    expect(maya1.every((order) => maya.includes(order))).toBe(true);
    expect(filter(orders, { ...EMPTY_FILTER, search: 'maya' }, 'UTC')).toBe(maya);
  });

  it('forgets what it remembered when the orders change', () => {
    const filter = createOrderFilter();
    const before = filter(orders, { ...EMPTY_FILTER, search: 'bomb' }, 'UTC');
    const changed = [toCachedOrder(adminOrder({ customText: 'Bombshell new' }), []), ...orders];
    const after = filter(changed, { ...EMPTY_FILTER, search: 'bomb' }, 'UTC');
    expect(after).toHaveLength(before.length + 1);
    expect(after).toEqual(filterOrders(changed, { ...EMPTY_FILTER, search: 'bomb' }, 'UTC'));
  });
});

describe('days and tracking numbers', () => {
  const lateOct31InNewYork = toCachedOrder(adminOrder({ createdAt: '2026-11-01T03:59:59.000Z', trackingNumber: 'TRK000000042' }), []);
  const dayFilter = (day: string): OrderFilter => ({ ...EMPTY_FILTER, dateFrom: day, dateTo: day });

  it('takes a day in the shop’s time zone, whatever the tablet’s clock', () => {
    expect(filterOrders([lateOct31InNewYork], dayFilter('2026-10-31'), 'America/New_York')).toHaveLength(1);
    expect(filterOrders([lateOct31InNewYork], dayFilter('2026-11-01'), 'America/New_York')).toHaveLength(0);
    expect(filterOrders([lateOct31InNewYork], dayFilter('2026-11-01'), 'UTC')).toHaveLength(1);
  });

  it('finds an order by its tracking number, as the server does', () => {
    expect(filterOrders([lateOct31InNewYork], { ...EMPTY_FILTER, search: 'trk000000042' }, 'UTC')).toHaveLength(1);
  });
});
