import { changeSeqBlockHook } from '../sync/change-seq-block';
import { stagedOrdersHook } from './order-batch.repository';
import { indexNewOrdersForSearch } from './order-search-index';

/**
 * What the orders domain adds to the write path's transactions, registered by the composition
 * (server/write-path/order-writer.ts, server/app.ts), so the database layer never imports a domain:
 * on SQLite new orders enter the FTS5 search index at commit and a write batch takes its change
 * sequence in blocks; on PostgreSQL a batch's new orders are written, with their change sequence, by
 * one statement just before COMMIT.
 */
export const orderWriteHooks = {
  sqliteBeforeCommit: [indexNewOrdersForSearch],
  sqliteBatch: [changeSeqBlockHook],
  postgresBatch: [stagedOrdersHook],
} as const;
