import type { StripeExpressCheckoutElementConfirmEvent } from '@stripe/stripe-js';
import { DEFAULT_COUNTRY, INITIAL_VALUES, type CheckoutFormValues } from './checkout-form';

/** "Maya Jama" → Maya / Jama; a one-word name is the first name and the last name both (the form needs both). */
export function splitName(full: string): { firstName: string; lastName: string } {
  const words = full.trim().split(/\s+/).filter(Boolean);
  if (words.length <= 1) return { firstName: words[0] ?? '', lastName: words[0] ?? '' };
  return { firstName: words.slice(0, -1).join(' '), lastName: words[words.length - 1]! };
}

type WalletConfirm = Pick<StripeExpressCheckoutElementConfirmEvent, 'billingDetails' | 'shippingAddress'>;

/**
 * The checkout form as the wallet fills it: name, e-mail and phone from the payer, the address
 * from the shipping contact (the wallet's sheet only offers US addresses, see allowedShippingCountries).
 * The same step-1 rules then check it, so a wallet order is held to the card form's rules.
 */
export function formValuesFromWallet(event: WalletConfirm): CheckoutFormValues {
  const billing = event.billingDetails;
  const shipping = event.shippingAddress;
  const address = shipping?.address;
  const { firstName, lastName } = splitName(shipping?.name || billing?.name || '');
  return {
    ...INITIAL_VALUES,
    email: billing?.email ?? '',
    phone: billing?.phone ?? '',
    firstName,
    lastName,
    address: [address?.line1, address?.line2].filter(Boolean).join(', '),
    city: address?.city ?? '',
    state: (address?.state ?? '').toUpperCase(),
    zipCode: address?.postal_code ?? '',
    country: DEFAULT_COUNTRY,
  };
}
