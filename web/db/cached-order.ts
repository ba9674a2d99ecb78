import type { AdminOrderView } from '../../shared/api/types';

/** An admin order view in the local cache, with the local-first bookkeeping. */
export interface CachedOrder extends AdminOrderView {
  /** Epoch ms of createdAt, for sorting and date filters without parsing. */
  createdAtMs: number;
  /** Number of outbox mutations not yet acknowledged for this order. */
  pendingCount: number;
}
