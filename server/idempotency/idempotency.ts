import { hash } from 'node:crypto';
import type { Context } from 'koa';
import { sql } from 'kysely';
import { isPostgres } from '../db/dialect';
import { HttpError } from '../errors/http-error';
import { sortedKeysJson } from './canonical-json';
import { insertRow, precompile } from '../db/precompiled';
import type { DbOrTrx } from '../orders/order.repository';

/**
 * Building blocks for requests sent with an `Idempotency-Key` header (design.md §3):
 * - `readIdempotencyKey` validates the header;
 * - `singleFlight` makes concurrent requests with the same key in this process wait for the first;
 * - `findStoredResponse` returns the answer already given for the key (or refuses a reused key
 *   with a different request);
 * - `storeResponse` records the answer, inside the same transaction as the write it describes,
 *   so a crash can never leave a write without its key or a key without its write;
 * - `lockKey` makes concurrent transactions for one key in other processes wait for each other.
 */
export interface StoredResponse {
  status: number;
  body: unknown;
}

export function readIdempotencyKey(ctx: Context): string | null {
  const key = ctx.get('Idempotency-Key');
  if (!key) return null;
  if (key.length > 255 || !/^[\x21-\x7e]+$/.test(key)) {
    throw new HttpError(400, 'INVALID_IDEMPOTENCY_KEY', 'Idempotency-Key must be 1 to 255 visible ASCII characters.');
  }
  return key;
}

/** 422 for a key already used with a different request. */
export function keyReused(): HttpError {
  return new HttpError(422, 'IDEMPOTENCY_KEY_REUSED', 'This Idempotency-Key was already used for a different request.');
}

/** The request's fingerprint over canonical JSON: the same body with its keys in another order is the same request. */
export function hashRequest(request: unknown): string {
  // crypto.hash: the one-shot SHA-256 (Node 20.12+), the same digest without a Hash object per request.
  return hash('sha256', canonicalJson(request ?? null), 'hex');
}

/** JSON with object keys sorted at every depth (RFC 8785's ordering for the plain values a JSON body holds). */
export function canonicalJson(value: unknown): string {
  return sortedKeysJson(value);
}

const storedResponse = precompile(2, (db, scope: string, key: string) =>
  db.selectFrom('idempotency_keys').select(['request_hash', 'status_code', 'response_body']).where('scope', '=', scope).where('key', '=', key),
);

export async function findStoredResponse(
  db: DbOrTrx,
  scope: string,
  key: string,
  requestHash: string,
): Promise<StoredResponse | undefined> {
  const row = await storedResponse.first(db, scope, key);
  if (!row) return undefined;
  if (row.request_hash !== requestHash) throw keyReused();
  return { status: row.status_code, body: JSON.parse(row.response_body) };
}

export async function storeResponse(
  trx: DbOrTrx,
  entry: { scope: string; key: string; requestHash: string; status: number; body: unknown; now: number },
): Promise<void> {
  const row = {
    scope: entry.scope,
    key: entry.key,
    request_hash: entry.requestHash,
    status_code: entry.status,
    response_body: JSON.stringify(entry.body),
    created_at: entry.now,
  };
  // The key's only unique constraint is (scope, key): a concurrent writer of the same key wins.
  await insertRow(trx, 'idempotency_keys', row, { ignoreConflict: true });
}

/**
 * Holds a lock on `key` until the transaction ends. `singleFlight` only orders requests within one
 * process; behind a load balancer a retry can reach another process while the first try is still
 * under way, and without this both would find no stored answer and both apply the change. SQLite
 * needs nothing: its write transactions already run one at a time (they begin IMMEDIATE).
 */
export async function lockKey(trx: DbOrTrx, key: string): Promise<void> {
  if (isPostgres(trx)) await sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`.execute(trx);
}

const inFlight = new Map<string, Promise<unknown>>();

/**
 * Runs `fn` once per `id` at a time in this process: a second caller with the same id waits for
 * the first to finish and then runs its own `fn`, which will find the stored response.
 */
export async function singleFlight<T>(id: string, fn: () => Promise<T>): Promise<T> {
  while (inFlight.has(id)) {
    await inFlight.get(id)!.catch(() => undefined);
  }
  const running = fn();
  inFlight.set(id, running);
  try {
    return await running;
  } finally {
    inFlight.delete(id);
  }
}
