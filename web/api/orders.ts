/**
 * The admin's server-only order calls. The orders themselves are the tablet's cache, kept by the
 * sync engine (web/sync, read with useCachedOrders) and changed through its outbox; what is here
 * needs the server each time: the full history, internal notes, and the fixes that move money or
 * change what gets printed (a line's design, cancel with refund, a refund). Those are never queued:
 * a tablet that cannot reach the server is told so, with nothing changed. After each, the cache
 * catches up at once.
 */
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import type { RequestOf } from '../../shared/api/routes';
import type { LineDesign, OrderHistoryEntry } from '../../shared/api/types';
import { adminSyncEngine } from '../sync/admin-sync';
import { call } from './client';
import { isDefiniteOutcome, moneyActionKey, settleMoneyAction } from './money-action-key';
import { queryClient, queryKeysFactory } from './query-client';

export const ordersQueryKeys = queryKeysFactory('orders');

const catchUp = () => void adminSyncEngine().pull();

/** The status history of an order at `version` (GET /api/orders/:id answers it to an admin only); the last one shows meanwhile. */
export function useOrderHistory(orderId: string, version: number, enabled: boolean) {
  return useQuery(
    {
      queryKey: ordersQueryKeys.detail(orderId, { history: version }),
      queryFn: async (): Promise<OrderHistoryEntry[]> => {
        const { order } = await call('order', { params: { id: orderId } });
        return 'history' in order ? order.history : [];
      },
      enabled,
      placeholderData: keepPreviousData,
    },
    queryClient,
  );
}

export function useOrderNotes(orderId: string, enabled: boolean) {
  return useQuery(
    { queryKey: ordersQueryKeys.detail(orderId, 'notes'), queryFn: async () => (await call('orderNotes', { params: { id: orderId } })).notes, enabled },
    queryClient,
  );
}

export function useAddOrderNote(orderId: string) {
  return useMutation(
    {
      mutationFn: async (body: string) => (await call('addOrderNote', { params: { id: orderId }, body: { body } })).note,
      onSuccess: (note) => queryClient.setQueryData(ordersQueryKeys.detail(orderId, 'notes'), (notes: typeof note[] | undefined) => [...(notes ?? []), note]),
    },
    queryClient,
  );
}

export function useEditOrderLine(orderId: string) {
  return useMutation(
    {
      mutationFn: async ({ line, changes, baseVersion }: { line: number; changes: Partial<LineDesign>; baseVersion: number }) =>
        (await call('editOrderLine', { params: { id: orderId, line: String(line) }, body: { ...changes, baseVersion } })).order,
      onSuccess: catchUp,
    },
    queryClient,
  );
}

/** One cancel, named by the version the admin saw: sending it again never refunds twice. */
export function useCancelOrder(orderId: string) {
  return useMutation(
    {
      mutationFn: ({ baseVersion, refund }: { baseVersion: number; refund: { amount: number | null } | null }) =>
        call('cancelOrder', { params: { id: orderId }, body: { baseVersion, refund } }, { idempotencyKey: `cancel:${orderId}:${baseVersion}` }),
      onSuccess: catchUp,
    },
    queryClient,
  );
}

/**
 * One refund, under a key kept until the server answers definitely (money-action-key.ts): the admin
 * clicking again after a timeout sends the same key and is told the first refund, never a second.
 */
async function refundPayment(paymentIntentId: string, amount: RequestOf<'refund'>['amount']) {
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

export function useRefund() {
  return useMutation(
    { mutationFn: ({ paymentIntentId, amount }: { paymentIntentId: string; amount: RequestOf<'refund'>['amount'] }) => refundPayment(paymentIntentId, amount), onSuccess: catchUp },
    queryClient,
  );
}
