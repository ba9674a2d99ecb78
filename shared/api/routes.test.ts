import { describe, expect, expectTypeOf, it } from 'vitest';
import type { AdminOrderView } from './types';
import type { OrderDetailAnswer } from './answers';
import type { DownloadedFile } from './contract';
import { API_ROUTES, apiPath, routerPath, type CallInput, type ParsedRequestOf, type PathParamsOf, type RequestOf, type ResponseOf } from './routes';

describe('the route map', () => {
  it('gives each route one method and path, and unique method + path pairs', () => {
    const pairs = Object.values(API_ROUTES).map((entry) => `${entry.method} ${entry.path}`);
    expect(new Set(pairs).size).toBe(pairs.length);
    expect(routerPath('orderStatus')).toBe('/orders/:id/status');
  });

  it('fills path params and leaves empty query values out', () => {
    expect(apiPath('mailRetry', { orderId: 'a b', mailKey: 'confirmation' })).toBe('/api/mail/outbox/a%20b/confirmation/retry');
    expect(apiPath('listOrders', {}, { status: 'pending', search: '', page: 2, dateFrom: null })).toBe('/api/orders?status=pending&page=2');
  });

  it('reads request and response types from the entries', () => {
    expectTypeOf<ResponseOf<'orderStatus'>>().toEqualTypeOf<{ order: AdminOrderView }>();
    expectTypeOf<ResponseOf<'order'>>().toEqualTypeOf<OrderDetailAnswer>();
    expectTypeOf<ResponseOf<'printFile'>>().toEqualTypeOf<DownloadedFile>();
    expectTypeOf<PathParamsOf<'mailRetry'>>().toEqualTypeOf<Record<'orderId' | 'mailKey', string>>();
    expectTypeOf<RequestOf<'orderStatus'>['status']>().toEqualTypeOf<'pending' | 'processing' | 'printed' | 'shipped' | 'delivered' | 'cancelled'>();
    expectTypeOf<ParsedRequestOf<'syncPull'>>().toEqualTypeOf<{ since: number; limit: number }>();
    expectTypeOf<RequestOf<'health'>>().toEqualTypeOf<undefined>();
    expectTypeOf<CallInput<'orderStatus'>>().toHaveProperty('params');
    expectTypeOf<CallInput<'orderStatus'>>().toHaveProperty('body');
    expectTypeOf<CallInput<'printFile'>>().toHaveProperty('query');
  });

  it('refuses, at type-check time, an answer or a request of another shape', () => {
    // @ts-expect-error: the status change answers `{ order }`, not a list
    const answer: ResponseOf<'orderStatus'> = { orders: [], total: 0, page: 1, limit: 50 };
    // @ts-expect-error: 'lost' is not an order status
    const request: RequestOf<'orderStatus'> = { status: 'lost' };
    // @ts-expect-error: the path names both params
    const params: PathParamsOf<'mailRetry'> = { orderId: 'o1' };
    expect([answer, request, params]).toHaveLength(3);
  });
});
