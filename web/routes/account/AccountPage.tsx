import { useEffect, useState } from 'react';
import { ORDER_STATUS_LABELS } from '../../../shared/order-status';
import { formatUsd, toCents } from '../../../shared/money';
import { ApiError, getToken } from '../../api/client';
import { authStore } from '../../auth/auth-store';
import { useAuth } from '../../auth/useAuth';
import { DesignThumbnail } from '../../components/DesignThumbnail';
import { useNotify } from '../../components/notifications';
import { onReturnToTab } from '../../components/return-to-tab';
import { useShopLiveQuery } from '../../db/lazy-db';
import { CUSTOMER_ORDERS_KEY, forgetCustomerOrders, refreshCustomerOrders, type StoredCustomerOrders } from './customer-orders';
import { AccountForms } from './AccountForms';
import '../checkout/checkout.css';

export const SESSION_ENDED_MESSAGE = 'Your session has ended. Please sign in again.';

/** /account: register, sign in and out, and the signed-in customer's own order history. */
export default function AccountPage() {
  const { status, user, logout } = useAuth();
  const { notify } = useNotify();
  const [loadError, setLoadError] = useState<string | null>(null);
  const stored = useShopLiveQuery(async (db) => (await db.meta.get(CUSTOMER_ORDERS_KEY))?.value as StoredCustomerOrders | undefined, []);
  const orders = user && stored?.userId === user.id ? stored.orders : null;
  // Coming back to a tab left open reloads the orders, so a session ended elsewhere is noticed.
  const returnedAt = useReturnToTab();

  useEffect(() => {
    if (!user) return;
    setLoadError(null);
    if (!getToken()) {
      // Signed out in another tab: the token is gone, so is this page's session.
      authStore.signOutLocally();
      return;
    }
    refreshCustomerOrders(user.id).catch(async (error: unknown) => {
      // The session ended on the server (expired, signed out elsewhere): sign out here too, rather
      // than keep saying "Signed in as" over an order list that can no longer load.
      if (error instanceof ApiError && error.status === 401) {
        authStore.signOutLocally();
        await forgetCustomerOrders();
        notify(SESSION_ENDED_MESSAGE);
        return;
      }
      setLoadError(error instanceof Error ? error.message : String(error));
    });
  }, [user, notify, returnedAt]);

  if (status === 'checking') {
    return (
      <section className="account" role="status">
        <p>Checking your account...</p>
      </section>
    );
  }

  if (!user) {
    return (
      <section className="account" aria-labelledby="account-heading">
        <h1 id="account-heading">Your Account</h1>
        <p>Sign in to see your orders. You can always check out as a guest.</p>
        <AccountForms />
      </section>
    );
  }

  return (
    <section className="account" aria-labelledby="account-heading">
      <h1 id="account-heading">Your Account</h1>
      <div className="account-card">
        <p>
          Signed in as <strong>{user.firstName} {user.lastName}</strong> ({user.email})
        </p>
        <button
          type="button"
          className="btn btn--secondary"
          onClick={async () => {
            await logout();
            await forgetCustomerOrders();
            notify('Signed out');
          }}
        >
          Sign out
        </button>
      </div>
      <div className="account-card">
        <h2>Your orders</h2>
        {loadError ? <p role="alert" className="field__error">{loadError}</p> : null}
        {orders === null ? (
          <p role="status">Loading your orders...</p>
        ) : orders.length === 0 ? (
          <p>No orders yet.</p>
        ) : (
          <table className="account-orders">
            <caption className="sr-only">Your orders, newest first</caption>
            <thead>
              <tr>
                <th scope="col">Order</th>
                <th scope="col">Date</th>
                <th scope="col">Items</th>
                <th scope="col">Status</th>
                <th scope="col">Tracking</th>
                <th scope="col">Total</th>
              </tr>
            </thead>
            <tbody>
              {orders.map((order) => (
                <tr key={order.id}>
                  <td data-label="Order">{order.orderNumber}</td>
                  <td data-label="Date">{new Date(order.createdAt).toLocaleDateString()}</td>
                  <td data-label="Items">
                    <ul className="account-orders__items">
                      {order.items.map((item, index) => (
                        <li key={index}>
                          <DesignThumbnail design={item} size={56} fit="ink" />
                          <span>{item.device} “{item.text}” ×{item.quantity}</span>
                        </li>
                      ))}
                    </ul>
                  </td>
                  <td data-label="Status">{ORDER_STATUS_LABELS[order.status] ?? order.status}</td>
                  <td data-label="Tracking">{order.trackingNumber ?? <span className="muted">Not shipped yet</span>}</td>
                  <td data-label="Total">{formatUsd(toCents(order.total))}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </div>
    </section>
  );
}

/** Changes each time the shopper comes back to this tab (focus or made visible), at most every 2 s. */
function useReturnToTab(): number {
  const [returnedAt, setReturnedAt] = useState(0);
  useEffect(() => onReturnToTab(() => setReturnedAt((last) => (Date.now() - last < 2000 ? last : Date.now()))), []);
  return returnedAt;
}
