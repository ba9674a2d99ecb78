/** What every card field (test or Stripe) tells the checkout form. */
export interface CardFieldState {
  complete: boolean;
  /** The field's own error, shown as is under it (spec.md §5). */
  error: string | null;
}

/** spec.md §7: billing details sent with the payment method (country always US). */
export interface CardBillingDetails {
  name: string;
  email: string;
  phone: string;
  address: { line1: string; city: string; state: string; postal_code: string; country: 'US' };
}

export type PaymentMethodResult = { paymentMethodId: string } | { error: string };

/** Turns the entered card into a PaymentMethod id; the card number never leaves the browser. */
export type CreatePaymentMethod = (billing: CardBillingDetails) => Promise<PaymentMethodResult>;

/** Finishes a payment that needs a next action (3-D Secure); resolves with the intent's new status. */
export type HandleNextAction = (clientSecret: string) => Promise<{ status: string } | { error: string }>;
