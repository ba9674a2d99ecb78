/**
 * Lighthouse as anyone runs it from a terminal: `npx lighthouse URL --only-categories=performance`
 * with the CLI's defaults (mobile, simulated throttling, a fresh Chrome per run launched by the CLI
 * itself). The only additions are what Debian Chromium needs to start at all on a headless machine
 * run as root: `--headless` and `--no-sandbox`.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { chromiumPath } from '../../e2e/support/chromium';

const run = promisify(execFile);

/** What Debian Chromium needs to start headless as root, and nothing else. */
export const LIGHTHOUSE_CLI_CHROME_FLAGS = ['--headless', '--no-sandbox'] as const;

export interface CliFigures {
  performance: number;
  tbtMs: number;
  lcpMs: number;
  cls: number;
  mainThreadMs: number;
  lcpElement: string;
}

export async function lighthouseCli(url: string): Promise<CliFigures> {
  const out = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'lh-cli-')), 'report.json');
  try {
    await run('npx', ['lighthouse', url, '--only-categories=performance', '--output=json', `--output-path=${out}`, '--quiet', `--chrome-flags=${LIGHTHOUSE_CLI_CHROME_FLAGS.join(' ')}`], {
      env: { ...process.env, CHROME_PATH: chromiumPath() },
      maxBuffer: 64 * 1024 * 1024,
    });
    const lhr = JSON.parse(fs.readFileSync(out, 'utf8')) as {
      categories: { performance: { score: number | null } };
      audits: Record<string, { numericValue?: number; details?: unknown }>;
      runtimeError?: { code: string };
    };
    if (lhr.runtimeError) throw new Error(`Lighthouse CLI on ${url}: ${lhr.runtimeError.code}`);
    const lcpNode = (lhr.audits['largest-contentful-paint-element']?.details as { items?: { items?: { node?: { snippet?: string } }[] }[] } | undefined)?.items?.[0]?.items?.[0]?.node?.snippet ?? '';
    return {
      performance: Math.round((lhr.categories.performance.score ?? 0) * 100),
      tbtMs: Math.round(lhr.audits['total-blocking-time']?.numericValue ?? 0),
      lcpMs: Math.round(lhr.audits['largest-contentful-paint']?.numericValue ?? 0),
      cls: lhr.audits['cumulative-layout-shift']?.numericValue ?? 0,
      mainThreadMs: Math.round(lhr.audits['mainthread-work-breakdown']?.numericValue ?? 0),
      lcpElement: lcpNode.slice(0, 80),
    };
  } finally {
    fs.rmSync(path.dirname(out), { recursive: true, force: true });
  }
}
