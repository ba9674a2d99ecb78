/**
 * A guest's own order, found by its number and e-mail address (POST /api/orders/lookup): 404 for
 * any mismatch, 429 when throttled. While the order is not yet printed the guest may fix a line's text.
 */
import { useMutation } from '@tanstack/react-query';
import type { OrderLookupInput } from '../../shared/schemas/order-lookup';
import { call } from './client';
import { queryClient } from './query-client';

export function useLookupOrder() {
  return useMutation(
    { mutationFn: async (input: OrderLookupInput) => (await call('orderLookup', { body: input }, { ignoreUnauthorized: true })).order },
    queryClient,
  );
}

export function useFixLineText() {
  return useMutation(
    {
      mutationFn: async ({ line, ...body }: OrderLookupInput & { text: string; baseVersion: number; line: number }) =>
        (await call('customerLineEdit', { params: { line: String(line) }, body }, { ignoreUnauthorized: true })).order,
    },
    queryClient,
  );
}
