/**
 * First-load JavaScript of `/`: the entry and its static imports, gzipped, from a fresh production
 * build; the lazy chunks beside it for reference. `npm run bench -- bundle`.
 */
import { execSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { FIRST_LOAD_BUDGET_BYTES, measureBundle } from './bundle-size';

const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-bundle-bench-'));
try {
  execSync(`npx vite build --logLevel error --outDir ${outDir} --emptyOutDir`, { stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } });
  const report = measureBundle(outDir);
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
  console.log('First load of / (entry + static imports):');
  for (const chunk of report.firstLoad) console.log(`  ${chunk.file.padEnd(44)} ${kb(chunk.bytes).padStart(10)}  gzip ${kb(chunk.gzipBytes).padStart(9)}`);
  console.log(`  TOTAL gzip ${kb(report.firstLoadGzipBytes)} (budget ${kb(FIRST_LOAD_BUDGET_BYTES)})`);
  console.log('Lazy chunks (routes, Dexie, admin, checkout):');
  for (const chunk of report.lazy.sort((a, b) => b.gzipBytes - a.gzipBytes)) console.log(`  ${chunk.file.padEnd(44)} ${kb(chunk.bytes).padStart(10)}  gzip ${kb(chunk.gzipBytes).padStart(9)}`);
  if (report.firstLoadGzipBytes > FIRST_LOAD_BUDGET_BYTES) {
    console.error('OVER BUDGET');
    process.exitCode = 1;
  }
} finally {
  fs.rmSync(outDir, { recursive: true, force: true });
}
