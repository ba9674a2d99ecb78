import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inTransaction } from '../db/transaction';
import { HttpError } from '../errors/http-error';
import { startTestApp, type TestApp } from '../test/test-app';
import { hashRequest, idempotent, type StoredResponse } from './idempotency';
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
