import { memo, useMemo } from 'react';
import type { CachedOrder } from '../../../db/db';
import { formatDollars } from '../shared/format';
import './order-mail.css';

/**
 * Above the order list: orders whose refund failed or was cancelled at the payment provider after
 * it was made, so the money did not go back to the customer. Read from the order cache, so it is
 * shown offline too; an order leaves the list once a new refund is made for it. Memoised, like the
 * failed mails above the list: nothing it shows depends on the search.
 */
export const FailedRefundsNotice = memo(function FailedRefundsNotice({ orders, onOpen }: { orders: readonly CachedOrder[] | undefined; onOpen(orderId: string): void }) {
  // Not again on every search keystroke: only when the cache changes.
  const failed = useMemo(() => (orders ?? []).filter((order) => order.refundFailedAt), [orders]);
  if (failed.length === 0) return null;
  return (
    <section className="failed-mails failed-refunds" role="alert" aria-labelledby="failed-refunds-title">
      <h2 id="failed-refunds-title">
        {failed.length === 1 ? `The refund of ${failed[0]!.orderNumber} failed` : `Refunds of ${failed.length} orders failed`}: the money did not go back to the customer
      </h2>
      <ul className="failed-mails__list">
        {failed.map((order) => (
          <li key={order.id}>
            <button type="button" className="admin-button admin-button--ghost" aria-label={`Open ${order.orderNumber} (its refund failed)`} onClick={() => onOpen(order.id)}>
              Open {order.orderNumber}
            </button>{' '}
            {order.customerName} · {formatDollars(order.total)} paid, {formatDollars(order.refundedAmount)} refunded
          </li>
        ))}
      </ul>
    </section>
  );
});
