import { useEffect, useRef, useState } from 'react';
import { isLineEditable } from '../../../shared/schemas/order-edits';
import { LineTextFix } from './LineTextFix';
import type { TrackedOrder } from '../../../shared/api/types';
import { colorHex } from '../../../shared/catalog';
import { formatUsd, toCents } from '../../../shared/money';
import { OrderProgress } from './OrderProgress';

const date = (iso: string) => new Date(iso).toLocaleDateString(undefined, { year: 'numeric', month: 'long', day: 'numeric' });
const usd = (dollars: number) => formatUsd(toCents(dollars));

/**
 * What a lookup found: status and progress, tracking number, the lines and the totals. While the
 * order is not yet printed, each line's text can be fixed (`onFixText`).
 */
export function TrackedOrderCard({ order, statusLabel, onAnother, onFixText, fixInvited = false }: {
  order: TrackedOrder;
  statusLabel: string;
  onAnother(): void;
  onFixText?: (line: number, text: string) => Promise<void>;
  /** Arrived by the confirmation mail's "fix your text" link. */
  fixInvited?: boolean;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  const [fixing, setFixing] = useState<number | null>(null);
  const [saved, setSaved] = useState<number | null>(null);
  const fixable = !!onFixText && isLineEditable(order.status);
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
      {fixable ? (
        <p className={fixInvited ? 'track-fix-note track-fix-note--invited' : 'track-fix-note'}>Spotted a typo? You can fix the text of each item until we print your order.</p>
      ) : fixInvited ? (
        <p className="track-fix-note">This order has been printed already, so its text can no longer be changed. Contact us if something is wrong.</p>
      ) : null}
      {saved !== null ? <p className="track-fix-saved" role="status">Item {saved}: text saved. We will print the new text.</p> : null}
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
            {fixable && fixing !== index + 1 ? (
              <button type="button" className="btn btn--secondary btn--small track-item__fix" onClick={() => { setSaved(null); setFixing(index + 1); }} aria-label={`Fix text of item ${index + 1}, “${item.text}”`}>
                Fix text
              </button>
            ) : null}
            {fixable && fixing === index + 1 ? (
              <LineTextFix
                item={item}
                line={index + 1}
                onClose={() => setFixing(null)}
                onSave={async (text) => {
                  await onFixText!(index + 1, text);
                  setFixing(null);
                  setSaved(index + 1);
                }}
              />
            ) : null}
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
