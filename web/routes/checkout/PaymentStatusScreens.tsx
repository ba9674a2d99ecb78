import { Link } from 'react-router';

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
