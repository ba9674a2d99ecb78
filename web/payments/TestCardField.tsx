import { useEffect, useId, useRef, useState } from 'react';
import { testPaymentMethodForCard } from '../../shared/payments';
import type { CardFieldState, CreatePaymentMethod } from './card-field';
import { formatCardNumber, formatExpiry, testCardState, type TestCardInput } from './test-card';

export interface CardFieldProps {
  onChange(state: CardFieldState): void;
  /** Hands the form the function that turns the entered card into a PaymentMethod id. */
  bind(create: CreatePaymentMethod | null): void;
  disabled?: boolean;
  /** The form's own card message ('Please enter complete card details'), shown with the field's. */
  formError?: string | null;
}

/** The card field used with the built-in test gateway: Stripe's test numbers, mapped in the browser. */
export function TestCardField({ onChange, bind, disabled, formError }: CardFieldProps) {
  const [card, setCard] = useState<TestCardInput>({ number: '', expiry: '', cvc: '' });
  const state = testCardState(card);
  const errorId = useId();
  const cardRef = useRef(card);
  cardRef.current = card;

  useEffect(() => {
    onChange(state);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- report when the card's state changes, not when the parent passes a new callback or object
  }, [state.complete, state.error]);

  useEffect(() => {
    bind(async () => {
      const paymentMethodId = testPaymentMethodForCard(cardRef.current.number);
      return paymentMethodId ? { paymentMethodId } : { error: 'Your card number is invalid.' };
    });
    return () => bind(null);
  }, [bind]);

  const message = state.error ?? formError ?? null;
  const describedBy = message ? errorId : undefined;
  const invalid = message ? true : undefined;
  return (
    <div className="card-field" data-testid="test-card-field">
      <div className="card-field__row">
        <label className="field card-field__number">
          <span className="field__label">Card number</span>
          <input
            inputMode="numeric"
            autoComplete="cc-number"
            placeholder="4242 4242 4242 4242"
            value={card.number}
            disabled={disabled}
            aria-invalid={invalid}
            aria-describedby={describedBy}
            onChange={(event) => setCard({ ...card, number: formatCardNumber(event.target.value) })}
          />
        </label>
        <label className="field card-field__expiry">
          <span className="field__label">Expiry</span>
          <input
            inputMode="numeric"
            autoComplete="cc-exp"
            placeholder="MM / YY"
            value={card.expiry}
            disabled={disabled}
            aria-invalid={invalid}
            aria-describedby={describedBy}
            onChange={(event) => setCard({ ...card, expiry: formatExpiry(event.target.value) })}
          />
        </label>
        <label className="field card-field__cvc">
          <span className="field__label">CVC</span>
          <input
            inputMode="numeric"
            autoComplete="cc-csc"
            placeholder="123"
            maxLength={4}
            value={card.cvc}
            disabled={disabled}
            aria-invalid={invalid}
            aria-describedby={describedBy}
            onChange={(event) => setCard({ ...card, cvc: event.target.value.replace(/\D/g, '').slice(0, 4) })}
          />
        </label>
      </div>
      <p className="field__hint">Test mode: use a Stripe test card such as 4242 4242 4242 4242, any future expiry and any CVC.</p>
      <p id={errorId} className="field__error" role="alert">
        {message}
      </p>
    </div>
  );
}
