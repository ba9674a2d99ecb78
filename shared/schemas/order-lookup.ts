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

const MAIL_STATES = ['queued', 'sent', 'failed'] as const;

/** GET /api/mail/outbox: one state, or one order's mails. */
export const mailOutboxQuerySchema = z.object({
  state: z.enum(MAIL_STATES, { error: `state must be one of ${MAIL_STATES.join(', ')}.` }).optional(),
  orderId: z.string().max(64).optional(),
  limit: z.coerce.number().int().min(1).max(500, 'limit must be a whole number from 1 to 500.').default(100),
});
