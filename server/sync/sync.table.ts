/**
 * The sync protocol's tables (design.md §4). The order domain bumps the change counter in every
 * transaction that changes an order; the sync pull reads orders after a cursor of it.
 */

/** A global, gap-free counter bumped in the same transaction as every order change. */
export interface ChangeCounterTable {
  name: string;
  value: number;
}

/**
 * Client mutation ids already applied by POST /api/sync/push, so a replay is answered `duplicate`.
 * Pruned after the replay window (sync-retention.ts).
 */
export interface AppliedMutationTable {
  id: string;
  order_id: string;
  user_id: number | null;
  result: string;
  applied_at: number;
  /** The order version the mutation left behind (null for rows older than the column). */
  applied_version: number | null;
}

declare module '../db/schema' {
  interface Database {
    change_counters: ChangeCounterTable;
    applied_mutations: AppliedMutationTable;
  }
}
