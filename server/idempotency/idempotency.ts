import { hash } from 'node:crypto';
import type { Context, Next } from 'koa';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { lockUntilCommit, type DbOrTrx, type TransactionRunner, type Trx } from '../db/transaction';
import { HttpError } from '../errors/http-error';

/**
 * Requests sent with an `Idempotency-Key` header (design.md §3), all through `idempotent()`:
 * the key is read and checked, concurrent requests with the key wait for each other (in this
 * process, then across processes with a lock held by the transaction), the answer already given
 * for the key is found (or a reused key refused), and otherwise the work runs and its answer is
 * stored in the same transaction as the write it describes, so a crash can never leave a write
 * without its answer or an answer without its write. Where the answer is kept is the caller's
 * choice (an `AnswerStore`): the `idempotency_keys` table by default, a row of the caller's own
 * otherwise (a refund's row, a sync mutation's record, the checkout's intent). Work whose write
 * path already reads and writes that row (the checkout, create-intent) does the look-up and the
 * storing itself (`run`), so the protocol adds no statement to it. The webhook is not keyed by a
 * client: its event id is inserted first, in the transaction that applies it (docs/decisions.md).
 */
export interface StoredResponse {
  status: number;
  body: unknown;
}

/** One keyed request: its scope (endpoint and subject), the client's key and the request's fingerprint. */
export interface KeyedRequest {
  scope: string;
  key: string;
  requestHash: string;
}

/**
 * What a store holds under a key: the answer already given, `reused` when the key answered another
 * request, or nothing. A value, not a throw, so the transaction the look-up runs in need not roll
 * back; `answerOf` turns `reused` into the 422.
 */
export type Found<A> = { answer: A } | 'reused' | undefined;

/** Where the answers of one kind of request are kept. */
export interface AnswerStore<A> {
  /** What the key holds (see `Found`). */
  find(db: DbOrTrx, request: KeyedRequest): Promise<Found<A>>;
  /** Records the answer, inside the transaction that made it (nothing to do where the write itself records it). */
  save(trx: Trx, request: KeyedRequest, answer: A, now: number): Promise<void>;
}

/** The stored answer, if any; a key that answered another request is 422 `IDEMPOTENCY_KEY_REUSED`. */
export function answerOf<A>(found: Found<A>): A | undefined {
  if (found === 'reused') throw keyReused();
  return found?.answer;
}

/** Which request a key names and how its requests are kept apart: shared by both kinds of work. */
interface KeyedWork {
  scope: string;
  /** The client's key (`readIdempotencyKey`); null runs the work once, unguarded (beyond `exclusive`). */
  key: string | null;
  /** What makes two requests the same request (hashed over canonical JSON): the body as parsed, or what it means. */
  request: unknown;
  /** Runs one at a time per this name in this process, key or none (default: scope and key). */
  exclusive?: string;
}

/** Work whose answer the wrapper looks up and stores, in a transaction it opens. */
export interface IdempotentWrite<A, P> extends KeyedWork {
  store: AnswerStore<A>;
  db: Kysely<Database>;
  /** The transaction the write runs in (`inTransaction(db)`). */
  transaction: TransactionRunner;
  now: () => number;
  /**
   * Work that cannot run inside a transaction (a payment gateway's call), done before it only when
   * no answer is stored yet; a concurrent request that stored one meanwhile still wins.
   */
  prepare?: () => Promise<P>;
  /** The write, inside the transaction; its answer is stored with it. */
  /** `keyed` carries the request's fingerprint, already computed, for a write that records it. */
  write: (trx: Trx, prepared: P, keyed: KeyedRequest | null) => Promise<A>;
}

/**
 * Work whose write path looks the key up and stores the answer in its own statements, so the
 * protocol costs no statement of its own: the checkout, whose answer is columns of the intent row
 * it writes anyway and whose look-up is the insert of its pending intent, and
 * create-intent, whose answer is the intent stored under the key. `run` reports what the key held
 * (a store's `find`) or the answer it made; it must refuse a second write under the key itself
 * (a unique key on its row).
 */
