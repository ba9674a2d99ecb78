/**
 * The shop's discount codes (design.md §9; online only: they live on the server). A change answers
 * the changed code, which replaces the listed one; a new code goes to the top of the list.
 */
import { useMutation, useQuery } from '@tanstack/react-query';
import type { DiscountCodeView } from '../../shared/api/answers';
import type { CreateDiscountCodeInput } from '../../shared/schemas/discount-codes';
import { call } from './client';
import { queryClient, queryKeysFactory } from './query-client';

export const discountCodesQueryKeys = queryKeysFactory('discount-codes');
const DISCOUNT_CODES = discountCodesQueryKeys.lists();

/** Asked while `online`; asked again each time the tablet comes back online. */
export function useDiscountCodes(online: boolean) {
  return useQuery({ queryKey: DISCOUNT_CODES, queryFn: async () => (await call('discountCodes')).codes, enabled: online }, queryClient);
}

const listWith = (update: (codes: DiscountCodeView[]) => DiscountCodeView[]) =>
  queryClient.setQueryData(DISCOUNT_CODES, (codes: DiscountCodeView[] | undefined) => update(codes ?? []));

export function useCreateDiscountCode() {
  return useMutation(
    {
      mutationFn: async (input: CreateDiscountCodeInput) => (await call('createDiscountCode', { body: input })).code,
      onSuccess: (created) => listWith((codes) => [created, ...codes]),
    },
    queryClient,
  );
}

export function useSetDiscountCodeActive() {
  return useMutation(
    {
      mutationFn: async ({ code, active }: { code: string; active: boolean }) => (await call('updateDiscountCode', { params: { code }, body: { active } })).code,
      onSuccess: (changed) => listWith((codes) => codes.map((known) => (known.code === changed.code ? changed : known))),
    },
    queryClient,
  );
}
