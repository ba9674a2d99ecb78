import { paymentMethodLabel } from '../../../../shared/payments';
import { Dialog } from '../../../components/Dialog';
import type { CachedOrder } from '../../../db/db';
import { formatDateTime, formatDollars } from '../shared/format';
import { useOnline } from '../../../pwa/online';
import { OrderHistory } from './OrderHistory';
import { OrderStatusControl } from './OrderStatusControl';
import { OrderLines } from './OrderLines';
import { RefundForm } from './RefundForm';
import { OrderMailStatus } from './OrderMailStatus';
import { CancelOrderForm } from './CancelOrderForm';
import { OrderNotes } from './OrderNotes';

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
        <OrderStatusControl order={order} />

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
            <Field label="Paid with">{paymentMethodLabel(order.paymentMethod ?? 'card')}</Field>
            <Field label="Payment" wide>{`${order.paymentStatus ?? '—'}${order.paymentIntentId ? ` · ${order.paymentIntentId}` : ''}`}</Field>
          </dl>
          {order.refundFailedAt && (
            <p className="admin-error" role="alert">
              A refund of this order failed at the payment provider on {formatDateTime(order.refundFailedAt)}: the money did not go back to the customer. Refund it again or contact them.
            </p>
          )}
          <RefundForm order={order} online={online} />
          <CancelOrderForm key={order.status} order={order} online={online} />
        </section>

        <OrderNotes orderId={order.id} orderNumber={order.orderNumber} online={online} />

        <OrderMailStatus order={order} />
        <OrderHistory orderId={order.id} version={order.version} online={online} />
        <p className="admin-muted">Last updated {formatDateTime(order.updatedAt)}</p>
      </div>
    </Dialog>
  );
}
