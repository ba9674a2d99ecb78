import { generateTrackingNumber } from '../../../../shared/order-status';
import { useEffect, useState } from 'react';
import { ORDER_STATUSES, ORDER_STATUS_LABELS, type OrderStatus } from '../../../../shared/order-status';
import type { OrderHistoryEntry } from '../../../../shared/api/types';
import { Dialog } from '../../../components/Dialog';
import { useNotify } from '../../../components/notifications';
import type { CachedOrder } from '../../../db/db';
import { formatDateTime, formatDollars } from '../shared/format';
import { PendingMark, StatusBadge } from '../shared/StatusBadge';
import { changeStatuses } from '../sync/status-change';
import { useOnline } from '../sync/use-sync-status';
import { fetchOrderHistory } from './order-remote';
import { downloadPrintFile } from './print-file-download';
import { RefundForm } from './RefundForm';
import { OrderMailStatus } from './OrderMailStatus';

function Field({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="detail-field">
      <dt>{label}</dt>
      <dd>{children ?? '—'}</dd>
    </div>
  );
}

/** Every admin field of an order, its status history, the status dropdown and the refund. */
export function OrderDetailModal({ order, onClose }: { order: CachedOrder; onClose(): void }) {
  const online = useOnline();
  const { notify, notifyError } = useNotify();
  const [status, setStatus] = useState<OrderStatus>(order.status);
  const [tracking, setTracking] = useState(order.trackingNumber ?? '');
  const [history, setHistory] = useState<OrderHistoryEntry[] | null>(null);
  const [historyError, setHistoryError] = useState('');

  useEffect(() => {
    if (!online) return;
    let live = true;
    fetchOrderHistory(order.id)
      .then((entries) => live && setHistory(entries))
      .catch((error: Error) => live && setHistoryError(error.message));
    return () => {
      live = false;
    };
  }, [order.id, order.version, online]);

  async function updateStatus() {
    try {
      // spec.md §4: shipping without a tracking number of one's own gets a generated TRK number.
      const trackingNumber = tracking.trim() || (status === 'shipped' ? generateTrackingNumber() : null);
      notify(await changeStatuses([{ orderId: order.id, status, trackingNumber }]));
    } catch (error) {
      notifyError(error instanceof Error ? error.message : 'Could not update the order');
    }
  }

  const s = order.shippingAddress;
  const b = order.billingAddress;
  return (
    <Dialog open title={`Order ${order.orderNumber}`} onClose={onClose} className="admin-detail">
      <div className="admin-detail__body">
        <div className="admin-detail__status">
          <StatusBadge status={order.status} /> <PendingMark count={order.pendingCount} />
        </div>
        <dl className="detail-grid">
          <Field label="Customer">{order.customerName}</Field>
          <Field label="Email">{order.customerEmail}</Field>
          <Field label="Phone">{order.customerPhone}</Field>
          <Field label="Shipping address">{`${s.street}, ${s.city}, ${s.state} ${s.postcode}, ${s.country}`}</Field>
          <Field label="Billing address">{b ? `${b.street}, ${b.city}, ${b.state} ${b.postcode}, ${b.country}` : 'Same as shipping'}</Field>
          <Field label="Placed">{formatDateTime(order.createdAt)}</Field>
          <Field label="Updated">{formatDateTime(order.updatedAt)}</Field>
          <Field label="Tracking number">{order.trackingNumber}</Field>
          <Field label="Device">{order.device}</Field>
          <Field label="Case type">{order.caseType}</Field>
          <Field label="Text">{order.customText}</Field>
          <Field label="Text colour">{order.textColor}</Field>
          <Field label="Font">{`${order.font}, ${order.fontSize}px`}</Field>
          <Field label="Logo">{order.hasLogo ? 'Yes' : 'No'}</Field>
          <Field label="Quantity">{order.quantity}</Field>
          <Field label="Unit price">{formatDollars(order.price)}</Field>
          <Field label="Subtotal">{formatDollars(order.subtotal)}</Field>
          <Field label="Discount">{order.discount ? `${formatDollars(order.discount)}${order.discountCode ? ` (${order.discountCode})` : ''}` : '—'}</Field>
          <Field label="Shipping">{order.shipping ? formatDollars(order.shipping) : 'FREE'}</Field>
          <Field label="Tax">{formatDollars(order.tax)}</Field>
          <Field label="Total">{formatDollars(order.total)}</Field>
          <Field label="Refunded">{order.refundedAmount ? formatDollars(order.refundedAmount) : '—'}</Field>
          <Field label="Payment">{`${order.paymentStatus ?? '—'}${order.paymentIntentId ? ` · ${order.paymentIntentId}` : ''}`}</Field>
          <Field label="Notes">{order.notes}</Field>
          <Field label="Marketing opt-in">{order.marketing ? 'Yes' : 'No'}</Field>
          <Field label="Print file">
            <button type="button" className="link-button" onClick={() => downloadPrintFile(order)}>
              Download print file (SVG)
            </button>
          </Field>
          <Field label="Printed">{formatDateTime(order.fulfillmentData.printedAt)}</Field>
          <Field label="Shipped">{formatDateTime(order.fulfillmentData.shippedAt)}</Field>
        </dl>

        {order.items.length > 1 && (
          <table className="admin-table">
            <caption>Items</caption>
            <thead><tr><th>Device</th><th>Text</th><th>Colour</th><th>Font</th><th>Qty</th><th className="num">Price</th></tr></thead>
            <tbody>
              {order.items.map((item, i) => (
                <tr key={i}><td>{item.device}</td><td>{item.text}</td><td>{item.color}</td><td>{item.font}</td><td>{item.quantity}</td><td className="num">{formatDollars(item.price)}</td></tr>
              ))}
            </tbody>
          </table>
        )}

        <section className="admin-detail__section">
          <h3>Change status</h3>
          <div className="status-form">
            <label className="admin-field">
              <span>Status</span>
              <select value={status} onChange={(e) => setStatus(e.target.value as OrderStatus)} aria-label="New status">
                {ORDER_STATUSES.map((value) => <option key={value} value={value}>{ORDER_STATUS_LABELS[value]}</option>)}
              </select>
            </label>
            <label className="admin-field">
              <span>Tracking number (optional)</span>
              <input value={tracking} onChange={(e) => setTracking(e.target.value)} maxLength={64} />
            </label>
            <button type="button" className="admin-button admin-button--primary" onClick={updateStatus}>Update status</button>
          </div>
        </section>

        <section className="admin-detail__section">
          <h3>Status history</h3>
          {!online ? (
            <p className="admin-muted">The history loads when the tablet is online.</p>
          ) : historyError ? (
            <p className="admin-error">{historyError}</p>
          ) : !history ? (
            <p className="admin-muted">Loading…</p>
          ) : (
            <ol className="history-list">
              {history.map((entry) => (
                <li key={entry.version}>
                  <strong>{ORDER_STATUS_LABELS[entry.toStatus]}</strong>
                  {entry.fromStatus ? ` (from ${ORDER_STATUS_LABELS[entry.fromStatus]})` : ''} · {formatDateTime(entry.at)}
                  {entry.changedBy ? ` · ${entry.changedBy.name}` : ` · ${entry.source}`}
                  {entry.trackingNumber ? ` · ${entry.trackingNumber}` : ''}
                </li>
              ))}
            </ol>
          )}
        </section>

        <RefundForm order={order} online={online} />
        <OrderMailStatus order={order} />
      </div>
    </Dialog>
  );
}
