import { useEffect, useRef } from 'react';
import type { TrackedOrder } from '../../../shared/api/types';
import { colorHex } from '../../../shared/catalog';
import { formatUsd, toCents } from '../../../shared/money';
import { OrderProgress } from './OrderProgress';

const date = (iso: string) => new Date(iso).toLocaleDateString(undefined, { year: 'numeric', month: 'long', day: 'numeric' });
const usd = (dollars: number) => formatUsd(toCents(dollars));

/** What a lookup found: status and progress, tracking number, the lines and the totals. */
export function TrackedOrderCard({ order, statusLabel, onAnother }: { order: TrackedOrder; statusLabel: string; onAnother(): void }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const waitingToShip = order.status === 'processing' || order.status === 'printed' || order.status === 'pending';
  return (
    <article className="account-card track-result" aria-labelledby="track-result-heading">
      <h2 id="track-result-heading" ref={heading} tabIndex={-1}>
        Order {order.orderNumber}
      </h2>
      <p className="track-result__meta">
        Placed {date(order.createdAt)} · <strong data-testid="order-status">{statusLabel}</strong>
      </p>
      <OrderProgress status={order.status} />
      {order.trackingNumber ? (
        <p className="track-tracking">
          Tracking number <strong data-testid="tracking-number">{order.trackingNumber}</strong>
          {order.shippedAt ? <span className="muted"> · shipped {date(order.shippedAt)}</span> : null}
        </p>
      ) : waitingToShip ? (
        <p className="track-tracking muted">Dispatched within 2-3 business days. Your tracking number appears here once it ships.</p>
      ) : null}

      <h3>Items</h3>
      <ul className="track-items">
        {order.items.map((item, index) => (
          <li key={index} className="track-item">
            <span className="track-item__swatch" style={{ background: colorHex(item.color) }} aria-hidden="true" />
            <span className="track-item__what">
              <strong>“{item.text}”</strong>
              <span className="muted">
                {item.device} · {item.color} · {item.font}
              </span>
            </span>
            <span className="track-item__price">
              {item.quantity} × {usd(item.price)}
            </span>
          </li>
        ))}
      </ul>
      <dl className="track-totals">
        <div><dt>Subtotal</dt><dd>{usd(order.subtotal)}</dd></div>
        {order.discount > 0 ? <div><dt>Discount</dt><dd>−{usd(order.discount)}</dd></div> : null}
        <div><dt>Shipping</dt><dd>{order.shipping === 0 ? 'FREE' : usd(order.shipping)}</dd></div>
        <div><dt>Tax</dt><dd>{usd(order.tax)}</dd></div>
        <div className="track-totals__total"><dt>Total</dt><dd data-testid="order-total">{usd(order.total)}</dd></div>
      </dl>
      <button type="button" className="btn btn--secondary" onClick={onAnother}>
        Look up another order
      </button>
    </article>
  );
}
