import { describe, expect, it } from 'vitest';
import { ORDERS_CSV_HEADER } from '../../../../shared/orders-csv';
import { toCachedOrder } from '../../../sync/order-cache';
import { fulfillmentLists } from '../fulfillment/fulfillment-lists';
import { adminOrder, threeLineOrder } from '../admin-orders.test-support';
import { ordersCsv } from './csv-export';
import { EMPTY_FILTER, filterOrders } from './order-filter';

const cached = (o: Parameters<typeof adminOrder>[0]) => toCachedOrder(adminOrder(o), []);

describe('order filters on the cache', () => {
  const orders = [
    cached({ orderNumber: 'AB12CD', customerName: 'Tasha Ghouri', customerEmail: 'tasha@x.com', customText: 'Islander', status: 'processing', createdAt: '2026-11-02T10:00:00.000Z' }),
    cached({ orderNumber: 'ZX98YW', customerName: 'Ekin-Su', customerEmail: 'ekin@x.com', customText: 'Bombshell', status: 'shipped', createdAt: '2026-11-10T10:00:00.000Z' }),
    cached({ orderNumber: 'QQ11PP', customerName: 'Davide', customerEmail: 'davide@x.com', customText: 'Villa', status: 'shipped', createdAt: '2026-11-20T10:00:00.000Z' }),
  ];

  it('searches order number, name, email and item text, case-insensitively', () => {
    expect(filterOrders(orders, { ...EMPTY_FILTER, search: 'zx98' }, 'UTC').map((o) => o.orderNumber)).toEqual(['ZX98YW']);
    expect(filterOrders(orders, { ...EMPTY_FILTER, search: 'TASHA' }, 'UTC').map((o) => o.orderNumber)).toEqual(['AB12CD']);
    expect(filterOrders(orders, { ...EMPTY_FILTER, search: 'davide@' }, 'UTC').map((o) => o.orderNumber)).toEqual(['QQ11PP']);
    expect(filterOrders(orders, { ...EMPTY_FILTER, search: 'bombshell' }, 'UTC').map((o) => o.orderNumber)).toEqual(['ZX98YW']);
    expect(filterOrders(orders, { ...EMPTY_FILTER, search: 'nobody' }, 'UTC')).toEqual([]);
  });

  it('combines status and an inclusive date range', () => {
    expect(filterOrders(orders, { ...EMPTY_FILTER, status: 'shipped' }, 'UTC')).toHaveLength(2);
    expect(filterOrders(orders, { ...EMPTY_FILTER, status: 'shipped', dateFrom: '2026-11-15' }, 'UTC').map((o) => o.orderNumber)).toEqual(['QQ11PP']);
    expect(filterOrders(orders, { ...EMPTY_FILTER, dateFrom: '2026-11-02', dateTo: '2026-11-10' }, 'UTC')).toHaveLength(2);
  });
});

describe('CSV export from the cache', () => {
  it('has the spec header, one line per order and neutralised formulas', () => {
    const csv = ordersCsv([cached({ orderNumber: 'AB12CD', customerName: '=HYPERLINK("x")', customText: '+1, "quoted"', total: 12.9 })]);
    const [header, line, end] = csv.split('\r\n');
    expect(header).toBe(ORDERS_CSV_HEADER);
    expect(header).toBe('Order ID,Customer,Device,Text,Status,Total,Date');
    expect(line.startsWith('AB12CD,"\'=HYPERLINK(""x"")","iPhone 14 Pro x1 (Hot Pink, Pecita)","\'+1, ""quoted""",In Production,12.90,')).toBe(true);
    expect(end).toBe('');
  });

  it('lists every line of a multi-item order with what to make of it, as the server does', () => {
    const [, line] = ordersCsv([toCachedOrder(threeLineOrder(['Casa Amor', 'Mugged off', 'Cheers']), [])]).split('\r\n');
    expect(line).toContain('"iPhone 14 Pro x1 (Hot Pink, Pecita); Standard Bottle x2 (Teal, Poppins); Standard Glass x3 (Dark Purple, Inter)",Casa Amor; Mugged off; Cheers,');
  });
});

describe('fulfillment lists', () => {
  it('sorts orders into the queues and keeps at most 10 recently shipped', () => {
    const orders = [
      cached({ status: 'processing' }),
      cached({ status: 'printed' }),
      cached({ status: 'pending' }),
      ...Array.from({ length: 12 }, (_, i) =>
        cached({ status: i % 2 ? 'shipped' : 'delivered', fulfillmentData: { printFile: null, printedAt: null, shippedAt: new Date(Date.UTC(2026, 10, i + 1)).toISOString() } }),
      ),
    ];
    const lists = fulfillmentLists(orders);
    expect(lists.production).toHaveLength(1);
    expect(lists.readyToShip).toHaveLength(1);
    expect(lists.inTransit).toHaveLength(6);
    expect(lists.recentlyShipped).toHaveLength(10);
    expect(lists.recentlyShipped[0].fulfillmentData.shippedAt).toBe(new Date(Date.UTC(2026, 10, 12)).toISOString());
  });
});

describe('pending changes over a server order', () => {
  it('shows the last queued status and tracking number, keeps the server version, counts what waits', () => {
    const server = adminOrder({ status: 'processing', version: 4 });
    const at = '2026-11-21T10:00:00.000Z';
    const order = toCachedOrder(server, [
      { id: 'm1', orderId: server.id, type: 'setStatus', status: 'printed', baseVersion: 4, at },
      { id: 'm2', orderId: server.id, type: 'setStatus', status: 'shipped', trackingNumber: 'TRK123456789', baseVersion: 4, at },
    ]);
    expect(order).toMatchObject({ status: 'shipped', trackingNumber: 'TRK123456789', version: 4, pendingCount: 2 });
    expect(order.fulfillmentData).toMatchObject({ printedAt: at, shippedAt: at });
  });
});
