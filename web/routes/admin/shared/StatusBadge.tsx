import { ORDER_STATUS_LABELS, type OrderStatus } from '../../../../shared/order-status';

export function StatusBadge({ status }: { status: OrderStatus }) {
  return <span className={`status-badge status-badge--${status}`}>{ORDER_STATUS_LABELS[status] ?? status}</span>;
}

export function PendingMark({ count }: { count: number }) {
  if (count <= 0) return null;
  return (
    <span className="pending-mark" title="Saved on this tablet, waiting to sync">
      ⟳ waiting to sync
    </span>
  );
}
