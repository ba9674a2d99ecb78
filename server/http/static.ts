import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import type { Context, Next } from 'koa';
import { isApiPath } from './protocol';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.txt': 'text/plain; charset=utf-8',
};
/** Text files worth compressing (the build precompresses the same ones, tools/vite/precompress.ts). */
export const COMPRESSIBLE = new Set(['.html', '.js', '.mjs', '.css', '.json', '.webmanifest', '.svg', '.txt']);
/** Below a packet's worth, compression saves nothing. */
export const COMPRESS_MIN_BYTES = 512;

interface CachedFile {
  body: Buffer;
  gzip: Buffer | null;
  brotli: Buffer | null;
  type: string;
  etag: string;
  immutable: boolean;
}

/**
 * Serves the built web app from `distDir`. Files are read and compressed once and kept in memory
 * (the build is small and never changes while the process runs). Hashed assets are immutable;
 * index.html and the service worker are revalidated every time. Unknown non-file paths get the
 * app shell so client-side routes work on reload. `/api` is never answered here.
 */
export function serveWebApp(distDir: string) {
  const cache = new Map<string, CachedFile>();

  function load(relative: string): CachedFile | null {
    const cached = cache.get(relative);
    if (cached) return cached;
    const full = path.join(distDir, relative);
    let file: CachedFile | null = null;
    if (full.startsWith(distDir + path.sep) && fs.existsSync(full) && fs.statSync(full).isFile()) {
      const body = fs.readFileSync(full);
      const ext = path.extname(full);
      const compress = COMPRESSIBLE.has(ext) && body.length > COMPRESS_MIN_BYTES;
      // The build writes both encodings beside each file (tools/vite/precompress.ts); a file
      // without them is compressed here.
      const built = (suffix: string) => (compress && fs.existsSync(full + suffix) ? fs.readFileSync(full + suffix) : null);
      const builtBrotli = built('.br');
      const loaded: CachedFile = {
        body,
        // gzip at a middle level is quick enough to do in line; brotli's best level is not
        // (seconds for the main chunk), so it is made on the thread pool and used once ready.
        gzip: compress ? (built('.gz') ?? zlib.gzipSync(body, { level: 6 })) : null,
        brotli: builtBrotli,
        type: TYPES[ext] ?? 'application/octet-stream',
        etag: `"${body.length.toString(16)}-${hash(body)}"`,
        immutable: relative.startsWith('assets/'),
      };
      if (compress && !builtBrotli) {
        zlib.brotliCompress(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }, (error, result) => {
          if (!error) loaded.brotli = result;
        });
      }
      file = loaded;
    }
    // Only files are kept: every client route and probe would otherwise grow the map.
    if (file) cache.set(relative, file);
    return file;
  }

  return async function webApp(ctx: Context, next: Next) {
    if ((ctx.method !== 'GET' && ctx.method !== 'HEAD') || isApiPath(ctx.path)) {
      return next();
    }
    let relative: string;
    try {
      relative = decodeURIComponent(ctx.path).replace(/^\/+/, '');
    } catch {
      ctx.status = 400;
      ctx.body = 'Bad request';
      return;
    }
    let file = relative ? load(relative) : null;
    if (!file) {
      // A missing asset is a real 404; anything else is a client-side route and gets the shell.
      if (path.extname(relative) && !relative.endsWith('.html')) return next();
      relative = 'index.html';
      file = load(relative);
    }
    if (!file) {
      ctx.status = 503;
      ctx.type = 'text/plain';
      ctx.body = 'The web app is not built yet. Run `npm run build` (npm start does it for you).';
      return;
    }
    ctx.set('ETag', file.etag);
    ctx.set('Vary', 'Accept-Encoding');
    ctx.set('X-Content-Type-Options', 'nosniff');
    ctx.set('Cache-Control', file.immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
    if (ctx.get('If-None-Match') === file.etag) {
      ctx.status = 304;
      return;
    }
    ctx.type = file.type;
    const accepts = ctx.get('Accept-Encoding');
    if (file.brotli && /\bbr\b/.test(accepts)) {
      ctx.set('Content-Encoding', 'br');
      ctx.body = file.brotli;
    } else if (file.gzip && /\bgzip\b/.test(accepts)) {
      ctx.set('Content-Encoding', 'gzip');
      ctx.body = file.gzip;
    } else {
      ctx.body = file.body;
    }
  };
}

function hash(body: Buffer): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < body.length; i++) h = Math.imul(h ^ body[i], 0x01000193);
  return (h >>> 0).toString(16);
}
