import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { cartLineTitle } from '../../cart/cart-store';
import { DesignThumbnail } from '../../components/DesignThumbnail';
import { formatUsd } from '../../../shared/money';
import { computeTotals, INVALID_DISCOUNT_MESSAGE, normaliseDiscountCode, type Discount, type Totals } from '../../../shared/pricing';
import { ApiError, call } from '../../api/client';
import { useOnline } from '../../pwa/online';
import { freeShippingCopy } from '../../catalog/shop-config';
import { useAutoClear } from '../../components/notifications';
import type { CartLine } from '../../db/db';

/** A valid code that would not lower this order's total (FREESHIP when shipping is already free). */
export function noEffectMessage(code: string): string {
  return `Code ${code} is valid, but it doesn't lower this order: shipping is already free.`;
}

/** A code tried without a connection: kept, said, and checked once the shop is back online. */
export function offlineCodeMessage(code: string): string {
  return `You're offline: code ${code} will be checked when you're back online. It is not applied yet.`;
}

/** Asks the server whether a code applies (the codes live in its database, managed in the admin). */
export type CheckDiscount = (code: string, email: string) => Promise<Discount>;

const checkWithServer: CheckDiscount = async (code, email) => (await call('checkDiscountCode', { body: { code, ...(email.trim() ? { email: email.trim() } : {}) } })).discount;

interface OrderSummaryProps {
  lines: readonly CartLine[];
  totals: Totals;
  onDiscountChange(discount: Discount | null): void;
  /** The shopper's e-mail so far (a code may be limited per customer). */
  email?: string;
  checkDiscount?: CheckDiscount;
  disabled?: boolean;
  freeShippingThresholdCents: number;
  id?: string;
}

/** The sidebar: every item, the discount code (checked by the server, again at payment), totals, benefits. */
export function OrderSummary({ lines, totals, onDiscountChange, disabled, freeShippingThresholdCents, id, email = '', checkDiscount = checkWithServer }: OrderSummaryProps) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [info, setInfo] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);
  /** A code tried offline, checked when the connection is back. */
  const [waitingCode, setWaitingCode] = useState<string | null>(null);
  const online = useOnline();
  const errorId = useId();
  const latest = useRef(0);
  // spec.md §4 Timers: error messages clear after 5 s.
  useAutoClear(error, () => setError(null));

  async function check(wanted: string) {
    const attempt = ++latest.current;
    setChecking(true);
    setError(null);
    setInfo(null);
    try {
      const discount = await checkDiscount(wanted, email);
      if (attempt !== latest.current) return;
      setWaitingCode(null);
      const options = { freeShippingThresholdCents };
      if (computeTotals(lines, { ...options, discount }).total === computeTotals(lines, options).total) {
        // Say so rather than claim a discount that changes nothing.
        setInfo(noEffectMessage(discount.code));
        onDiscountChange(null);
        return;
      }
      onDiscountChange(discount);
    } catch (caught) {
      if (attempt !== latest.current) return;
      onDiscountChange(null);
      if (caught instanceof ApiError && caught.isNetwork) {
        setWaitingCode(wanted);
        return;
      }
      setWaitingCode(null);
      setError(caught instanceof ApiError && caught.status !== 422 ? caught.message : INVALID_DISCOUNT_MESSAGE);
    } finally {
      if (attempt === latest.current) setChecking(false);
    }
  }

  // The connection is back: the code tried offline is checked now.
  const retryWaiting = useRef(check);
  retryWaiting.current = check;
  useEffect(() => {
    if (online && waitingCode) void retryWaiting.current(waitingCode);
  }, [online, waitingCode]);

  function apply(event: FormEvent) {
    event.preventDefault();
    const wanted = normaliseDiscountCode(code);
    if (!wanted) return;
    if (!online) {
      onDiscountChange(null);
      setWaitingCode(wanted);
      return;
    }
    void check(wanted);
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
            <button type="submit" className="btn btn--secondary" disabled={disabled || checking || !code.trim()} aria-busy={checking || undefined}>
              {checking ? 'Checking…' : 'Apply'}
            </button>
          </span>
        </div>
        <p id={errorId} className="field__error" role="alert">
          {error}
        </p>
        {waitingCode && !totals.discountCode ? (
          <p className="discount-form__info" role="status">{offlineCodeMessage(waitingCode)}</p>
        ) : null}
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
                setWaitingCode(null);
                latest.current++;
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
