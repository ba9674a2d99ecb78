import type { SavedShippingAddress } from '../../../shared/api/answers';
import type { OrderView } from '../../../shared/api/types';
import { getToken } from '../../api/client';
import { fetchCustomerOrders } from '../../api/customer-orders';
import { db } from '../../db/db';

/** meta key of the signed-in customer's order history, so /account shows it offline too. */
export const CUSTOMER_ORDERS_KEY = 'customerOrders';

export interface StoredCustomerOrders {
  userId: number;
  orders: OrderView[];
  /** Shipping addresses of their orders, newest first: the checkout pre-fills from them. */
  savedAddresses?: SavedShippingAddress[];
  fetchedAt: number;
}

/** Reloads the signed-in customer's orders (GET /api/orders/customer) into IndexedDB. */
export async function refreshCustomerOrders(userId: number): Promise<OrderView[]> {
  if (!getToken()) return [];
  const { orders, savedAddresses = [] } = await fetchCustomerOrders();
  const record: StoredCustomerOrders = { userId, orders, savedAddresses, fetchedAt: Date.now() };
  await db.meta.put({ key: CUSTOMER_ORDERS_KEY, value: record });
  return orders;
}

export async function forgetCustomerOrders(): Promise<void> {
  await db.meta.delete(CUSTOMER_ORDERS_KEY);
}
