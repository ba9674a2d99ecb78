import { ORDER_STATUS_LABELS, isOrderStatus } from '../../../../shared/order-status';
import type { LineDesign, OrderHistoryEntry } from '../../../../shared/api/types';
import { formatDateTime, formatDollars } from '../shared/format';
import { useOrderHistory } from '../../../api/orders';

/** A history entry of any kind: status changes, and others (refunds, …) the server may add with a `kind`. */
type AnyHistoryEntry = Omit<OrderHistoryEntry, 'kind'> & { kind?: string; note?: string | null };

const label = (status: string | null | undefined) => (status && isOrderStatus(status) ? ORDER_STATUS_LABELS[status] : status ?? '');

/** 'text “Jonh” → “John”, colour Hot Pink → Teal': only what changed. */
function lineChange(from: LineDesign, to: LineDesign): string {
  const parts: string[] = [];
  if (from.text !== to.text) parts.push(`text “${from.text}” → “${to.text}”`);
  if (from.color !== to.color) parts.push(`colour ${from.color} → ${to.color}`);
  if (from.font !== to.font) parts.push(`font ${from.font} → ${to.font}`);
  return parts.join(', ');
}

export function historyEntryText(entry: AnyHistoryEntry): string {
  const kind = entry.kind ?? 'status';
  let what: string;
  if (kind === 'status' || (!entry.kind && entry.toStatus)) {
    what = entry.fromStatus ? `${label(entry.toStatus)} (from ${label(entry.fromStatus)})` : `Placed · ${label(entry.toStatus)}`;
  } else if (kind === 'line_edit' && entry.lineEdit) {
    what = `Line ${entry.lineEdit.line} changed: ${lineChange(entry.lineEdit.from, entry.lineEdit.to)}${entry.source === 'customer' ? ' (by the customer)' : ''}`;
  } else if (kind === 'refund') {
    what = `Refund${typeof entry.amount === 'number' ? ` of ${formatDollars(entry.amount)}` : ''}`;
  } else {
    what = kind.charAt(0).toUpperCase() + kind.slice(1).replace(/[_-]+/g, ' ');
  }
  const who = entry.changedBy ? entry.changedBy.name : entry.source;
  return [what, formatDateTime(entry.at), who, entry.trackingNumber, entry.note].filter(Boolean).join(' · ');
}

/** The order's history from the server (online only), newest last, every kind of entry. */
export function OrderHistory({ orderId, version, online }: { orderId: string; version: number; online: boolean }) {
  const { data, error: failure } = useOrderHistory(orderId, version, online);
  const history = data as AnyHistoryEntry[] | undefined;
  const error = failure?.message;

  return (
    <section className="admin-detail__section" aria-labelledby={`history-${orderId}`}>
      <h3 id={`history-${orderId}`}>History</h3>
      {!online ? (
        <p className="admin-muted">The history loads when the tablet is online.</p>
      ) : error ? (
        <p className="admin-error">{error}</p>
      ) : !history ? (
        <p className="admin-muted">Loading…</p>
      ) : (
        <ol className="history-list">
          {history.map((entry, i) => <li key={`${entry.version}-${i}`}>{historyEntryText(entry)}</li>)}
        </ol>
      )}
    </section>
  );
}
