import { z } from 'zod';
import { emailSchema } from './checkout';
import { requiredString } from './fields';

export const ORDER_LOOKUP_MESSAGES = {
  orderNumberRequired: 'Order number is required',
  notFound: 'Order not found',
} as const;

/**
 * POST /api/orders/lookup and the /orders/track form: an order number (any case, spaces around
 * ignored) and the e-mail address it was placed with (checked case-insensitively by the server).
 */
export const orderLookupSchema = z.object({
  orderNumber: requiredString(ORDER_LOOKUP_MESSAGES.orderNumberRequired)
    .max(40, ORDER_LOOKUP_MESSAGES.notFound)
    .transform((value) => value.toUpperCase()),
  email: emailSchema.max(254, 'Invalid email format'),
});

export type OrderLookupInput = z.input<typeof orderLookupSchema>;
