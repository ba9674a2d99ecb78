import { useMemo } from 'react';
import { generateTrackingNumber, type OrderStatus } from '../../../../shared/order-status';
import { useNotify } from '../../../components/notifications';
import type { CachedOrder } from '../../../db/db';
import { formatDate } from '../shared/format';
import { PendingMark, StatusBadge } from '../shared/StatusBadge';
import { changeStatuses } from '../../../admin-data/status-change';
import { useCachedOrdersOrEmpty } from '../../../admin-data/use-cached-orders';
import { fulfillmentLists } from './fulfillment-lists';
import { QueuePrintFiles } from './QueuePrintFiles';
import { QueueSection } from './QueueSection';
import { CutJobs } from './CutJobs';

/** Production queue, ready to ship, in transit and recently shipped, from the local cache. */
export function FulfillmentPage() {
  const orders = useCachedOrdersOrEmpty();
  const lists = useMemo(() => fulfillmentLists(orders), [orders]);
  const { notify, notifyError } = useNotify();

  async function move(selected: CachedOrder[], status: OrderStatus) {
    try {
      const message = await changeStatuses(
        selected.map((order) => ({ orderId: order.id, status, trackingNumber: status === 'shipped' ? generateTrackingNumber() : null })),
      );
      notify(message);
    } catch (error) {
      notifyError(error instanceof Error ? error.message : 'Could not update the orders');
    }
  }

  return (
    <section className="admin-page fulfillment-page" aria-labelledby="fulfillment-title">
      <div className="admin-page__head">
        <h1 id="fulfillment-title">Fulfillment</h1>
        <QueuePrintFiles queue={lists.production} />
      </div>
      <CutJobs queue={lists.production} onMarkPrinted={(orders) => move(orders, 'printed')} />
      <div className="fulfillment-grid">
        <QueueSection id="production" title="Production queue" empty="Nothing to print." orders={lists.production} action="Mark Printed" bulk onAction={(o) => move(o, 'printed')} />
        <QueueSection id="ready" title="Ready for shipping" empty="Nothing waiting to ship." orders={lists.readyToShip} action="Mark Shipped" bulk onAction={(o) => move(o, 'shipped')} />
        <QueueSection id="transit" title="In transit" empty="Nothing in transit." orders={lists.inTransit} action="Mark Delivered" onAction={(o) => move(o, 'delivered')} />
        <section className="queue" aria-labelledby="queue-recent">
          <h2 id="queue-recent" className="queue__title">Recently shipped</h2>
          {lists.recentlyShipped.length === 0 ? (
            <p className="admin-muted">No shipments yet.</p>
          ) : (
            <ul className="queue__list">
              {lists.recentlyShipped.map((order) => (
                <li key={order.id} className="queue-card" data-order-number={order.orderNumber}>
                  <div className="queue-card__main">
                    <strong>{order.orderNumber}</strong> <StatusBadge status={order.status} /> <PendingMark count={order.pendingCount} />
                    <div className="admin-muted">{order.customerName} · {order.trackingNumber ?? 'no tracking'} · {formatDate(order.fulfillmentData.shippedAt ?? order.updatedAt)}</div>
                  </div>
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>
    </section>
  );
}
