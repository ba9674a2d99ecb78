import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkoutBody } from '../payments/payment.test-support';
import { startTestApp, type TestApp } from '../test/test-app';

/**
 * A real full disk: checkouts answer a clear error, never 500, and /api/health says so.
 * the database lives on an 8 MB tmpfs that a filler file then fills. Needs root to mount, so it
 * runs in `npm run test:soak`, not in the normal suite; without root it fails saying so.
 */
let mount: string;
let t: TestApp;

beforeAll(async () => {
  mount = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-disk-full-'));
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=8m', 'tmpfs', mount]);
  } catch (error) {
    throw new Error(`The disk-full soak test mounts a small tmpfs and needs root: ${String(error)}`, { cause: error });
  }
  t = await startTestApp({ DATABASE_URL: `sqlite:${path.join(mount, 'shop.db')}` });
}, 60_000);
afterAll(async () => {
  await t?.close();
  try {
    execFileSync('umount', [mount]);
  } finally {
    fs.rmSync(mount, { recursive: true, force: true });
  }
});

function fillDisk(file: string): void {
  const fd = fs.openSync(file, 'w');
  const chunk = Buffer.alloc(64 * 1024, 1);
  try {
    for (;;) fs.writeSync(fd, chunk);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOSPC') throw error;
  } finally {
    fs.closeSync(fd);
  }
}

describe('a full disk', () => {
  it('answers checkouts 503 with Retry-After, never 500, health 503, and recovers when space is freed', async () => {
    expect((await t.request('POST', '/api/checkout', { body: checkoutBody('pm_card_visa') })).status).toBe(201);
    const filler = path.join(mount, 'filler');
    fillDisk(filler);
    const statuses: number[] = [];
    for (let i = 0; i < 200 && !statuses.includes(503); i++) {
      const answer = await t.request('POST', '/api/checkout', { body: checkoutBody('pm_card_visa', [1, 1, 1]) });
      statuses.push(answer.status);
      if (answer.status === 503) {
        expect(answer.body).toMatchObject({ success: false, code: 'STORAGE_UNAVAILABLE' });
        expect(answer.headers.get('retry-after')).toBeTruthy();
      }
    }
    expect(statuses.every((status) => status === 201 || status === 503)).toBe(true);
    expect(statuses).toContain(503);
    const health = await t.request('GET', '/api/health');
    expect(health.status).toBe(503);
    expect(health.body.db).toBe('unwritable');

    fs.rmSync(filler);
    expect((await t.request('GET', '/api/health')).status).toBe(200);
    expect((await t.request('POST', '/api/checkout', { body: checkoutBody('pm_card_visa') })).status).toBe(201);
  }, 120_000);
});
