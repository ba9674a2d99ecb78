import { useState } from 'react';
import { ORDER_STATUSES, ORDER_STATUS_LABELS, generateTrackingNumber, isOrderStatus, type OrderStatus } from '../../../../shared/order-status';
import { useNotify } from '../../../components/notifications';
import type { CachedOrder } from '../../../db/db';
import { changeStatuses } from '../../../sync/status-change';
import { useShopLiveQuery } from '../../../db/lazy-db';
import { formatDateTime, formatDollars } from '../shared/format';
import { PendingMark, StatusBadge } from '../shared/StatusBadge';
import './order-status.css';

/** What the admin sees of the order when deciding, and the server version it carries. */
interface View {
  status: OrderStatus;
  tracking: string;
  version: number;
}
type Draft = Pick<View, 'status' | 'tracking'>;

const label = (status: string) => (isOrderStatus(status) ? ORDER_STATUS_LABELS[status] : status);
const viewOf = (order: CachedOrder): View => ({ status: order.status, tracking: order.trackingNumber ?? '', version: order.version });
const sameView = (a: Draft, b: Draft) => a.status === b.status && a.tracking === b.tracking;

/**
 * The status and its change control, first: what the print room opens the window for. The form
 * never sends over a status the admin has not seen: untouched, it follows the live order (another
 * tab's or another device's change) and says so; with the admin's input in it, a change under it
 * stops the send and asks. The change carries the version the admin saw, so the server refuses it
 * (a conflict) if the order moved on there too.
 */
export function OrderStatusControl({ order }: { order: CachedOrder }) {
  const { notify, notifyError } = useNotify();
  const live = viewOf(order);
  const [seen, setSeen] = useState<View>(live);
  const [draft, setDraft] = useState<Draft | null>(null);
  const [sending, setSending] = useState<Draft | null>(null);
  const [movedFrom, setMovedFrom] = useState<OrderStatus | null>(null);
  // This tablet's own changes of the order that the server did not apply: a move back is theirs, not another device's.
  const refused = useShopLiveQuery((db) => db.conflicts.where('orderId').equals(order.id).toArray(), [order.id], []);
  const ownRefused = movedFrom ? refused.find((conflict) => conflict.mutation.status === movedFrom) : undefined;

  // Reconciled while rendering (React's "adjust state when a prop changes"): each branch makes the
  // condition false, so it settles in one extra render.
  if (live.version !== seen.version || !sameView(live, seen)) {
    if (sending && sameView(live, sending)) {
      // Our own change reached the cache.
      setSeen(live);
      setSending(null);
      setDraft(null);
    } else if (sameView(live, seen)) {
      setSeen(live); // only the version moved (our change acknowledged): nothing new to see
    } else if (!draft && !sending) {
      setMovedFrom(seen.status);
      setSeen(live);
    }
  }
  const stale = !!draft && !sending && !sameView(live, seen);
  const shown = draft ?? seen;
  const unchanged = !draft || (draft.status === seen.status && draft.tracking.trim() === seen.tracking);

  function edit(next: Partial<Draft>) {
    setMovedFrom(null);
    setDraft({ ...(draft ?? { status: seen.status, tracking: seen.tracking }), ...next });
  }

  async function send(change: Draft, basis: View) {
    // spec.md §4: shipping without a tracking number of one's own gets a generated TRK number.
    const trackingNumber = change.tracking.trim() || (change.status === 'shipped' ? generateTrackingNumber() : null);
    setSending({ status: change.status, tracking: trackingNumber || basis.tracking });
    try {
      notify(await changeStatuses([{ orderId: order.id, status: change.status, trackingNumber, seen: { status: basis.status, version: basis.version } }]));
    } catch (error) {
      setSending(null);
      notifyError(error instanceof Error ? error.message : 'Could not update the order');
    }
  }

  function keepLive() {
    setDraft(null);
    setSeen(live);
  }

  function sendAnyway() {
    if (!draft) return;
    // The order already became what the admin wanted: nothing to send.
    if (sameView({ status: draft.status, tracking: draft.tracking.trim() || live.tracking }, live)) return keepLive();
    setSeen(live);
    void send(draft, live);
  }

  return (
    <section className="order-status" aria-label="Status" data-stale={stale || undefined}>
      <div className="order-status__now">
        <StatusBadge status={order.status} /> <PendingMark count={order.pendingCount} />
        <span className="admin-muted">
          Placed {formatDateTime(order.createdAt)} · {formatDollars(order.total)}
          {order.trackingNumber ? ` · ${order.trackingNumber}` : ''}
        </span>
      </div>
      {movedFrom && !draft && !ownRefused && (
        <p className="order-status__moved" role="status">
          Changed from {label(movedFrom)} to <strong>{label(live.status)}</strong> while this window was open.
        </p>
      )}
      {movedFrom && !draft && ownRefused && (
        <p className="order-status__moved" role="status">
          Your change to {label(movedFrom)} was not applied: the order is <strong>{label(live.status)}</strong>. Re-apply or drop it in the sync bar.
        </p>
      )}
      {stale && draft && (
        <div className="order-status__stale" role="alert">
          <p>
            {order.orderNumber} changed to <strong>{label(live.status)}</strong>
            {live.tracking !== seen.tracking && live.tracking ? ` (tracking ${live.tracking})` : ''} while this window was open; you were looking at {label(seen.status)}. Your
            change to <strong>{label(draft.status)}</strong> has not been sent.
          </p>
          <div className="order-status__stale-actions">
            <button type="button" className="admin-button admin-button--ghost" onClick={keepLive}>
              Keep {label(live.status)}
            </button>
            <button type="button" className="admin-button admin-button--danger" onClick={sendAnyway}>
              Set to {label(draft.status)} anyway
            </button>
          </div>
        </div>
      )}
      <div className="status-form">
        <label className="admin-field">
          <span>Change status</span>
          <select value={shown.status} onChange={(e) => edit({ status: e.target.value as OrderStatus })} aria-label="New status">
            {ORDER_STATUSES.map((value) => <option key={value} value={value}>{ORDER_STATUS_LABELS[value]}</option>)}
          </select>
        </label>
        <label className="admin-field admin-field--grow">
          <span>Tracking number (optional)</span>
          <input value={shown.tracking} onChange={(e) => edit({ tracking: e.target.value })} maxLength={64} />
        </label>
        <button type="button" className="admin-button admin-button--primary" onClick={() => draft && void send(draft, seen)} disabled={!!sending || unchanged || stale}>
          Update status
        </button>
      </div>
    </section>
  );
}
