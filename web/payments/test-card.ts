/**
 * The built-in test card field's rules: Stripe's test card numbers only, mapped in the browser to
 * the test PaymentMethod ids of design.md §5, so no card number ever reaches the server.
 */
import { testPaymentMethodForCard } from '../../shared/payments';
import type { CardFieldState } from './card-field';

export interface TestCardInput {
  number: string;
  expiry: string;
  cvc: string;
}

export const TEST_CARD_ERRORS = {
  invalidNumber: 'Your card number is invalid.',
  unknownTestCard: 'Use a Stripe test card number, for example 4242 4242 4242 4242.',
  invalidExpiry: "Your card's expiration date is invalid.",
  pastExpiry: "Your card's expiration year is in the past.",
  invalidCvc: "Your card's security code is invalid.",
} as const;

export function digitsOnly(value: string): string {
  return value.replace(/\D/g, '');
}

/** "4242424242424242" -> "4242 4242 4242 4242" while typing. */
export function formatCardNumber(value: string): string {
  return digitsOnly(value).slice(0, 16).replace(/(\d{4})(?=\d)/g, '$1 ');
}

/** "1234" -> "12 / 34" while typing. */
export function formatExpiry(value: string): string {
  const digits = digitsOnly(value).slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)} / ${digits.slice(2)}` : digits;
}

function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/**
 * Complete when the number is a known test card, the expiry a valid month not in the past and
 * the CVC 3 or 4 digits. Errors appear only for parts typed in full, as Stripe's Element does.
 */
export function testCardState(input: TestCardInput, now = new Date()): CardFieldState {
  const number = digitsOnly(input.number);
  const expiry = digitsOnly(input.expiry);
  const cvc = digitsOnly(input.cvc);
  let error: string | null = null;

  if (number.length === 16) {
    if (!luhnValid(number)) error = TEST_CARD_ERRORS.invalidNumber;
    else if (!testPaymentMethodForCard(number)) error = TEST_CARD_ERRORS.unknownTestCard;
  }
  if (!error && expiry.length === 4) {
    const month = Number(expiry.slice(0, 2));
    const year = 2000 + Number(expiry.slice(2));
    if (month < 1 || month > 12) error = TEST_CARD_ERRORS.invalidExpiry;
    else if (year < now.getFullYear() || (year === now.getFullYear() && month < now.getMonth() + 1)) error = TEST_CARD_ERRORS.pastExpiry;
  }
  if (!error && input.cvc.length > 0 && /[^\d]/.test(input.cvc.trim())) error = TEST_CARD_ERRORS.invalidCvc;

  const complete = !error && number.length === 16 && expiry.length === 4 && cvc.length >= 3 && cvc.length <= 4;
  return { complete, error };
}
