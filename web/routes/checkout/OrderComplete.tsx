import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { useAuth } from '../../auth/useAuth';
import { markInstallMoment } from '../../pwa/install-moment';
import { formatUsd, toCents } from '../../../shared/money';
import { DesignThumbnail } from '../../components/DesignThumbnail';
import { decalTitle } from '../../../shared/decal';
import type { ConfirmedOrder } from './last-order';
import { trackOrderHref } from '../track/track-link';

/** spec.md §2: order number, total and email; Continue Shopping goes to / and clears it. */
export function OrderComplete({ order, onContinue }: { order: ConfirmedOrder; onContinue(): void }) {
  const heading = useRef<HTMLHeadingElement>(null);
  const { user } = useAuth();
  useEffect(() => {
    // The page was scrolled down to Pay: start the confirmation at the top, clear of the sticky header.
    window.scrollTo?.({ top: 0 });
    heading.current?.focus({ preventScroll: true });
  }, []);
  // A placed order is a good moment to offer the home-screen app (never on arrival).
  useEffect(() => markInstallMoment(), []);
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
      {order.lines?.length ? (
        <ul className="order-complete__lines" aria-label="Your designs">
          {order.lines.map((line, index) => (
            <li key={index}>
              <DesignThumbnail design={line} size={140} fit="ink" />
              <span className="order-complete__line-title">{decalTitle(line)}</span>
              <span>×{line.quantity}</span>
            </li>
          ))}
        </ul>
      ) : null}
      <p className="order-complete__track">
        <Link className="link" to={trackOrderHref(order.orderNumber)}>Track this order</Link>
      </p>
      <p className="order-complete__account">
        {user ? (
          <Link to="/account">See this order in your account</Link>
        ) : (
          <Link to={`/account?${new URLSearchParams({ order: order.orderNumber, email: order.customerEmail })}`}>Create an account to see this order later</Link>
        )}
      </p>
      <button type="button" className="btn btn--primary" onClick={onContinue}>
        Continue Shopping
      </button>
    </section>
  );
}
