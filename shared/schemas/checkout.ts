import { z } from 'zod';
import { requiredString } from './fields';
import { storableText } from './storable-text';

/** Messages of spec.md §5 "Shipping step" and "Payment". */
export const CHECKOUT_MESSAGES = {
  emailRequired: 'Email is required',
  emailInvalid: 'Invalid email format',
  firstNameRequired: 'First name is required',
  lastNameRequired: 'Last name is required',
  phoneRequired: 'Phone number is required',
  phoneInvalid: 'Invalid US phone number format',
  addressRequired: 'Address is required',
  cityRequired: 'City is required',
  stateRequired: 'State is required',
  zipRequired: 'ZIP code is required',
  zipInvalid: 'Invalid ZIP code format (12345 or 12345-6789)',
  cardIncomplete: 'Please enter complete card details',
  paymentNotLoaded: 'Payment system not loaded. Please refresh and try again.',
} as const;

export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const US_PHONE_PATTERN = /^(\+?1[\s.-]?)?\(?\d{3}\)?[\s.-]?\d{3}[\s.-]?\d{4}$/;
export const ZIP_PATTERN = /^\d{5}(-\d{4})?$/;

export const emailSchema = storableText(requiredString(CHECKOUT_MESSAGES.emailRequired), 'Email')
  .max(254, CHECKOUT_MESSAGES.emailInvalid)
  .regex(EMAIL_PATTERN, CHECKOUT_MESSAGES.emailInvalid);
export const phoneSchema = requiredString(CHECKOUT_MESSAGES.phoneRequired).regex(
  US_PHONE_PATTERN,
  CHECKOUT_MESSAGES.phoneInvalid,
);
export const zipSchema = requiredString(CHECKOUT_MESSAGES.zipRequired).regex(ZIP_PATTERN, CHECKOUT_MESSAGES.zipInvalid);

/** The free-text fields of the shipping step, with the rule of storable-text.ts. */
export const firstNameSchema = storableText(requiredString(CHECKOUT_MESSAGES.firstNameRequired), 'First name').max(100);
export const lastNameSchema = storableText(requiredString(CHECKOUT_MESSAGES.lastNameRequired), 'Last name').max(100);
export const streetAddressSchema = storableText(requiredString(CHECKOUT_MESSAGES.addressRequired), 'Address').max(200);
export const citySchema = storableText(requiredString(CHECKOUT_MESSAGES.cityRequired), 'City').max(100);
export const stateSchema = storableText(requiredString(CHECKOUT_MESSAGES.stateRequired), 'State').max(40);

/** Step 1 of the checkout form (spec.md §5); billing fields are not validated. */
export const shippingStepSchema = z.object({
  email: emailSchema,
  firstName: firstNameSchema,
  lastName: lastNameSchema,
  phone: phoneSchema,
  address: streetAddressSchema,
  city: citySchema,
  state: stateSchema,
  zipCode: zipSchema,
});
export type ShippingStep = z.infer<typeof shippingStepSchema>;

export const US_STATES: readonly { code: string; name: string }[] = [
  ['AL', 'Alabama'], ['AK', 'Alaska'], ['AZ', 'Arizona'], ['AR', 'Arkansas'], ['CA', 'California'],
  ['CO', 'Colorado'], ['CT', 'Connecticut'], ['DE', 'Delaware'], ['FL', 'Florida'], ['GA', 'Georgia'],
  ['HI', 'Hawaii'], ['ID', 'Idaho'], ['IL', 'Illinois'], ['IN', 'Indiana'], ['IA', 'Iowa'],
  ['KS', 'Kansas'], ['KY', 'Kentucky'], ['LA', 'Louisiana'], ['ME', 'Maine'], ['MD', 'Maryland'],
  ['MA', 'Massachusetts'], ['MI', 'Michigan'], ['MN', 'Minnesota'], ['MS', 'Mississippi'], ['MO', 'Missouri'],
  ['MT', 'Montana'], ['NE', 'Nebraska'], ['NV', 'Nevada'], ['NH', 'New Hampshire'], ['NJ', 'New Jersey'],
  ['NM', 'New Mexico'], ['NY', 'New York'], ['NC', 'North Carolina'], ['ND', 'North Dakota'], ['OH', 'Ohio'],
  ['OK', 'Oklahoma'], ['OR', 'Oregon'], ['PA', 'Pennsylvania'], ['RI', 'Rhode Island'], ['SC', 'South Carolina'],
  ['SD', 'South Dakota'], ['TN', 'Tennessee'], ['TX', 'Texas'], ['UT', 'Utah'], ['VT', 'Vermont'],
  ['VA', 'Virginia'], ['WA', 'Washington'], ['WV', 'West Virginia'], ['WI', 'Wisconsin'], ['WY', 'Wyoming'],
].map(([code, name]) => ({ code, name }));
