import { useEffect, useRef } from 'react';
import { formatUsd, toCents } from '../../../shared/money';
import type { PlacedOrder } from '../../payments/place-order';
import { Link } from 'react-router';
import { trackOrderHref } from '../track/track-link';

/** spec.md §2: order number, total and email; Continue Shopping goes to / and clears it. */
export function OrderComplete({ order, onContinue }: { order: PlacedOrder; onContinue(): void }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <section className="order-complete" aria-labelledby="order-complete-heading">
      <p className="order-complete__icon" aria-hidden="true">🎉</p>
      <h1 id="order-complete-heading" ref={heading} tabIndex={-1}>
        Order Complete!
      </h1>
      <p>Thank you! Your order is confirmed and heading to the print room.</p>
      <dl className="order-complete__facts">
        <div><dt>Order number</dt><dd data-testid="order-number">{order.orderNumber}</dd></div>
        <div><dt>Total</dt><dd data-testid="order-total">{formatUsd(toCents(order.total))}</dd></div>
        <div><dt>Confirmation sent to</dt><dd data-testid="order-email">{order.customerEmail}</dd></div>
      </dl>
      <Link className="link" to={trackOrderHref(order.orderNumber)}>Track this order</Link>
      <button type="button" className="btn btn--primary" onClick={onContinue}>
        Continue Shopping
      </button>
    </section>
  );
}
