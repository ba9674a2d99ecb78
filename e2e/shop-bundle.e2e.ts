import { execSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { FIRST_LOAD_BUDGET_BYTES, firstLoadContains, measureBundle, type BundleReport } from '../bench/bundle-size';

// A size budget, not a timing. Built here with NODE_ENV=production: under vitest NODE_ENV is
// 'test', and a build inheriting it ships React's development runtime.
let outDir: string;
let report: BundleReport;
beforeAll(() => {
  outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-bundle-'));
  execSync(`npx vite build --logLevel error --outDir ${outDir} --emptyOutDir`, { stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } });
  report = measureBundle(outDir);
}, 120_000);
afterAll(() => fs.rmSync(outDir, { recursive: true, force: true }));

it('keeps the first-load JavaScript of / within 110 KB gzipped', () => {
  const detail = report.firstLoad.map((c) => `${c.file} ${(c.gzipBytes / 1024).toFixed(1)} KB`).join(', ');
  expect(report.firstLoadGzipBytes, `first load: ${detail}`).toBeLessThanOrEqual(FIRST_LOAD_BUDGET_BYTES);
});

it('keeps admin, payment and database code out of the first load', () => {
  // Stripe.js loader URL, the admin's fulfillment action label, a Dexie error name.
  expect(firstLoadContains(report, ['js.stripe.com', 'Mark Shipped', 'DatabaseClosed'])).toEqual([]);
  expect(report.lazy.length).toBeGreaterThan(3);
});
