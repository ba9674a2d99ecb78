import type { CachedOrder } from '../../../db/db';
import { formatDate } from '../shared/format';
import { PendingMark, StatusBadge } from '../shared/StatusBadge';

/** The last shipments with their tracking numbers, for a customer on the phone; folded by default. */
export function RecentlyShipped({ orders }: { orders: readonly CachedOrder[] }) {
  return (
    <details className="queue queue--recent">
      <summary className="queue__title">
        <h2 id="queue-recent">Recently shipped</h2> <span className="queue__count">{orders.length}</span>
      </summary>
      {orders.length === 0 ? (
        <p className="admin-muted">No shipments yet.</p>
      ) : (
        <ul className="queue__list" aria-labelledby="queue-recent">
          {orders.map((order) => (
            <li key={order.id} className="queue-card" data-order-number={order.orderNumber}>
              <div className="queue-card__main">
                <strong>{order.orderNumber}</strong> <StatusBadge status={order.status} /> <PendingMark count={order.pendingCount} />
                <div className="admin-muted">{order.customerName} · {order.trackingNumber ?? 'no tracking'} · {formatDate(order.fulfillmentData.shippedAt ?? order.updatedAt)}</div>
              </div>
            </li>
          ))}
        </ul>
      )}
    </details>
  );
}
