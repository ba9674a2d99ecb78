import { ORDER_STATUS_LABELS, isOrderStatus } from '../../../../shared/order-status';
import type { OrderHistoryEntry } from '../../../../shared/api/types';
import { Dialog } from '../../../components/Dialog';
import { useOrderHistory } from '../../../api/orders';
import { formatDateTime } from '../shared/format';
import type { LiveConflict } from '../../../sync/use-sync-status';

export const statusLabel = (status: string) => (isOrderStatus(status) ? ORDER_STATUS_LABELS[status] : status);

/** Who made the change a re-apply would override: the history entry of the server's version (online only). */
function useOverriddenChange(conflict: LiveConflict, online: boolean): OrderHistoryEntry | null {
  const { data: history } = useOrderHistory(conflict.orderId, conflict.liveVersion, online);
  return history?.find((h) => h.version === conflict.liveVersion) ?? null;
}

/**
 * Re-applying a change over a newer one overrides what someone else did: ask first, and name it
 * (the status it would replace, and who set it and when, when the history can be read). It reads
 * the live order, so a change arriving while it is open changes what it asks. Keep drops the change.
 */
export function ReapplyDialog({ conflict, online, onConfirm, onKeep, onClose }: { conflict: LiveConflict; online: boolean; onConfirm(): void; onKeep(): void; onClose(): void }) {
  const overridden = useOverriddenChange(conflict, online);
  const mine = statusLabel(conflict.mutation.status);
  const theirs = statusLabel(conflict.liveStatus);
  const by = overridden ? ` by ${overridden.changedBy?.name ?? `the ${overridden.source}`} on ${formatDateTime(overridden.at)}` : '';
  return (
    <Dialog open title={`Override ${theirs} on ${conflict.orderNumber}?`} onClose={onClose} className="reapply-dialog">
      <div className="reapply-dialog__body">
        <p>
          Order <strong>{conflict.orderNumber}</strong> was set to <strong>{theirs}</strong>{by} after you made your change.
        </p>
        <p>
          Re-applying sets it to <strong>{mine}</strong> and overrides that {theirs.toLowerCase()} status.
        </p>
        <div className="reapply-dialog__actions">
          <button type="button" className="admin-button admin-button--ghost" onClick={onKeep}>Keep {theirs}</button>
          <button type="button" className="admin-button admin-button--danger" onClick={onConfirm}>Override: set to {mine}</button>
        </div>
      </div>
    </Dialog>
  );
}

/** Re-applying every conflict overrides every one of those newer changes: list them, then ask once. */
export function ReapplyAllDialog({ conflicts, onConfirm, onClose }: { conflicts: LiveConflict[]; onConfirm(): void; onClose(): void }) {
  const mine = conflicts.filter((c) => c.reason !== 'invalid');
  return (
    <Dialog open title={`Override ${mine.length} newer change${mine.length === 1 ? '' : 's'}?`} onClose={onClose} className="reapply-dialog">
      <div className="reapply-dialog__body">
        <p>Each of these orders was changed after you made your change. Re-applying sets them back to yours:</p>
        <ul className="reapply-dialog__list">
          {mine.map((c) => (
            <li key={c.id}>
              <strong>{c.orderNumber}</strong>: {statusLabel(c.liveStatus)} → <strong>{statusLabel(c.mutation.status)}</strong>
            </li>
          ))}
        </ul>
        <div className="reapply-dialog__actions">
          <button type="button" className="admin-button admin-button--ghost" onClick={onClose}>Cancel</button>
          <button type="button" className="admin-button admin-button--danger" onClick={onConfirm}>Override all {mine.length}</button>
        </div>
      </div>
    </Dialog>
  );
}
