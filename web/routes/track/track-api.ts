import { apiPath } from '../../../shared/api/routes';
import type { TrackedOrder } from '../../../shared/api/types';
import type { OrderLookupInput } from '../../../shared/schemas/order-lookup';
import { apiRequest } from '../../api/client';

/** POST /api/orders/lookup: the order, or an ApiError (404 for any mismatch, 429 when throttled). */
export async function lookupOrder(input: OrderLookupInput): Promise<TrackedOrder> {
  const { order } = await apiRequest<{ order: TrackedOrder }>('POST', apiPath('orderLookup'), { body: input, ignoreUnauthorized: true });
  return order;
}
