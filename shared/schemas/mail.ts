import { z } from 'zod';

const MAIL_STATES = ['queued', 'sent', 'failed'] as const;

/** GET /api/mail/outbox: one state, or one order's mails. */
export const mailOutboxQuerySchema = z.object({
  state: z.enum(MAIL_STATES, { error: `state must be one of ${MAIL_STATES.join(', ')}.` }).optional(),
  orderId: z.string().max(64).optional(),
  limit: z.coerce.number().int().min(1).max(500, 'limit must be a whole number from 1 to 500.').default(100),
});
