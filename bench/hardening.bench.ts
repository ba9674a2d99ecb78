/**
 * The hardening figures, each next to a baseline measured in the same run (docs/benchmarks.md):
 * - a login alone, and a login sent while 24 registrations from 24 addresses wait for the two
 *   hashing slots (the finding: 17.3 s behind them);
 * - a read while another connection holds SQLite's write lock (the finding: ~4.7 s), and the same
 *   read without the lock;
 * - GET /api/health, which now writes a probe row, against GET /api/version.
 */
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { createApp } from '../server/app';
import { loadConfig } from '../server/config/config';
import { tempDir } from './support/bench-app';
import { summarise } from './support/stats';

const temp = tempDir('shop-bench-hardening-');
const dbPath = path.join(temp.dir, 'shop.db');
const app = await createApp(
  loadConfig({ LOG_LEVEL: 'silent', DATABASE_URL: `sqlite:${dbPath}`, WEB_DIST_DIR: path.join(temp.dir, 'dist'), TRUST_PROXY: '1', ADMIN_EMAIL: 'owner@example.com', ADMIN_PASSWORD: 'correct-horse-battery' }),
);
const url = await app.listen(0, '127.0.0.1');

async function timed(work: () => Promise<Response>): Promise<{ ms: number; status: number }> {
  const started = performance.now();
  const response = await work();
  await response.arrayBuffer();
  return { ms: performance.now() - started, status: response.status };
}
const post = (pathname: string, body: unknown, address: string) =>
  fetch(url + pathname, { method: 'POST', headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': address }, body: JSON.stringify(body) });
const login = () => post('/api/auth/login', { email: 'owner@example.com', password: 'correct-horse-battery' }, '10.0.0.1');

const alone = await timed(login);
const flood = Array.from({ length: 24 }, (_, i) =>
  post('/api/auth/register', { email: `flood${i}@example.com`, password: 'villa-summer-2026', firstName: 'Flo', lastName: 'Od' }, `203.0.113.${i + 1}`),
);
await new Promise((resolve) => setTimeout(resolve, 50));
const underFlood = await timed(login);
const floodStarted = performance.now();
await Promise.all(flood);
console.log(`login alone (scrypt 2^17): ${alone.ms.toFixed(0)} ms (status ${alone.status})`);
console.log(`login behind 24 registrations: ${underFlood.ms.toFixed(0)} ms (status ${underFlood.status}); the flood finished ${(performance.now() - floodStarted).toFixed(0)} ms after it`);

const read = () => timed(() => fetch(`${url}/api/products/colors`));
const unlocked = [];
for (let i = 0; i < 30; i++) unlocked.push((await read()).ms);
const other = new SQLite(dbPath);
other.exec('begin immediate');
const write = timed(() => post('/api/errors', { message: 'during the lock' }, '10.0.0.9'));
const locked = [];
for (let i = 0; i < 30; i++) locked.push((await read()).ms);
const writeAnswer = await write;
other.exec('rollback');
other.close();
const fmt = (samples: number[]) => {
  const s = summarise(samples);
  return `p50 ${s.p50.toFixed(2)} ms, p95 ${s.p95.toFixed(2)} ms, max ${s.max.toFixed(2)} ms`;
};
console.log(`read, no lock held (baseline): ${fmt(unlocked)}`);
console.log(`read while another connection holds the write lock: ${fmt(locked)}; the waiting write answered ${writeAnswer.status} after ${writeAnswer.ms.toFixed(0)} ms`);

const health = [];
const version = [];
for (let i = 0; i < 200; i++) {
  version.push((await timed(() => fetch(`${url}/api/version`))).ms);
  health.push((await timed(() => fetch(`${url}/api/health`))).ms);
}
console.log(`GET /api/version (baseline): ${fmt(version)}`);
console.log(`GET /api/health (select 1 + a durable probe write): ${fmt(health)}`);

await app.close();
temp.remove();
