/** The checkout form of spec.md §3: its values, step 1 validation and the payload it becomes. */
import { computeTotals, type Discount, type Totals } from '../../../shared/pricing';
import { toDollars } from '../../../shared/money';
import { firstErrorByField } from '../../../shared/schemas/fields';
import { shippingStepSchema } from '../../../shared/schemas/checkout';
import type { CartLine } from '../../db/db';
import type { CheckoutBody } from '../../payments/place-order';

export interface CheckoutFormValues {
  email: string;
  phone: string;
  firstName: string;
  lastName: string;
  address: string;
  city: string;
  state: string;
  zipCode: string;
  country: string;
  sameAsShipping: boolean;
  billingAddress: string;
  billingCity: string;
  billingState: string;
  billingZipCode: string;
  billingCountry: string;
  specialInstructions: string;
  marketing: boolean;
}

export const DEFAULT_COUNTRY = 'United States';

export const INITIAL_VALUES: CheckoutFormValues = {
  email: '',
  phone: '',
  firstName: '',
  lastName: '',
  address: '',
  city: '',
  state: 'CA',
  zipCode: '',
  country: DEFAULT_COUNTRY,
  sameAsShipping: true,
  billingAddress: '',
  billingCity: '',
  billingState: 'CA',
  billingZipCode: '',
  billingCountry: 'US',
  specialInstructions: '',
  marketing: false,
};

export type FieldErrors = Partial<Record<keyof CheckoutFormValues, string>>;

/** Step 1 (spec.md §5): one message per field, the first rule that fails; billing is not checked. */
export function validateShippingStep(values: CheckoutFormValues): FieldErrors {
  const result = shippingStepSchema.safeParse(values);
  return result.success ? {} : (firstErrorByField(result.error) as FieldErrors);
}

export function totalsFor(lines: readonly CartLine[], discount: Discount | null, freeShippingThresholdCents?: number): Totals {
  return computeTotals(lines, { discount, freeShippingThresholdCents });
}

/** The order payload plus payment method, money in dollars as the JSON edge wants it. */
export function toCheckoutBody(
  values: CheckoutFormValues,
  lines: readonly CartLine[],
  totals: Totals,
  paymentMethodId: string,
): CheckoutBody {
  const trim = (value: string) => value.trim();
  return {
    customerInfo: { email: trim(values.email), firstName: trim(values.firstName), lastName: trim(values.lastName), phone: trim(values.phone) },
    shippingAddress: { address: trim(values.address), city: trim(values.city), state: values.state, zipCode: trim(values.zipCode), country: values.country },
    billingAddress: values.sameAsShipping
      ? null
      : { address: trim(values.billingAddress), city: trim(values.billingCity), state: values.billingState, zipCode: trim(values.billingZipCode), country: 'US' },
    items: lines.map((line) => ({
      id: line.id,
      device: line.device,
      productType: line.productType,
      variant: line.variant,
      caseType: line.caseType,
      text: line.text,
      color: line.color,
      font: line.font,
      fontSize: line.fontSize,
      logo: line.logo,
      price: toDollars(line.priceCents),
      quantity: line.quantity,
      addedAt: line.addedAt,
    })),
    subtotal: toDollars(totals.subtotal),
    shipping: toDollars(totals.shipping),
    tax: toDollars(totals.tax),
    total: toDollars(totals.total),
    discountCode: totals.discountCode,
    specialInstructions: values.specialInstructions.trim(),
    marketing: values.marketing,
    paymentMethodId,
  };
}
