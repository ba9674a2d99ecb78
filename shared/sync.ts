/** Wire types of the admin sync protocol (design.md §4); requests come from shared/schemas/sync.ts. */
import type { z } from 'zod';
import type { AdminOrderView } from './api/types';
import type { OrderStatus } from './order-status';
import type { syncMutationSchema } from './schemas/sync';

export { SYNC_PULL_MAX_LIMIT, SYNC_PUSH_MAX_MUTATIONS } from './sync-limits';

/**
 * One queued status change as the browser sends it: the push schema's input, with the status
 * narrowed to the ones the browser offers (the server answers an unknown one as `invalid`).
 */
export type SetStatusMutation = Omit<z.input<typeof syncMutationSchema>, 'status'> & { status: OrderStatus };

export type SyncMutation = SetStatusMutation;

export type SyncResultKind = 'applied' | 'duplicate' | 'conflict' | 'invalid';

export interface SyncMutationResult {
  id: string;
  result: SyncResultKind;
  /**
   * applied and duplicate: the order version this mutation left behind (the one it made, or the one
   * that already had its status). A client rebases its later changes of the order onto this version
   * only, never onto `order.version`, which may be another device's newer change.
   */
  appliedVersion?: number;
  order?: AdminOrderView;
  error?: string;
}

export interface SyncPullResponse {
  orders: AdminOrderView[];
  cursor: string;
  hasMore: boolean;
}

export interface SyncPushResponse {
  results: SyncMutationResult[];
}

/** One event of GET /api/sync/events (`event: order`): an order changed and now has this version. */
export interface OrderChangeEvent {
  id: string;
  version: number;
}
