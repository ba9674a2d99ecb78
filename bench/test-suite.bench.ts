/**
 * The unit suite's figure: the whole `npm run test:unit` (docs/benchmarks.md). Prints its wall
 * time, the CPU its processes used, the load average and the ten slowest files, next to baselines
 * measured in the same run: vitest's own floor (one small file: start-up, the PostgreSQL global setup)
 * and, with `TEST_SUITE_BASE=<git revision>`, the whole suite of that revision, extracted to a
 * temporary folder that uses this checkout's node_modules.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');

interface SuiteRun {
  label: string;
  wallS: number;
  cpuS: number;
  load: string;
  passed: number;
  failed: number;
  slowest: { file: string; ms: number }[];
}

/** CPU seconds of this process's ended children (they are waited for by spawnSync). */
function childrenCpuS(): number {
  const fields = fs.readFileSync('/proc/self/stat', 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[13]) + Number(fields[14])) / 100;
}

const loadNow = () => os.loadavg()[0]!.toFixed(1);

function runSuite(label: string, cwd: string, files: string[] = []): SuiteRun {
  const report = path.join(os.tmpdir(), `test-suite-bench-${process.pid}-${label.replace(/\W+/g, '-')}.json`);
  const loadBefore = loadNow();
  const cpuBefore = childrenCpuS();
  const started = performance.now();
  spawnSync('npx', ['vitest', 'run', '--reporter=json', `--outputFile=${report}`, ...files], { cwd, stdio: 'ignore' });
  const wallS = (performance.now() - started) / 1000;
  const cpuS = childrenCpuS() - cpuBefore;
  const json = JSON.parse(fs.readFileSync(report, 'utf8')) as {
    numPassedTests: number;
    numFailedTests: number;
    testResults: { name: string; startTime: number; endTime: number }[];
  };
  fs.rmSync(report, { force: true });
  const slowest = json.testResults
    .map((file) => ({ file: path.relative(cwd, file.name), ms: file.endTime - file.startTime }))
    .sort((a, b) => b.ms - a.ms)
    .slice(0, 10);
  return { label, wallS, cpuS, load: `${loadBefore} → ${loadNow()}`, passed: json.numPassedTests, failed: json.numFailedTests, slowest };
}

function print(run: SuiteRun) {
  console.log(`${run.label}: ${run.wallS.toFixed(1)} s wall, ${run.cpuS.toFixed(1)} s CPU, load ${run.load}, ${run.passed} passed, ${run.failed} failed`);
}

const runs: SuiteRun[] = [runSuite('floor (shared/pricing.test.ts)', root, ['shared/pricing.test.ts'])];
const base = process.env.TEST_SUITE_BASE;
if (base) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'test-suite-base-'));
  try {
    execFileSync('sh', ['-c', `git -C "${root}" archive "${base}" | tar -x -C "${dir}"`]);
    fs.symlinkSync(path.join(root, 'node_modules'), path.join(dir, 'node_modules'));
    runs.push(runSuite(`whole suite at ${base}`, dir));
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
const current = runSuite('whole suite, this checkout', root);
runs.push(current);
for (const run of runs) print(run);
console.log('slowest files of this checkout (ms; files overlap in time with several workers):');
for (const { file, ms } of current.slowest) console.log(`  ${Math.round(ms)}  ${file}`);
