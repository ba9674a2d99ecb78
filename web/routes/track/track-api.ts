import type { TrackedOrder } from '../../../shared/api/types';
import type { OrderLookupInput } from '../../../shared/schemas/order-lookup';
import { call } from '../../api/client';

/** POST /api/orders/lookup: the order, or an ApiError (404 for any mismatch, 429 when throttled). */
export async function lookupOrder(input: OrderLookupInput): Promise<TrackedOrder> {
  const { order } = await call('orderLookup', { body: input }, { ignoreUnauthorized: true });
  return order;
}
