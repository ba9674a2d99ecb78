import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { Plugin } from 'vite';
import { COMPRESSIBLE, COMPRESS_MIN_BYTES } from '../../server/http/static.ts';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

function filesUnder(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? filesUnder(full) : [full];
  });
}

/**
 * Build only. Writes `name.br` (best quality) and `name.gz` beside every compressible file of the
 * build, so the server sends them as they are: a freshly started server would otherwise spend
 * seconds of both cores compressing the app for its first visitor (a tablet's first pull of
 * the order cache then waits behind it).
 */
export function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      async handler() {
        const files = filesUnder(outDir).filter((file) => COMPRESSIBLE.has(path.extname(file)));
        await Promise.all(
          files.map(async (file) => {
            const body = fs.readFileSync(file);
            if (body.length <= COMPRESS_MIN_BYTES) return;
            const [br, gz] = await Promise.all([
              brotli(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length } }),
              gzip(body, { level: 9 }),
            ]);
            fs.writeFileSync(`${file}.br`, br);
            fs.writeFileSync(`${file}.gz`, gz);
          }),
        );
      },
    },
  };
}
