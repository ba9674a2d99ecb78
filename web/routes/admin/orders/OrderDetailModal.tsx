import { useState } from 'react';
import { ORDER_STATUSES, ORDER_STATUS_LABELS, generateTrackingNumber, type OrderStatus } from '../../../../shared/order-status';
import { Dialog } from '../../../components/Dialog';
import { useNotify } from '../../../components/notifications';
import type { CachedOrder } from '../../../db/db';
import { formatDateTime, formatDollars } from '../shared/format';
import { PendingMark, StatusBadge } from '../shared/StatusBadge';
import { changeStatuses } from '../../../admin-data/status-change';
import { useOnline } from '../../../pwa/online';
import { OrderHistory } from './OrderHistory';
import { OrderLines } from './OrderLines';
import { RefundForm } from './RefundForm';
import { OrderMailStatus } from './OrderMailStatus';

function Field({ label, children, wide = false }: { label: string; children: React.ReactNode; wide?: boolean }) {
  return (
    <div className={`detail-field${wide ? ' detail-field--wide' : ''}`}>
      <dt>{label}</dt>
      <dd>{children ?? '—'}</dd>
    </div>
  );
}

type Address = NonNullable<CachedOrder['billingAddress']>;
const addressText = (a: Address) => `${a.street}, ${a.city}, ${a.state} ${a.postcode}, ${a.country}`;

/** The status and its change control, first: what the print room opens the window for. */
function StatusControl({ order }: { order: CachedOrder }) {
  const { notify, notifyError } = useNotify();
  const [status, setStatus] = useState<OrderStatus>(order.status);
  const [tracking, setTracking] = useState(order.trackingNumber ?? '');
  const [busy, setBusy] = useState(false);
  const unchanged = status === order.status && tracking.trim() === (order.trackingNumber ?? '');

  async function updateStatus() {
    setBusy(true);
    try {
      // spec.md §4: shipping without a tracking number of one's own gets a generated TRK number.
      const trackingNumber = tracking.trim() || (status === 'shipped' ? generateTrackingNumber() : null);
      notify(await changeStatuses([{ orderId: order.id, status, trackingNumber }]));
    } catch (error) {
      notifyError(error instanceof Error ? error.message : 'Could not update the order');
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="order-status" aria-label="Status">
      <div className="order-status__now">
        <StatusBadge status={order.status} /> <PendingMark count={order.pendingCount} />
        <span className="admin-muted">
          Placed {formatDateTime(order.createdAt)} · {formatDollars(order.total)}
          {order.trackingNumber ? ` · ${order.trackingNumber}` : ''}
        </span>
      </div>
      <div className="status-form">
        <label className="admin-field">
          <span>Change status</span>
          <select value={status} onChange={(e) => setStatus(e.target.value as OrderStatus)} aria-label="New status">
            {ORDER_STATUSES.map((value) => <option key={value} value={value}>{ORDER_STATUS_LABELS[value]}</option>)}
          </select>
        </label>
        <label className="admin-field admin-field--grow">
          <span>Tracking number (optional)</span>
          <input value={tracking} onChange={(e) => setTracking(e.target.value)} maxLength={64} />
        </label>
        <button type="button" className="admin-button admin-button--primary" onClick={updateStatus} disabled={busy || unchanged}>
          Update status
        </button>
      </div>
    </section>
  );
}

/**
 * One order, laid out for the print room's tablet: status and its control at the top, then the
 * lines, customer and shipping, payment and refunds, and the history.
 */
export function OrderDetailModal({ order, onClose }: { order: CachedOrder; onClose(): void }) {
  const online = useOnline();
  const f = order.fulfillmentData;
  return (
    <Dialog open title={`Order ${order.orderNumber}`} onClose={onClose} className="admin-detail">
      <div className="admin-detail__body">
        <StatusControl order={order} />

        <OrderLines order={order} />

        <section className="admin-detail__section" aria-labelledby={`customer-${order.id}`}>
          <h3 id={`customer-${order.id}`}>Customer and shipping</h3>
          <dl className="detail-grid">
            <Field label="Customer">{order.customerName}</Field>
            <Field label="Email">{order.customerEmail}</Field>
            <Field label="Phone">{order.customerPhone}</Field>
            <Field label="Ship to" wide>{addressText(order.shippingAddress)}</Field>
            <Field label="Billing address" wide>{order.billingAddress ? addressText(order.billingAddress) : 'Same as shipping'}</Field>
            {order.notes && <Field label="Special instructions" wide>{order.notes}</Field>}
            <Field label="Printed">{formatDateTime(f.printedAt)}</Field>
            <Field label="Shipped">{formatDateTime(f.shippedAt)}</Field>
            <Field label="Marketing opt-in">{order.marketing ? 'Yes' : 'No'}</Field>
          </dl>
        </section>

        <section className="admin-detail__section" aria-labelledby={`payment-${order.id}`}>
          <h3 id={`payment-${order.id}`}>Payment and refunds</h3>
          <dl className="detail-grid detail-grid--money">
            <Field label="Subtotal">{formatDollars(order.subtotal)}</Field>
            {order.discount > 0 && <Field label="Discount">{`−${formatDollars(order.discount)}${order.discountCode ? ` (${order.discountCode})` : ''}`}</Field>}
            <Field label="Shipping">{order.shipping ? formatDollars(order.shipping) : 'FREE'}</Field>
            <Field label="Tax">{formatDollars(order.tax)}</Field>
            <Field label="Total">{formatDollars(order.total)}</Field>
            <Field label="Refunded">{order.refundedAmount ? formatDollars(order.refundedAmount) : '—'}</Field>
            <Field label="Payment" wide>{`${order.paymentStatus ?? '—'}${order.paymentIntentId ? ` · ${order.paymentIntentId}` : ''}`}</Field>
          </dl>
          <RefundForm order={order} online={online} />
        </section>

        <OrderMailStatus order={order} />
        <OrderHistory orderId={order.id} version={order.version} online={online} />
        <p className="admin-muted">Last updated {formatDateTime(order.updatedAt)}</p>
      </div>
    </Dialog>
  );
}
