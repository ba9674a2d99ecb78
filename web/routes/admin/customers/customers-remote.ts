import type { CustomersAnswer } from '../../../../shared/api/answers';
import { call } from '../../../api/client';

export const CUSTOMERS_PAGE_SIZE = 50;

/** GET /api/admin/customers: one page of customers matching `search`. */
export function fetchCustomers(search: string, page: number, signal?: AbortSignal): Promise<CustomersAnswer> {
  return call('customers', { query: { search, page, limit: CUSTOMERS_PAGE_SIZE } }, { signal });
}
