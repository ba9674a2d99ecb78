import { useEffect, useRef, type FormEvent } from 'react';
import type { Stripe } from '@stripe/stripe-js';
import type { CardFieldState, CreatePaymentMethod } from '../../payments/card-field';
import { StripeCardField } from '../../payments/StripeCardField';
import { TestCardField } from '../../payments/TestCardField';
import { CardMarks } from '../../payments/CardMarks';
import { SelectField, TextField } from './FormField';
import { StateOptions, type StepProps } from './ShippingStep';
import { formatUsd } from '../../../shared/money';
import { needsCardPayment, NO_CARD_NEEDED_MESSAGE } from '../../../shared/payments';
import { ShippingRecap } from './ShippingRecap';

export interface PaymentStepProps extends StepProps {
  stripe: Stripe | null;
  submitting: boolean;
  cardError: string | null;
  submitError: string | null;
  onCardChange(state: CardFieldState): void;
  bindCard(create: CreatePaymentMethod | null): void;
  onBack(): void;
  onSubmit(): void;
  /** The order total, shown on the pay button. */
  totalCents: number;
}

/** Step 2 (spec.md §3, §5): card, billing (same as shipping unless unticked), opt-in, notes. */
export function PaymentStep(props: PaymentStepProps) {
  const { values, errors, setField, stripe, submitting } = props;
  const heading = useRef<HTMLHeadingElement>(null);
  const cardBox = useRef<HTMLFieldSetElement>(null);
  useEffect(() => heading.current?.focus(), []);
  useEffect(() => {
    // The card's error is shown at the card field: bring it into view (its role=alert announces it).
    if (!props.cardError) return;
    const reduced = typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;
    cardBox.current?.scrollIntoView?.({ block: 'center', behavior: reduced ? 'auto' : 'smooth' });
    cardBox.current?.querySelector<HTMLInputElement>('input')?.focus({ preventScroll: true });
  }, [props.cardError]);
  const billingText = (name: 'billingAddress' | 'billingCity' | 'billingZipCode') => ({
    name,
    value: values[name],
    error: errors[name],
    onChange: (event: React.ChangeEvent<HTMLInputElement>) => setField(name, event.target.value),
  });
  function submit(event: FormEvent) {
    event.preventDefault();
    props.onSubmit();
  }
  return (
    <form className="checkout-form" onSubmit={submit} noValidate aria-labelledby="payment-heading" aria-busy={submitting}>
      <h2 id="payment-heading" className="checkout-step__title" ref={heading} tabIndex={-1}>Payment</h2>
      <ShippingRecap values={values} onChange={props.onBack} disabled={submitting} />
      <fieldset className="checkout-fieldset" ref={cardBox}>
        <legend>Card</legend>
        {!needsCardPayment(props.totalCents) ? (
          <p className="checkout-note">{NO_CARD_NEEDED_MESSAGE}</p>
        ) : (
          <>
            <CardMarks provider={stripe ? 'stripe' : 'test'} />
            {stripe ? (
              <StripeCardField stripe={stripe} onChange={props.onCardChange} bind={props.bindCard} disabled={submitting} formError={props.cardError} />
            ) : (
              <TestCardField onChange={props.onCardChange} bind={props.bindCard} disabled={submitting} formError={props.cardError} />
            )}
          </>
        )}
      </fieldset>
      <fieldset className="checkout-fieldset">
        <legend>Billing address</legend>
        <label className="check">
          <input type="checkbox" checked={values.sameAsShipping} onChange={(event) => setField('sameAsShipping', event.target.checked)} />
          <span>Same as shipping address</span>
        </label>
        {values.sameAsShipping ? null : (
          <div className="field-grid">
            <TextField label="Billing address" autoComplete="billing address-line1" className="field--wide" {...billingText('billingAddress')} />
            <TextField label="Billing city" autoComplete="billing address-level2" {...billingText('billingCity')} />
            <SelectField label="Billing state" name="billingState" autoComplete="billing address-level1" value={values.billingState} onChange={(event) => setField('billingState', event.target.value)}>
              <StateOptions />
            </SelectField>
            <TextField label="Billing ZIP code" autoComplete="billing postal-code" inputMode="numeric" {...billingText('billingZipCode')} />
            <SelectField label="Billing country" name="billingCountry" autoComplete="billing country" value="US" disabled>
              <option value="US">United States</option>
            </SelectField>
          </div>
        )}
      </fieldset>
      <fieldset className="checkout-fieldset">
        <legend>Extras</legend>
        <label className="field field--wide">
          <span className="field__label">Special instructions (optional)</span>
          <textarea
            name="specialInstructions"
            rows={3}
            maxLength={1000}
            value={values.specialInstructions}
            onChange={(event) => setField('specialInstructions', event.target.value)}
          />
        </label>
        <label className="check">
          <input type="checkbox" checked={values.marketing} onChange={(event) => setField('marketing', event.target.checked)} />
          <span>Send me news and offers from the villa (optional)</span>
        </label>
      </fieldset>
      <div className="checkout-error" role="alert" aria-live="assertive">
        {props.submitError}
      </div>
      <div className="checkout-actions">
        <button type="button" className="btn btn--secondary" onClick={props.onBack} disabled={submitting}>
          Back to Shipping
        </button>
        <button type="submit" className="btn btn--primary" disabled={submitting}>
          {submitting ? 'Processing...' : `Pay ${formatUsd(props.totalCents)}`}
        </button>
      </div>
    </form>
  );
}
