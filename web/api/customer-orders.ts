/**
 * The signed-in customer's own orders and the shipping addresses they used (design.md §3). They are
 * kept in the browser's store by web/routes/account/customer-orders.ts, so /account shows them
 * offline and the checkout pre-fills from them; the checkout imports this too, so it is a plain
 * call and this module stays free of the query library.
 */
import type { ResponseOf } from '../../shared/api/routes';
import { call } from './client';

export function fetchCustomerOrders(): Promise<ResponseOf<'customerOrders'>> {
  return call('customerOrders', undefined, { ignoreUnauthorized: true });
}
