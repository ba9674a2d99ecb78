import { isWholeCents } from '../money';
import { z } from 'zod';
import { cartItemSchema } from './cart';
import { citySchema, emailSchema, firstNameSchema, lastNameSchema, phoneSchema, stateSchema, streetAddressSchema, zipSchema } from './checkout';
import { storableText } from './storable-text';

const money = z.number({ error: 'Invalid amount' }).finite().min(0, 'Invalid amount').refine(isWholeCents, 'Invalid amount');

export const customerInfoSchema = z.strictObject({
  email: emailSchema,
  firstName: firstNameSchema,
  lastName: lastNameSchema,
  phone: phoneSchema,
});

export const addressSchema = z.strictObject({
  address: streetAddressSchema,
  city: citySchema,
  state: stateSchema,
  zipCode: zipSchema,
  country: storableText(z.string().trim(), 'Country').max(60).default('United States'),
});

/** Billing is not validated beyond shape (spec.md §5): empty strings are allowed. */
export const billingAddressSchema = z.strictObject({
  address: storableText(z.string(), 'Billing address').max(200).default(''),
  city: storableText(z.string(), 'Billing city').max(100).default(''),
  state: storableText(z.string(), 'Billing state').max(40).default(''),
  zipCode: storableText(z.string(), 'Billing ZIP code').max(20).default(''),
  country: storableText(z.string(), 'Billing country').max(60).default('US'),
});

export const paymentInfoSchema = z.strictObject({
  paymentIntentId: storableText(z.string().trim().min(1, 'Payment intent is required'), 'Payment intent').max(255),
  paymentMethod: storableText(z.string(), 'Payment method').max(40).default('card'),
  paymentStatus: storableText(z.string(), 'Payment status').max(40).default('succeeded'),
});

const specialInstructionsSchema = storableText(z.string(), 'Special instructions', { multiLine: true }).max(1000).nullish();

/** Totals and items shared by the intent and order payloads (spec.md §3, §7). */
const pricedCartShape = {
  customerInfo: customerInfoSchema,
  shippingAddress: addressSchema,
  items: z.array(cartItemSchema).min(1, 'Cart is empty').max(100, 'Too many items'),
  subtotal: money,
  shipping: money,
  tax: money,
  total: money,
  // Whether the code exists is the server's answer (server/discounts/): an unknown one is refused
  // with 'Invalid discount code', never silently priced as no discount (spec.md §5).
  discountCode: storableText(z.string().trim(), 'Discount code').max(40, 'Invalid discount code').nullish(),
};

/** POST /api/payments/create-intent body. */
export const createIntentSchema = z.strictObject({
  ...pricedCartShape,
  billingAddress: billingAddressSchema.nullish(),
  specialInstructions: specialInstructionsSchema,
  marketing: z.boolean().default(false),
});

/** The order payload of spec.md §3 (POST /api/orders). */
export const orderPayloadSchema = z.strictObject({
  ...pricedCartShape,
  billingAddress: billingAddressSchema.nullable().default(null),
  paymentInfo: paymentInfoSchema,
  specialInstructions: specialInstructionsSchema,
  marketing: z.boolean().default(false),
});
export type OrderPayload = z.output<typeof orderPayloadSchema>;

/** POST /api/checkout: the order payload plus the payment method; the intent is made by the server. */
export const checkoutSchema = orderPayloadSchema.extend({
  paymentInfo: paymentInfoSchema.partial().optional(),
  paymentMethodId: storableText(z.string({ error: 'Payment method is required' }).trim().min(1, 'Payment method is required'), 'Payment method').max(255),
});
export type CheckoutPayload = z.output<typeof checkoutSchema>;
