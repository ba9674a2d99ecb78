/** The online-only calls of the detail modal: full order with history, and refunds. */
import { apiPath } from '../../../../shared/api/routes';
import type { AdminOrderView, OrderHistoryEntry } from '../../../../shared/api/types';
import { apiRequest } from '../../../api/client';

export async function fetchOrderHistory(orderId: string): Promise<OrderHistoryEntry[]> {
  const response = await apiRequest<{ order: AdminOrderView & { history?: OrderHistoryEntry[] }; history?: OrderHistoryEntry[] }>(
    'GET',
    apiPath('order', { id: orderId }),
  );
  return response.order.history ?? response.history ?? [];
}

export function refundPayment(paymentIntentId: string, amount: number | null): Promise<{ refund: { id: string; amount: number; status: string } }> {
  return apiRequest('POST', apiPath('refund'), { body: { paymentIntentId, amount } });
}
