import { isWholeCents } from '../money';
import { z } from 'zod';

/** POST /api/payments/confirm body. */
export const confirmPaymentSchema = z.strictObject({
  paymentIntentId: z.string({ error: 'Payment intent is required' }).trim().min(1, 'Payment intent is required').max(255),
  paymentMethodId: z.string({ error: 'Payment method is required' }).trim().min(1, 'Payment method is required').max(255),
});

/** POST /api/payments/refund body: amount in dollars, null (or absent) for a full refund of what is left. */
export const refundSchema = z.strictObject({
  paymentIntentId: z.string({ error: 'Payment intent is required' }).trim().min(1, 'Payment intent is required').max(255),
  amount: z.number({ error: 'Invalid amount' }).finite().positive('Invalid amount').refine(isWholeCents, 'Invalid amount').nullish(),
});
