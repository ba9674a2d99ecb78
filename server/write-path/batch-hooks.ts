import type { Transaction } from 'kysely';
import type { Database } from '../db/schema';

/**
 * What a domain adds to every batch transaction of the write path, registered when the app is
 * composed (server/app.ts): `begin` when a batch transaction opens, `beforeCommit` as its last
 * statements. The sync domain uses it to hand out a SQLite batch's change sequence in blocks
 * (sync/change-seq-block.ts).
 */
export interface BatchHook {
  begin(trx: Transaction<Database>): void;
  beforeCommit(trx: Transaction<Database>): Promise<void>;
  /** The batch rolled back: forget what was staged. */
  end(trx: Transaction<Database>): void;
}
