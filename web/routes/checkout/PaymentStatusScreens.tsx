import { Link } from 'react-router';
import { CHECKING_PAYMENT_MESSAGE } from '../../payments/place-order';

export function PaymentLoading() {
  return (
    <section className="checkout-status" role="status" aria-live="polite">
      <span className="spinner" aria-hidden="true" />
      <p>Loading secure payment system...</p>
    </section>
  );
}

/** spec.md §8: the reason and a Retry that reloads the page. */
export function CheckoutUnavailable({ reason }: { reason: string }) {
  return (
    <section className="checkout-status checkout-status--error" aria-labelledby="payment-unavailable-heading">
      <h1 id="payment-unavailable-heading">Payment System Unavailable</h1>
      <p role="alert">{reason}</p>
      <div className="checkout-actions">
        <button type="button" className="btn btn--primary" onClick={() => window.location.reload()}>
          Retry
        </button>
        <Link to="/" className="btn btn--secondary">Back to Shop</Link>
      </div>
    </section>
  );
}

/**
 * A checkout whose answer is unknown (lost, timed out): the page asks the server again under the
 * same key until it answers, then shows the order or the refusal. Nothing here can charge twice.
 */
export function CheckingPayment({ onCheckNow }: { onCheckNow(): void }) {
  return (
    <section className="checkout-status" aria-labelledby="checking-payment-heading">
      <span className="spinner" aria-hidden="true" />
      <h1 id="checking-payment-heading">Checking your payment</h1>
      <p role="status">
        {CHECKING_PAYMENT_MESSAGE} You will not be charged twice: this page shows your order as soon as our server answers.
      </p>
      <div className="checkout-actions">
        <button type="button" className="btn btn--secondary" onClick={onCheckNow}>
          Check now
        </button>
      </div>
    </section>
  );
}
