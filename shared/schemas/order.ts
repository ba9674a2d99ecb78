import { isWholeCents } from '../money';
import { findDiscount, INVALID_DISCOUNT_MESSAGE } from '../pricing';
import { z } from 'zod';
import { cartItemSchema } from './cart';
import { emailSchema, phoneSchema, zipSchema, CHECKOUT_MESSAGES } from './checkout';
import { requiredString } from './fields';

const money = z.number({ error: 'Invalid amount' }).finite().min(0, 'Invalid amount').refine(isWholeCents, 'Invalid amount');

export const customerInfoSchema = z.strictObject({
  email: emailSchema,
  firstName: requiredString(CHECKOUT_MESSAGES.firstNameRequired).max(100),
  lastName: requiredString(CHECKOUT_MESSAGES.lastNameRequired).max(100),
  phone: phoneSchema,
});

export const addressSchema = z.strictObject({
  address: requiredString(CHECKOUT_MESSAGES.addressRequired).max(200),
  city: requiredString(CHECKOUT_MESSAGES.cityRequired).max(100),
  state: requiredString(CHECKOUT_MESSAGES.stateRequired).max(40),
  zipCode: zipSchema,
  country: z.string().trim().max(60).default('United States'),
});

/** Billing is not validated beyond shape (spec.md §5): empty strings are allowed. */
export const billingAddressSchema = z.strictObject({
  address: z.string().max(200).default(''),
  city: z.string().max(100).default(''),
  state: z.string().max(40).default(''),
  zipCode: z.string().max(20).default(''),
  country: z.string().max(60).default('US'),
});

export const paymentInfoSchema = z.strictObject({
  paymentIntentId: z.string().trim().min(1, 'Payment intent is required').max(255),
  paymentMethod: z.string().max(40).default('card'),
  paymentStatus: z.string().max(40).default('succeeded'),
});

/** Totals and items shared by the intent and order payloads (spec.md §3, §7). */
const pricedCartShape = {
  customerInfo: customerInfoSchema,
  shippingAddress: addressSchema,
  items: z.array(cartItemSchema).min(1, 'Cart is empty').max(100, 'Too many items'),
  subtotal: money,
  shipping: money,
  tax: money,
  total: money,
  // An unknown code is refused, never silently priced as no discount (spec.md §5).
  discountCode: z
    .string()
    .trim()
    .max(40)
    .nullish()
    .refine((code) => !code || findDiscount(code) !== undefined, INVALID_DISCOUNT_MESSAGE),
};

/** POST /api/payments/create-intent body. */
export const createIntentSchema = z.strictObject({
  ...pricedCartShape,
  billingAddress: billingAddressSchema.nullish(),
  specialInstructions: z.string().max(1000).nullish(),
  marketing: z.boolean().default(false),
});

/** The order payload of spec.md §3 (POST /api/orders). */
export const orderPayloadSchema = z.strictObject({
  ...pricedCartShape,
  billingAddress: billingAddressSchema.nullable().default(null),
  paymentInfo: paymentInfoSchema,
  specialInstructions: z.string().max(1000).nullish(),
  marketing: z.boolean().default(false),
});
export type OrderPayload = z.output<typeof orderPayloadSchema>;

/** POST /api/checkout: the order payload plus the payment method; the intent is made by the server. */
export const checkoutSchema = orderPayloadSchema.extend({
  paymentInfo: paymentInfoSchema.partial().optional(),
  paymentMethodId: z.string({ error: 'Payment method is required' }).trim().min(1, 'Payment method is required').max(255),
});
export type CheckoutPayload = z.output<typeof checkoutSchema>;
