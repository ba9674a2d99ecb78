/** Customers by the e-mail address they ordered with (the server sums every order, not just the tablet's cache). */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call } from './client';
import { queryClient, queryKeysFactory } from './query-client';

export const CUSTOMERS_PAGE_SIZE = 50;

export const customersQueryKeys = queryKeysFactory('customers');

/** One page of customers matching `search`; the last page shown stays until the next one answers. */
export function useCustomers(search: string, page: number, enabled: boolean) {
  return useQuery(
    {
      queryKey: customersQueryKeys.list({ search, page }),
      queryFn: ({ signal }) => call('customers', { query: { search, page, limit: CUSTOMERS_PAGE_SIZE } }, { signal }),
      enabled,
      placeholderData: keepPreviousData,
    },
    queryClient,
  );
}
