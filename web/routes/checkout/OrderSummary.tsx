import { useId, useState, type FormEvent } from 'react';
import { cartLineTitle } from '../../cart/cart-store';
import { DesignThumbnail } from '../../components/DesignThumbnail';
import { formatUsd } from '../../../shared/money';
import { computeTotals, findDiscount, INVALID_DISCOUNT_MESSAGE, type Totals } from '../../../shared/pricing';
import { freeShippingCopy } from '../../catalog/shop-config';
import { useAutoClear } from '../../components/notifications';
import type { CartLine } from '../../db/db';

/** A valid code that would not lower this order's total (FREESHIP when shipping is already free). */
export function noEffectMessage(code: string): string {
  return `Code ${code} is valid, but it doesn't lower this order: shipping is already free.`;
}

interface OrderSummaryProps {
  lines: readonly CartLine[];
  totals: Totals;
  onDiscountChange(code: string | null): void;
  disabled?: boolean;
  freeShippingThresholdCents: number;
  id?: string;
}

/** The sidebar: every item, the discount code (checked here, confirmed by the server), totals, benefits. */
export function OrderSummary({ lines, totals, onDiscountChange, disabled, freeShippingThresholdCents, id }: OrderSummaryProps) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [info, setInfo] = useState<string | null>(null);
  const errorId = useId();
  // spec.md §4 Timers: error messages clear after 5 s.
  useAutoClear(error, () => setError(null));

  function apply(event: FormEvent) {
    event.preventDefault();
    const discount = findDiscount(code);
    if (!discount) {
      setError(INVALID_DISCOUNT_MESSAGE);
      onDiscountChange(null);
      return;
    }
    setError(null);
    const options = { freeShippingThresholdCents };
    if (computeTotals(lines, { ...options, discountCode: discount.code }).total === computeTotals(lines, options).total) {
      // Say so rather than claim a discount that changes nothing.
      setInfo(noEffectMessage(discount.code));
      onDiscountChange(null);
      return;
    }
    setInfo(null);
    onDiscountChange(discount.code);
  }

  return (
    <aside className="order-summary" id={id} aria-labelledby="summary-heading">
      <h2 id="summary-heading">Order Summary</h2>
      <ul className="summary-lines" aria-label="Items in your order">
        {lines.map((line) => (
          <li key={line.id} className="summary-line">
            <DesignThumbnail design={line} size={64} fit="ink" className="summary-line__thumb" />
            <div className="summary-line__body">
              <p className="summary-line__title">
                {cartLineTitle(line)}
              </p>
              <p className="summary-line__text">“{line.text}”</p>
              <p className="summary-line__meta">
                {line.color} · Qty {line.quantity}
              </p>
            </div>
            <p className="summary-line__price">{formatUsd(line.priceCents * line.quantity)}</p>
          </li>
        ))}
      </ul>

      <form className="discount-form" onSubmit={apply} noValidate>
        <div className="field">
          <label htmlFor={`${errorId}-input`} className="field__label">Discount code</label>
          <span className="discount-form__row">
            <input
              id={`${errorId}-input`}
              value={code}
              disabled={disabled}
              autoComplete="off"
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? errorId : undefined}
              onChange={(event) => {
                setCode(event.target.value);
                setError(null);
                setInfo(null);
              }}
            />
            <button type="submit" className="btn btn--secondary" disabled={disabled || !code.trim()}>
              Apply
            </button>
          </span>
        </div>
        <p id={errorId} className="field__error" role="alert">
          {error}
        </p>
        {info && !totals.discountCode ? (
          <p className="discount-form__info" role="status">{info}</p>
        ) : null}
        {totals.discountCode ? (
          <p className="discount-form__applied" role="status">
            Code {totals.discountCode} applied.{' '}
            <button
              type="button"
              className="link-button"
              disabled={disabled}
              onClick={() => {
                setCode('');
                onDiscountChange(null);
              }}
            >
              Remove<span className="sr-only"> discount code</span>
            </button>
          </p>
        ) : null}
      </form>

      <dl className="summary-totals">
        <div><dt>Subtotal</dt><dd>{formatUsd(totals.subtotal)}</dd></div>
        {totals.discount > 0 ? (
          <div><dt>Discount ({totals.discountCode})</dt><dd>−{formatUsd(totals.discount)}</dd></div>
        ) : null}
        <div><dt>Shipping</dt><dd>{totals.shipping === 0 ? <span className="free">FREE</span> : formatUsd(totals.shipping)}</dd></div>
        <div><dt>Tax (8.5%)</dt><dd>{formatUsd(totals.tax)}</dd></div>
        <div className="summary-totals__total"><dt>Total</dt><dd data-testid="checkout-total">{formatUsd(totals.total)}</dd></div>
      </dl>

      <div className="benefits-box">
        <h3>Why you'll love it</h3>
        <ul>
          <li>{freeShippingCopy(freeShippingThresholdCents)}</li>
          <li>Dispatched in 2-3 business days</li>
          <li>Stickers last 3-5 years</li>
          <li>30-day return policy</li>
          <li>Secure card payment</li>
        </ul>
      </div>
    </aside>
  );
}
