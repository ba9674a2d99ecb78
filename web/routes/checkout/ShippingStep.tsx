import type { FormEvent } from 'react';
import type { SavedShippingAddress } from '../../../shared/api/answers';
import { US_STATES } from '../../../shared/schemas/checkout';
import type { CheckoutFormValues, FieldErrors } from './checkout-form';
import { SelectField, TextField } from './FormField';

export interface StepProps {
  values: CheckoutFormValues;
  errors: FieldErrors;
  setField<K extends keyof CheckoutFormValues>(name: K, value: CheckoutFormValues[K]): void;
}

export function StateOptions() {
  return (
    <>
      {US_STATES.map((state) => (
        <option key={state.code} value={state.code}>
          {state.name}
        </option>
      ))}
    </>
  );
}

/** Step 1 (spec.md §3, §5): contact and shipping; Continue only when every rule passes. */
export interface ShippingStepProps extends StepProps {
  onContinue(): void;
  /** A signed-in customer's earlier addresses; with more than one, a picker offers them. */
  savedAddresses?: readonly SavedShippingAddress[];
  onUseAddress?(address: SavedShippingAddress): void;
}

const addressLine = (saved: SavedShippingAddress) => `${saved.address}, ${saved.city}, ${saved.state} ${saved.zipCode}`;

export function ShippingStep({ values, errors, setField, onContinue, savedAddresses = [], onUseAddress }: ShippingStepProps) {
  const text = (name: keyof CheckoutFormValues) => ({
    name,
    value: values[name] as string,
    error: errors[name],
    onChange: (event: React.ChangeEvent<HTMLInputElement>) => setField(name, event.target.value),
  });
  function submit(event: FormEvent) {
    event.preventDefault();
    onContinue();
  }
  return (
    <form className="checkout-form" onSubmit={submit} noValidate aria-labelledby="shipping-heading">
      <h2 id="shipping-heading" className="checkout-step__title">Shipping Information</h2>
      <fieldset className="checkout-fieldset">
        <legend>Contact</legend>
        <div className="field-grid">
          <TextField label="Email" type="email" autoComplete="email" className="field--wide" {...text('email')} />
          <TextField label="Phone" type="tel" autoComplete="tel" placeholder="(555) 123-4567" className="field--wide" {...text('phone')} />
          <TextField label="First name" autoComplete="shipping given-name" {...text('firstName')} />
          <TextField label="Last name" autoComplete="shipping family-name" {...text('lastName')} />
        </div>
      </fieldset>
      <fieldset className="checkout-fieldset">
        <legend>Shipping address</legend>
        {savedAddresses.length > 1 && onUseAddress && (
          <SelectField
            label="Saved addresses"
            name="savedAddress"
            className="field--wide"
            value={String(savedAddresses.findIndex((saved) => saved.address === values.address && saved.zipCode === values.zipCode))}
            onChange={(event) => {
              const chosen = savedAddresses[Number(event.target.value)];
              if (chosen) onUseAddress(chosen);
            }}
          >
            <option value="-1">Choose one of your addresses…</option>
            {savedAddresses.map((saved, index) => (
              <option key={addressLine(saved)} value={index}>{addressLine(saved)}</option>
            ))}
          </SelectField>
        )}
        <div className="field-grid">
          <TextField label="Address" autoComplete="shipping address-line1" className="field--wide" {...text('address')} />
          <TextField label="City" autoComplete="shipping address-level2" {...text('city')} />
          <SelectField
            label="State"
            name="state"
            autoComplete="shipping address-level1"
            value={values.state}
            error={errors.state}
            onChange={(event) => setField('state', event.target.value)}
          >
            <option value="">Select a state</option>
            <StateOptions />
          </SelectField>
          <TextField label="ZIP code" autoComplete="shipping postal-code" inputMode="numeric" {...text('zipCode')} />
          <SelectField label="Country" name="country" autoComplete="shipping country-name" value={values.country} onChange={(event) => setField('country', event.target.value)}>
            <option value="United States">United States</option>
          </SelectField>
        </div>
      </fieldset>
      <div className="checkout-actions">
        <button type="submit" className="btn btn--primary">
          Continue to Payment
        </button>
      </div>
    </form>
  );
}
