import { ORDER_STATUS_LABELS, type OrderStatus } from '../../../../shared/order-status';

/** `role` and `className` let a table cell be the badge itself (one element fewer per row). */
export function StatusBadge({ status, role, className }: { status: OrderStatus; role?: 'cell'; className?: string }) {
  return <span role={role} className={`${className ? `${className} ` : ''}status-badge status-badge--${status}`}>{ORDER_STATUS_LABELS[status] ?? status}</span>;
}

export function PendingMark({ count }: { count: number }) {
  if (count <= 0) return null;
  return (
    <span className="pending-mark" title="Saved on this tablet, waiting to sync">
      ⟳ waiting to sync
    </span>
  );
}
