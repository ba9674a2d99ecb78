import type { DbOrTrx } from '../db/transaction';
import { type AnswerStore, type StoredResponse } from './idempotency';

/**
 * Answers kept in the `idempotency_keys` table: a status and a JSON body per scope and key. `A` is
 * the endpoint's answer type: a stored body is what the same endpoint answered before.
 */
export function keyTableAnswers<A extends StoredResponse = StoredResponse>(): AnswerStore<A> {
  return keyTable as AnswerStore<A>;
}

const keyTable: AnswerStore<StoredResponse> = {
  async find(db, { scope, key, requestHash }) {
    const row = await db
      .selectFrom('idempotency_keys')
      .select(['request_hash', 'status_code', 'response_body'])
      .where('scope', '=', scope)
      .where('key', '=', key)
      .executeTakeFirst();
    if (!row) return undefined;
    if (row.request_hash !== requestHash) return 'reused';
    return { answer: { status: row.status_code, body: JSON.parse(row.response_body) } };
  },
  async save(trx, { scope, key, requestHash }, answer, now) {
    const row = { scope, key, request_hash: requestHash, status_code: answer.status, response_body: JSON.stringify(answer.body), created_at: now };
    // The key's only unique constraint is (scope, key): a concurrent writer of the same key wins.
    await trx.insertInto('idempotency_keys').values(row).onConflict((oc) => oc.doNothing()).execute();
  },
};

/** Deletes the answers stored before `cutoff` (epoch ms); resolves with how many went. */
export async function deleteAnswersBefore(db: DbOrTrx, cutoff: number): Promise<number> {
  const result = await db.deleteFrom('idempotency_keys').where('created_at', '<', cutoff).executeTakeFirst();
  return Number(result.numDeletedRows);
}
