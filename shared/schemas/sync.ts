import { z } from 'zod';
import { SYNC_PULL_MAX_LIMIT, SYNC_PUSH_MAX_MUTATIONS } from '../sync-limits';
import { trackingNumberSchema } from './orders-query';

/** GET /api/sync/orders query. The cursor is opaque to clients; the server writes digits. */
export const syncPullQuerySchema = z.object({
  since: z.preprocess(
    (value) => (value === '' ? undefined : value),
    z
      .string({ error: 'since must be a cursor returned by a previous pull.' })
      .regex(/^\d{1,15}$/, 'since must be a cursor returned by a previous pull.')
      .transform(Number)
      .default(0),
  ),
  limit: z.preprocess(
    (value) => (value === '' ? undefined : value),
    z.coerce
      .number({ error: `limit must be a whole number from 1 to ${SYNC_PULL_MAX_LIMIT}.` })
      .int(`limit must be a whole number from 1 to ${SYNC_PULL_MAX_LIMIT}.`)
      .min(1, `limit must be a whole number from 1 to ${SYNC_PULL_MAX_LIMIT}.`)
      .max(SYNC_PULL_MAX_LIMIT, `limit must be a whole number from 1 to ${SYNC_PULL_MAX_LIMIT}.`)
      .default(SYNC_PULL_MAX_LIMIT),
  ),
});

/**
 * One mutation of POST /api/sync/push. `status` is only checked to be text here: an unknown status
 * is answered per mutation as `invalid`, without refusing the rest of the batch.
 */
export const syncMutationSchema = z.strictObject({
  id: z.string({ error: 'Mutation id is required.' }).trim().min(1, 'Mutation id is required.').max(100, 'Mutation id must be at most 100 characters.'),
  orderId: z.string({ error: 'orderId is required.' }).trim().min(1, 'orderId is required.').max(100, 'orderId must be at most 100 characters.'),
  type: z.literal('setStatus', { error: 'type must be "setStatus".' }),
  status: z.string({ error: 'status is required.' }).max(40, 'status must be at most 40 characters.'),
  trackingNumber: trackingNumberSchema,
  baseVersion: z.number({ error: 'baseVersion must be a whole number.' }).int('baseVersion must be a whole number.').min(0, 'baseVersion must be a whole number.'),
  at: z.string({ error: 'at must be an ISO timestamp.' }).max(40, 'at must be an ISO timestamp.'),
});

export const syncPushSchema = z.strictObject({
  mutations: z
    .array(syncMutationSchema, { error: 'mutations must be a list.' })
    .max(SYNC_PUSH_MAX_MUTATIONS, `At most ${SYNC_PUSH_MAX_MUTATIONS} mutations per push.`),
});
export type SyncPushInput = z.output<typeof syncPushSchema>;
export type SyncMutationInput = z.output<typeof syncMutationSchema>;
