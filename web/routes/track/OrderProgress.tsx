import type { OrderStatus } from '../../../shared/order-status';

/** The steps a paid order goes through, as the shopper reads them. */
export const PROGRESS_STEPS: { status: OrderStatus; label: string }[] = [
  { status: 'pending', label: 'Pending' },
  { status: 'processing', label: 'In Production' },
  { status: 'printed', label: 'Ready to Ship' },
  { status: 'shipped', label: 'Shipped' },
  { status: 'delivered', label: 'Delivered' },
];

/**
 * Pending → In Production → Ready to Ship → Shipped → Delivered, with the order's step marked
 * (aria-current="step") and the steps before it done. A cancelled order has no progress: it says so.
 */
export function OrderProgress({ status }: { status: OrderStatus }) {
  if (status === 'cancelled') {
    return (
      <p className="track-cancelled" data-testid="order-cancelled">
        This order was cancelled. If you were charged, the refund goes back to your card.
      </p>
    );
  }
  const current = PROGRESS_STEPS.findIndex((step) => step.status === status);
  return (
    <ol className="track-progress" aria-label="Order progress">
      {PROGRESS_STEPS.map((step, index) => {
        const state = index < current ? 'done' : index === current ? 'current' : 'todo';
        return (
          <li key={step.status} className={`track-progress__step track-progress__step--${state}`} aria-current={state === 'current' ? 'step' : undefined}>
            <span className="track-progress__dot" aria-hidden="true">{state === 'done' ? '✓' : index + 1}</span>
            <span className="track-progress__label">
              {step.label}
              {state === 'done' ? <span className="sr-only"> (done)</span> : null}
            </span>
          </li>
        );
      })}
    </ol>
  );
}
