import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

/** spec budget: JavaScript for the first load of `/`, gzipped. */
export const FIRST_LOAD_BUDGET_BYTES = 110 * 1024;

export interface ChunkSize {
  file: string;
  bytes: number;
  gzipBytes: number;
}

export interface BundleReport {
  /** The entry script of index.html, the scripts it modulepreloads, and every chunk they import statically, transitively. */
  firstLoad: ChunkSize[];
  firstLoadGzipBytes: number;
  /** Every other JavaScript chunk (lazy routes, Dexie, admin, checkout). */
  lazy: ChunkSize[];
  source: string;
}

const STATIC_IMPORT = /(?:^|[;}\n])\s*(?:import|export)\s*(?:[^"'`;()]*?\sfrom\s*|[^"'`;()]*?from)?\s*["']([^"']+\.js)["']/g;

function size(distDir: string, file: string): ChunkSize {
  const body = fs.readFileSync(path.join(distDir, file));
  return { file, bytes: body.length, gzipBytes: zlib.gzipSync(body, { level: 9 }).length };
}

/** Reads a built dist/: follows index.html's module script and modulepreloads through their static imports only. */
export function measureBundle(distDir = path.resolve('dist')): BundleReport {
  const html = fs.readFileSync(path.join(distDir, 'index.html'), 'utf8');
  const entry = html.match(/<script[^>]+type="module"[^>]+src="\/([^"]+\.js)"/)?.[1];
  if (!entry) throw new Error(`No module entry script in ${distDir}/index.html: build the app first (npx vite build).`);
  // A modulepreloaded chunk is fetched on every first load, whether the entry imports it statically or not.
  const preloaded = [...html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="\/([^"]+\.js)"/g)].map((match) => match[1]!);
  const seen = new Set<string>();
  const queue = [entry, ...preloaded];
  while (queue.length) {
    const file = queue.shift()!;
    if (seen.has(file)) continue;
    seen.add(file);
    const code = fs.readFileSync(path.join(distDir, file), 'utf8');
    for (const match of code.matchAll(STATIC_IMPORT)) {
      queue.push(path.posix.normalize(path.posix.join(path.posix.dirname(file), match[1])));
    }
  }
  const firstLoad = [...seen].map((file) => size(distDir, file));
  const allJs = fs.readdirSync(path.join(distDir, 'assets')).filter((f) => f.endsWith('.js')).map((f) => `assets/${f}`);
  const lazy = allJs.filter((file) => !seen.has(file)).map((file) => size(distDir, file));
  return { firstLoad, firstLoadGzipBytes: firstLoad.reduce((sum, c) => sum + c.gzipBytes, 0), lazy, source: distDir };
}

/** True when any first-load chunk contains one of the markers (code that must stay lazy). */
export function firstLoadContains(report: BundleReport, markers: readonly string[]): string[] {
  const found: string[] = [];
  for (const chunk of report.firstLoad) {
    const code = fs.readFileSync(path.join(report.source, chunk.file), 'utf8');
    for (const marker of markers) if (code.includes(marker)) found.push(`${marker} in ${chunk.file}`);
  }
  return found;
}
