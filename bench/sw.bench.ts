/**
 * Repeat visit of `/` served by the service worker: first contentful paint on localhost with 4x CPU
 * throttling (budget <= 300 ms). Baseline in the same run: the same repeat visit with
 * service workers blocked (HTTP cache only: index.html revalidated, hashed assets immutable).
 * Builds the app with NODE_ENV=production into a temp dir first. `npm run bench -- sw`
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { BrowserContext } from 'playwright-core';
import { launchChromium } from '../e2e/support/chromium';
import { buildWebApp, startServerOnPort, waitForServiceWorkerControl } from '../e2e/pwa-support';

const RUNS = Number(process.env.BENCH_RUNS ?? 15);
const CPU_SLOWDOWN = 4;
const BUDGET_MS = 300;

interface Visit {
  fcp: number;
  /** When the last byte of the document arrived (from the worker or the network). */
  documentEnd: number;
  /** When the render-blocking stylesheet arrived. */
  cssEnd: number;
}

async function repeatVisit(context: BrowserContext, url: string): Promise<Visit> {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  await page.goto(url, { waitUntil: 'load' });
  const fcp = await page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        const existing = performance.getEntriesByName('first-contentful-paint')[0];
        if (existing) return resolve(existing.startTime);
        new PerformanceObserver((list) => resolve(list.getEntries()[0].startTime)).observe({ type: 'paint', buffered: true });
      }),
  );
  const timing = await page.evaluate(() => {
    const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
    const css = (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).find((r) => r.name.endsWith('.css'));
    return { fromWorker: nav.workerStart > 0, documentEnd: nav.responseEnd, cssEnd: css?.responseEnd ?? 0 };
  });
  if (context.serviceWorkers().length && !timing.fromWorker) throw new Error('the repeat visit was not served by the service worker');
  await page.close();
  return { fcp, documentEnd: timing.documentEnd, cssEnd: timing.cssEnd };
}

function stats(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
  return { median: at(0.5), p90: at(0.9), min: sorted[0], max: sorted[sorted.length - 1] };
}

const fmt = (s: ReturnType<typeof stats>) => `median ${s.median.toFixed(0)} ms, p90 ${s.p90.toFixed(0)} ms, min ${s.min.toFixed(0)} ms, max ${s.max.toFixed(0)} ms`;

async function main(): Promise<void> {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-sw-'));
  const dist = path.join(tmp, 'dist');
  console.log('building the web app (production) …');
  buildWebApp(dist, 'bench-sw');
  const server = await startServerOnPort(0, dist);
  const browser = await launchChromium();
  try {
    const url = `${server.url}/`;

    const withWorker = await browser.newContext();
    const first = await withWorker.newPage();
    await first.goto(url);
    await waitForServiceWorkerControl(first);
    await first.waitForFunction(async () => (await caches.keys()).some((k) => k.startsWith('workbox-precache')));
    await first.close();

    const noWorker = await browser.newContext({ serviceWorkers: 'block' });
    const warm = await noWorker.newPage();
    await warm.goto(url, { waitUntil: 'load' });
    await warm.close();

    const sw: Visit[] = [];
    const http: Visit[] = [];
    for (let i = 0; i < RUNS; i++) {
      sw.push(await repeatVisit(withWorker, url));
      http.push(await repeatVisit(noWorker, url));
    }
    const swStats = stats(sw.map((v) => v.fcp));
    console.log(`repeat visit of /, ${CPU_SLOWDOWN}x CPU throttling, ${RUNS} runs each, load average ${os.loadavg()[0].toFixed(1)} on ${os.cpus().length} CPUs`);
    console.log(`  FCP, service worker (precache):       ${fmt(swStats)}`);
    console.log(`  FCP, baseline HTTP cache (SW blocked): ${fmt(stats(http.map((v) => v.fcp)))}`);
    console.log(`  document received, service worker:    ${fmt(stats(sw.map((v) => v.documentEnd)))}`);
    console.log(`  document received, HTTP cache:        ${fmt(stats(http.map((v) => v.documentEnd)))}`);
    console.log(`  stylesheet received, service worker:  ${fmt(stats(sw.map((v) => v.cssEnd)))}`);
    console.log(`  budget ${BUDGET_MS} ms (median FCP): ${swStats.median <= BUDGET_MS ? 'within' : 'OVER'}`);
    await withWorker.close();
    await noWorker.close();
  } finally {
    await browser.close();
    await server.close();
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}

await main();
