import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

/**
 * `npm run bench` runs every bench/*.bench.ts in turn; `npm run bench -- NAME` runs one
 * (bench/NAME.bench.ts). Each script prints its own figures next to a baseline measured in the same run.
 */
const dir = path.dirname(new URL(import.meta.url).pathname);
const available = fs.readdirSync(dir).filter((f) => f.endsWith('.bench.ts')).map((f) => f.replace('.bench.ts', '')).sort();
const wanted = process.argv.slice(2);
const unknown = wanted.filter((name) => !available.includes(name));
if (unknown.length) {
  console.error(`Unknown benchmark(s): ${unknown.join(', ')}. Available: ${available.join(', ')}`);
  process.exit(2);
}
let failed = 0;
for (const name of wanted.length ? wanted : available) {
  console.log(`\n=== bench: ${name} ===`);
  const result = spawnSync('npx', ['tsx', path.join(dir, `${name}.bench.ts`)], { stdio: 'inherit' });
  if (result.status !== 0) failed++;
}
process.exit(failed ? 1 : 0);
