import type { TrackedOrder } from '../../../shared/api/types';
import type { OrderLookupInput } from '../../../shared/schemas/order-lookup';
import { call } from '../../api/client';

/** POST /api/orders/lookup: the order, or an ApiError (404 for any mismatch, 429 when throttled). */
export async function lookupOrder(input: OrderLookupInput): Promise<TrackedOrder> {
  const { order } = await call('orderLookup', { body: input }, { ignoreUnauthorized: true });
  return order;
}

/** POST /api/orders/lookup/items/:line: the shopper fixes a line's text while the order is not yet printed. */
export async function fixLineText(input: OrderLookupInput & { text: string; baseVersion: number }, line: number): Promise<TrackedOrder> {
  const { order } = await call('customerLineEdit', { params: { line: String(line) }, body: input }, { ignoreUnauthorized: true });
  return order;
}
