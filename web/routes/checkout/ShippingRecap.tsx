import { US_STATES } from '../../../shared/schemas/checkout';
import type { CheckoutFormValues } from './checkout-form';

const stateName = (code: string) => US_STATES.find((state) => state.code === code)?.name ?? code;

/** The payment step's recap of step 1, as Shopify shows it: contact and ship-to, each changeable. */
export function ShippingRecap({ values, onChange, disabled }: { values: CheckoutFormValues; onChange(): void; disabled?: boolean }) {
  const rows = [
    { label: 'Contact', value: `${values.email.trim()} · ${values.phone.trim()}` },
    {
      label: 'Ship to',
      value: `${values.firstName.trim()} ${values.lastName.trim()}, ${values.address.trim()}, ${values.city.trim()}, ${stateName(values.state)} ${values.zipCode.trim()}, ${values.country}`,
    },
  ];
  return (
    <dl className="shipping-recap" aria-label="Your details">
      {rows.map((row) => (
        <div key={row.label} className="shipping-recap__row">
          <dt>{row.label}</dt>
          <dd data-testid={`recap-${row.label === 'Contact' ? 'contact' : 'ship-to'}`}>{row.value}</dd>
          <dd className="shipping-recap__change">
            <button type="button" className="link-button" onClick={onChange} disabled={disabled}>
              Change<span className="sr-only"> {row.label.toLowerCase()}</span>
            </button>
          </dd>
        </div>
      ))}
    </dl>
  );
}
