/**
 * The customer e-mails of orders (design.md mail outbox; online only: the outbox is the server's).
 * "Send again" puts a mail that failed for good back in the queue; the order's mails and the
 * failed-mail notice are asked again after it.
 */
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import type { MailView } from '../../shared/api/types';
import { call } from './client';
import { queryClient, queryKeysFactory } from './query-client';

export const orderMailQueryKeys = queryKeysFactory('order-mail');

const FAILED_MAILS_REFRESH_MS = 60_000;

/** The mails of one order at `version`, newest first; the last answer shows while the next loads. */
export function useOrderMails(orderId: string, version: number, enabled: boolean) {
  return useQuery(
    {
      queryKey: orderMailQueryKeys.detail(orderId, { version }),
      queryFn: async ({ signal }) => (await call('mailOutbox', { query: { orderId } }, { signal })).mails,
      enabled,
      placeholderData: keepPreviousData,
    },
    queryClient,
  );
}

/** Mails that failed for good, across orders, asked again every minute while `enabled`. */
export function useFailedMails(enabled: boolean) {
  return useQuery(
    {
      queryKey: orderMailQueryKeys.list({ state: 'failed' }),
      queryFn: async ({ signal }) => (await call('mailOutbox', { query: { state: 'failed', limit: 50 } }, { signal })).mails,
      enabled,
      refetchInterval: FAILED_MAILS_REFRESH_MS,
    },
    queryClient,
  );
}

export function useSendMailAgain() {
  return useMutation(
    {
      mutationFn: async (mail: Pick<MailView, 'orderId' | 'mailKey'>) => (await call('mailRetry', { params: { orderId: mail.orderId, mailKey: mail.mailKey } })).mail,
      onSuccess: () => void queryClient.invalidateQueries({ queryKey: orderMailQueryKeys.all }),
    },
    queryClient,
  );
}
