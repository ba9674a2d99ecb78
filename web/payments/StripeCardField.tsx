import { useEffect, useId, useRef, useState } from 'react';
import type { Stripe, StripeCardElement } from '@stripe/stripe-js';
import type { CardFieldProps } from './TestCardField';

/**
 * Stripe's card Element (spec.md §5, §7): it reports its own error and a complete flag; the
 * payment method is created by Stripe.js with the billing details, so card data never touches us.
 */
export function StripeCardField({ stripe, onChange, bind, disabled, formError }: CardFieldProps & { stripe: Stripe }) {
  const mountRef = useRef<HTMLDivElement>(null);
  const [error, setError] = useState<string | null>(null);
  const errorId = useId();
  const elementRef = useRef<StripeCardElement | null>(null);

  useEffect(() => {
    const card = stripe.elements().create('card', {
      hidePostalCode: true,
      style: { base: { fontSize: '16px', color: '#2b1d2e', '::placeholder': { color: '#8a7a8c' } } },
    });
    card.mount(mountRef.current!);
    elementRef.current = card;
    card.on('change', (event) => {
      const message = event.error?.message ?? null;
      setError(message);
      onChange({ complete: event.complete, error: message });
    });
    bind(async (billing) => {
      const result = await stripe.createPaymentMethod({ type: 'card', card, billing_details: billing });
      if (result.error) return { error: result.error.message ?? 'Your card could not be used.' };
      return { paymentMethodId: result.paymentMethod.id };
    });
    return () => {
      bind(null);
      card.destroy();
      elementRef.current = null;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- onChange is read at each card event; a new callback must not rebuild the card element
  }, [stripe, bind]);

  useEffect(() => {
    elementRef.current?.update({ disabled: !!disabled });
  }, [disabled]);

  const message = error ?? formError ?? null;
  return (
    <div className="card-field">
      <span className="field__label" id={`${errorId}-label`}>Card details</span>
      <div
        ref={mountRef}
        className="card-field__stripe"
        role="group"
        aria-labelledby={`${errorId}-label`}
        aria-describedby={message ? errorId : undefined}
      />
      <p id={errorId} className="field__error" role="alert">
        {message}
      </p>
    </div>
  );
}
