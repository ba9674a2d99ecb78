import { expect, it } from 'vitest';
import { toCachedOrder } from '../../../sync/order-cache';
import { adminOrder } from '../admin-orders.test-support';
import { dateFilterError, EMPTY_FILTER, filterOrders } from './order-filter';

/** Picking 9999-12-31 on the Orders screen throws no RangeError and shows no crash screen. */
const orders = [toCachedOrder(adminOrder({ orderNumber: 'AB12CD', createdAt: '2026-11-02T10:00:00.000Z' }), [])];

it('leaves a date it cannot use out of the filter and says why, instead of crashing', () => {
  const farFuture = { ...EMPTY_FILTER, dateTo: '9999-12-31' };
  expect(filterOrders(orders, farFuture, 'America/New_York').map((order) => order.orderNumber)).toEqual(['AB12CD']);
  expect(dateFilterError(farFuture)).toBe('The To date must be a date from 2000-01-01 to 2099-12-31.');
  expect(dateFilterError({ ...EMPTY_FILTER, dateFrom: '1900-01-01' })).toBe('The From date must be a date from 2000-01-01 to 2099-12-31.');
  expect(dateFilterError({ ...EMPTY_FILTER, dateFrom: '2026-11-01', dateTo: '2026-11-30' })).toBeNull();
});
