const STEPS = ['Shipping', 'Payment'] as const;

export function StepIndicator({ step }: { step: 1 | 2 }) {
  return (
    <ol className="checkout-steps" aria-label="Checkout steps">
      {STEPS.map((label, index) => {
        const number = index + 1;
        const state = number === step ? 'current' : number < step ? 'done' : 'todo';
        return (
          <li key={label} className={`checkout-steps__step checkout-steps__step--${state}`} aria-current={state === 'current' ? 'step' : undefined}>
            <span className="checkout-steps__number" aria-hidden="true">{number}</span>
            <span>
              <span className="sr-only">Step {number}: </span>
              {label}
            </span>
          </li>
        );
      })}
    </ol>
  );
}
