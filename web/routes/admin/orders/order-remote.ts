/** The online-only calls of the detail modal: full order with history, and refunds. */
import type { RequestOf, ResponseOf } from '../../../../shared/api/routes';
import type { OrderHistoryEntry } from '../../../../shared/api/types';
import { call } from '../../../api/client';

/** The status history of an order; GET /api/orders/:id answers it to an admin only. */
export async function fetchOrderHistory(orderId: string): Promise<OrderHistoryEntry[]> {
  const { order } = await call('order', { params: { id: orderId } });
  return 'history' in order ? order.history : [];
}

export function refundPayment(paymentIntentId: string, amount: RequestOf<'refund'>['amount']): Promise<ResponseOf<'refund'>> {
  return call('refund', { body: { paymentIntentId, amount } });
}