export interface IdempotentRun<A> extends KeyedWork {
  run: (keyed: KeyedRequest | null) => Promise<Found<A>>;
}

export type IdempotentWork<A, P> = IdempotentWrite<A, P> | IdempotentRun<A>;

/** The one idempotency wrapper: see the comment at the top of this file. */
export async function idempotent<A, P = undefined>(work: IdempotentWork<A, P>): Promise<A> {
  const keyed: KeyedRequest | null = work.key ? { scope: work.scope, key: work.key, requestHash: hashRequest(work.request) } : null;
  const name = keyed ? `${keyed.scope}:${keyed.key}` : null;
  const exclusive = work.exclusive ?? name;
  // A function without a name of its own: the TypeScript loader (esbuild's keepNames) would name a
  // `const` closure with Object.defineProperty on every request.
  return exclusive ? singleFlight(exclusive, () => runKeyed(work, keyed, name)) : runKeyed(work, keyed, name);
}

async function runKeyed<A, P>(work: IdempotentWork<A, P>, keyed: KeyedRequest | null, name: string | null): Promise<A> {
  if ('run' in work) {
    const found = await work.run(keyed);
    if (found === undefined) throw new Error(`${work.scope}: the work ended without an answer`);
    return answerOf(found)!;
  }
  let prepared = undefined as P;
  if (work.prepare) {
    const stored = keyed ? answerOf(await work.store.find(work.db, keyed)) : undefined;
    if (stored !== undefined) return stored;
    prepared = await work.prepare();
  }
  return work.transaction(async (trx) => {
    if (!keyed) return work.write(trx, prepared, null);
    await lockUntilCommit(trx, name!);
    return answerOnce(trx, keyed, work.store, work.now, (inner) => work.write(inner, prepared, keyed));
  });
}

/**
 * The step every idempotent write takes inside its transaction: the stored answer if there is
 * one, else the work's answer, stored. Used by `idempotent()` and, per mutation, by the sync push
 * (whose request carries many keys, one per mutation, each in its own savepoint).
 */
export async function answerOnce<A>(trx: Trx, request: KeyedRequest, store: AnswerStore<A>, now: () => number, write: (trx: Trx) => Promise<A>): Promise<A> {
  const stored = answerOf(await store.find(trx, request));
  if (stored !== undefined) return stored;
  const answer = await write(trx);
  await store.save(trx, request, answer, now());
  return answer;
}

export function readIdempotencyKey(ctx: Context): string | null {
  const key = ctx.get('Idempotency-Key');
  if (!key) return null;
  if (key.length > 255 || !/^[\x21-\x7e]+$/.test(key)) {
    throw new HttpError(400, 'INVALID_IDEMPOTENCY_KEY', 'Idempotency-Key must be 1 to 255 visible ASCII characters.');
  }
  return key;
}

/** For routes that refuse a malformed key before they read the body (middleware). */
export function idempotencyKeyFirst(ctx: Context, next: Next): Promise<void> {
  readIdempotencyKey(ctx);
  return next();
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

/**
 * JSON with object keys sorted at every depth, so the same body with its keys in another order is
 * the same request. Stored fingerprints depend on this exact output: keep it byte for byte.
 */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, inner: unknown) => {
    if (!inner || typeof inner !== 'object' || Array.isArray(inner)) return inner;
    const sorted: Record<string, unknown> = {};
    for (const key of Object.keys(inner).sort()) sorted[key] = (inner as Record<string, unknown>)[key];
    return sorted;
  });
}

const inFlight = new Map<string, Promise<unknown>>();

/**
 * Runs `fn` once per `id` at a time in this process: a second caller with the same id waits for
 * the first to finish and then runs its own `fn`, which will find the stored response. Behind a
 * load balancer a retry can reach another process: `lockUntilCommit` covers that.
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
