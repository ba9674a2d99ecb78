/** The online-only calls of the detail modal: full order with history, and refunds. */
import type { RequestOf, ResponseOf } from '../../../../shared/api/routes';
import type { OrderHistoryEntry } from '../../../../shared/api/types';
import { call } from '../../../api/client';
import { isDefiniteOutcome, moneyActionKey, settleMoneyAction } from './money-action-key';

/** The status history of an order; GET /api/orders/:id answers it to an admin only. */
export async function fetchOrderHistory(orderId: string): Promise<OrderHistoryEntry[]> {
  const { order } = await call('order', { params: { id: orderId } });
  return 'history' in order ? order.history : [];
}

/**
 * One refund, under a key kept until the server answers definitely (money-action-key.ts): the admin
 * clicking again after a timeout sends the same key and is told the first refund, never a second.
 */
export async function refundPayment(paymentIntentId: string, amount: RequestOf<'refund'>['amount']): Promise<ResponseOf<'refund'>> {
  const action = `refund:${paymentIntentId}:${amount == null ? 'rest' : amount.toFixed(2)}`;
  const idempotencyKey = moneyActionKey(action);
  try {
    const answer = await call('refund', { body: { paymentIntentId, amount } }, { idempotencyKey });
    settleMoneyAction(action);
    return answer;
  } catch (error) {
    if (isDefiniteOutcome(error)) settleMoneyAction(action);
    throw error;
  }
}
