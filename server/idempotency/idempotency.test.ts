import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inTransaction } from '../db/transaction';
import { HttpError } from '../errors/http-error';
import { startTestApp, type TestApp } from '../test/test-app';
import { hashRequest, idempotent, type Found, type KeyedRequest, type StoredResponse } from './idempotency';
import { keyTableAnswers } from './idempotency.repository';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

/** One idempotent endpoint's call, counting how often its write and its gateway step run. */
function caller() {
  const runs = { prepare: 0, write: 0 };
  const call = (key: string | null, request: unknown, write: () => StoredResponse = () => ({ status: 200, body: { n: runs.write } })) => {
    const { db, now } = t.app.context;
    return idempotent({
      scope: 'test',
      key,
      request,
      store: keyTableAnswers(),
      db,
      transaction: inTransaction(db),
      now,
      prepare: async () => {
        runs.prepare++;
      },
      write: async () => {
        runs.write++;
        return write();
      },
    });
  };
  return { runs, call };
}

describe('idempotent()', () => {
  it('runs the work once for requests sent at the same time with one key, and answers each the same', async () => {
    const { runs, call } = caller();
    const key = randomUUID();
    const answers = await Promise.all([call(key, { a: 1 }), call(key, { a: 1 }), call(key, { a: 1 })]);
    expect(answers).toEqual([answers[0], answers[0], answers[0]]);
    expect(runs).toEqual({ prepare: 1, write: 1 });
  });

  it('refuses the key with another request (422) without running anything', async () => {
    const { runs, call } = caller();
    const key = randomUUID();
    await call(key, { amount: 1 });
    const refused = await call(key, { amount: 2 }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(HttpError);
    expect((refused as HttpError).code).toBe('IDEMPOTENCY_KEY_REUSED');
    expect(runs).toEqual({ prepare: 1, write: 1 });
  });

  it('takes the same body with its keys in another order as the same request', async () => {
    const { runs, call } = caller();
    const key = randomUUID();
    await call(key, { a: 1, b: { c: 2, d: 3 } });
    await call(key, { b: { d: 3, c: 2 }, a: 1 });
    expect(runs.write).toBe(1);
  });

  it('stores nothing when the work fails, so the key may be sent again', async () => {
    const { runs, call } = caller();
    const key = randomUUID();
    const failing = () => {
      throw new HttpError(409, 'VERSION_CONFLICT', 'Changed meanwhile.');
    };
    await expect(call(key, {}, failing)).rejects.toThrow('Changed meanwhile.');
    expect((await call(key, {})).status).toBe(200);
    expect(runs.write).toBe(2);
  });

  it('runs the work every time without a key', async () => {
    const { runs, call } = caller();
    await call(null, {});
    await call(null, {});
    expect(runs).toEqual({ prepare: 2, write: 2 });
  });

  it('answers what another process stored while this one was in its gateway step', async () => {
    const { db, now } = t.app.context;
    const key = randomUUID();
    const theirs = { status: 201, body: { by: 'the other process' } };
    let wrote = false;
    const answer = await idempotent({
      scope: 'test',
      key,
      request: { x: 1 },
      store: keyTableAnswers(),
      db,
      transaction: inTransaction(db),
      now,
      prepare: () => inTransaction(db)((trx) => keyTableAnswers().save(trx, { scope: 'test', key, requestHash: hashRequest({ x: 1 }) }, theirs, now())),
      write: async () => {
        wrote = true;
        return { status: 200, body: {} };
      },
    });
    expect(answer).toEqual(theirs);
    expect(wrote).toBe(false);
  });
});

/**
 * Work that looks its key up and stores its answer in its own statements (the checkout's intent
 * row, create-intent's intent): a toy ledger in memory, keyed as the wrapper hands it the request.
 */
function selfStoringCaller() {
  const ledger = new Map<string, { requestHash: string; answer: number }>();
  let runs = 0;
  const call = (key: string | null, request: unknown) =>
    idempotent({
      scope: 'ledger',
      key,
      request,
      run: async (keyed: KeyedRequest | null): Promise<Found<number>> => {
        const held = keyed ? ledger.get(keyed.key) : undefined;
        if (held) return held.requestHash === keyed!.requestHash ? { answer: held.answer } : 'reused';
        // A gap where a second request with the key would slip in, were they not run one at a time.
        await new Promise((resolve) => setTimeout(resolve, 5));
        runs++;
        if (keyed) ledger.set(keyed.key, { requestHash: keyed.requestHash, answer: runs });
        return { answer: runs };
      },
    });
  return { call, runs: () => runs };
}

describe('idempotent() with work that stores its own answer', () => {
  it('runs requests with one key one at a time, so the second finds the first one\'s answer', async () => {
    const { call, runs } = selfStoringCaller();
    const key = randomUUID();
    expect(await Promise.all([call(key, { a: 1 }), call(key, { a: 1 })])).toEqual([1, 1]);
    expect(runs()).toBe(1);
  });

  it('turns a key the work found used for another request into 422 IDEMPOTENCY_KEY_REUSED', async () => {
    const { call } = selfStoringCaller();
    const key = randomUUID();
    await call(key, { a: 1 });
    const refused = await call(key, { a: 2 }).catch((error: unknown) => error);
    expect((refused as HttpError).status).toBe(422);
    expect((refused as HttpError).code).toBe('IDEMPOTENCY_KEY_REUSED');
  });

  it('hands the work no key, and runs it every time, without one', async () => {
    const { call, runs } = selfStoringCaller();
    await Promise.all([call(null, { a: 1 }), call(null, { a: 1 })]);
    expect(runs()).toBe(2);
  });
});
