/**
 * Lighthouse 12 (mobile preset, simulated throttling) on `/` of the production build served by
 * the real server, next to a plain static page measured in the same run as the baseline.
 * Debian Chromium with the flags of e2e/support/chromium.ts. `npm run bench -- lighthouse`.
 * Targets: Performance >= 95, Accessibility 100, Best Practices 100, SEO >= 95, CLS <= 0.02.
 */
import { execSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM_ARGS, chromiumPath } from '../e2e/support/chromium';
import { startE2eServer } from '../e2e/support/server';

const RUNS = Number(process.env.LH_RUNS ?? 3);

const STATIC_PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="description" content="A plain static page: the Lighthouse baseline of this machine."><title>Baseline</title></head>
<body><main><h1>Plain static page</h1><p>No scripts, no styles: what this machine scores for an empty page.</p></main></body></html>`;

function startStaticServer(): Promise<{ url: string; close(): void }> {
  const server = http.createServer((req, res) => {
    if (req.url === '/robots.txt') {
      res.writeHead(200, { 'content-type': 'text/plain' }).end('User-agent: *\nAllow: /\n');
      return;
    }
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(STATIC_PAGE);
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => {
    const address = server.address() as { port: number };
    resolve({ url: `http://127.0.0.1:${address.port}/`, close: () => server.close() });
  }));
}

interface Scores {
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  cls: number;
  lcpMs: number;
  fcpMs: number;
  tbtMs: number;
  failing: string[];
  lcpElement: string;
  bootup: string;
  longTasks: string;
}

async function audit(url: string, port: number): Promise<Scores> {
  const result = await lighthouse(url, { port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'] });
  if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
  const { categories, audits } = result.lhr;
  const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100);
  const failing = Object.values(audits)
    .filter((a) => a.score !== null && a.score < 1 && a.scoreDisplayMode === 'binary')
    .map((a) => a.id);
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    seo: score('seo'),
    cls: audits['cumulative-layout-shift'].numericValue ?? 0,
    lcpMs: audits['largest-contentful-paint'].numericValue ?? 0,
    fcpMs: audits['first-contentful-paint'].numericValue ?? 0,
    tbtMs: audits['total-blocking-time'].numericValue ?? 0,
    failing,
    lcpElement: JSON.stringify((audits['largest-contentful-paint-element']?.details as { items?: { items?: { node?: { snippet?: string } }[] }[] })?.items?.[0]?.items?.[0]?.node?.snippet ?? ''),
    bootup: ((audits['bootup-time']?.details as { items?: { url: string; total: number }[] })?.items ?? [])
      .slice(0, 3)
      .map((item) => `${item.url.split('/').pop()} ${Math.round(item.total)} ms`)
      .join(', '),
    longTasks: ((audits['long-tasks']?.details as { items?: { url: string; duration: number; startTime: number }[] })?.items ?? [])
      .slice(0, 6)
      .map((item) => `${item.url.split('/').pop() || '(page)'} ${Math.round(item.duration)} ms @${Math.round(item.startTime)}`)
      .join(', '),
  };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

function summarise(label: string, runs: Scores[]) {
  const pick = (key: 'performance' | 'accessibility' | 'bestPractices' | 'seo' | 'cls' | 'lcpMs' | 'fcpMs' | 'tbtMs') => median(runs.map((r) => r[key]));
  console.log(
    `${label.padEnd(16)} perf ${pick('performance')}  a11y ${pick('accessibility')}  best ${pick('bestPractices')}  seo ${pick('seo')}  ` +
      `CLS ${pick('cls').toFixed(3)}  FCP ${Math.round(pick('fcpMs'))} ms  LCP ${Math.round(pick('lcpMs'))} ms  TBT ${Math.round(pick('tbtMs'))} ms` +
      `  (median of ${runs.length}; perf per run: ${runs.map((r) => r.performance).join(', ')})`,
  );
  console.log(`${''.padEnd(16)} LCP element ${runs[0].lcpElement}; main-thread time by script: ${runs[0].bootup}`);
  if (runs[0].longTasks) console.log(`${''.padEnd(16)} long tasks (simulated): ${runs[0].longTasks}`);
  const failing = [...new Set(runs.flatMap((r) => r.failing))];
  if (failing.length) console.log(`${''.padEnd(16)} failing binary audits: ${failing.join(', ')}`);
  return { performance: pick('performance'), accessibility: pick('accessibility'), bestPractices: pick('bestPractices'), seo: pick('seo'), cls: pick('cls') };
}

const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-lh-'));
execSync(`npx vite build --logLevel error --outDir ${outDir} --emptyOutDir`, { stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } });
const shop = await startE2eServer({ WEB_DIST_DIR: outDir });
const plain = await startStaticServer();
// The server compresses each file on its first request; warm it so the runs measure the app, not that.
for (const file of ['', ...fs.readdirSync(path.join(outDir, 'assets')).map((f) => `assets/${f}`)]) {
  await fetch(`${shop.url}/${file}`, { headers: { 'accept-encoding': 'br, gzip' } }).then((r) => r.arrayBuffer());
}
const chrome = await chromeLauncher.launch({ chromePath: chromiumPath(), chromeFlags: [...CHROMIUM_ARGS, '--headless=new'] });
try {
  const baseline: Scores[] = [];
  const app: Scores[] = [];
  for (let i = 0; i < RUNS; i++) {
    baseline.push(await audit(plain.url, chrome.port));
    app.push(await audit(`${shop.url}/`, chrome.port));
  }
  console.log(`Lighthouse 12, mobile preset, ${RUNS} alternating runs each`);
  summarise('static baseline', baseline);
  const result = summarise('shop /', app);
  const misses = [
    result.performance < 95 && 'Performance < 95',
    result.accessibility < 100 && 'Accessibility < 100',
    result.bestPractices < 100 && 'Best Practices < 100',
    result.seo < 95 && 'SEO < 95',
    result.cls > 0.02 && 'CLS > 0.02',
  ].filter(Boolean);
  console.log(misses.length ? `MISSED: ${misses.join(', ')}` : 'All Lighthouse targets met.');
} finally {
  await chrome.kill();
  plain.close();
  await shop.close();
  fs.rmSync(outDir, { recursive: true, force: true });
}
