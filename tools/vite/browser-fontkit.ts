import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';
import type { Plugin } from 'vite';

const FONTKIT_SOURCE = fileURLToPath(new URL('../../node_modules/fontkit/src/', import.meta.url));

/**
 * fontkit's modules that never run for the design fonts (shared/render/font-files.ts: TrueType
 * outlines in .woff files, no variations, no AAT `morx`, no colour or bitmap glyphs) and a text
 * the shop accepts (latin and latin-ext: fontkit picks its default shaper for it). Each is
 * constructed only when a font or text needs it, so leaving it out changes nothing the renderer
 * draws; if one were reached, it throws. fontkit would read a table it cannot decode as missing:
 * shared/render/browser-fontkit.test.ts checks that every table of every design file is decoded.
 */
const LEFT_OUT = [
  'glyph/CFFGlyph',
  'glyph/SBIXGlyph',
  'glyph/COLRGlyph',
  'glyph/GlyphVariationProcessor',
  'cff/CFFFont',
  'subset/TTFSubset',
  'subset/CFFSubset',
  'aat/AATLayoutEngine',
  'opentype/shapers/ArabicShaper',
  'opentype/shapers/HangulShaper',
  'opentype/shapers/IndicShaper',
  'opentype/shapers/UniversalShaper',
  // Tables none of the design files has: fontkit decodes a table only when the file holds it.
  ...['VORG', 'EBLC', 'sbix', 'COLR', 'CPAL', 'BASE', 'JSTF', 'HVAR', 'DSIG', 'hdmx', 'kern', 'LTSH', 'PCLT', 'VDMX', 'vhea', 'vmtx', 'avar', 'bsln', 'feat', 'fvar', 'gvar', 'just', 'morx', 'opbd'].map((table) => `tables/${table}`),
];

/** fontkit's own entry (src/index.js) with the two formats of the design fonts only. */
const ENTRY = `
import { registerFormat, create } from './base';
import TTFFont from './TTFFont';
import WOFFFont from './WOFFFont';
registerFormat(TTFFont);
registerFormat(WOFFFont);
export { create };
export default { create };
`;

const leftOutPath = new RegExp(`/fontkit/src/(${LEFT_OUT.join('|')})\\.js$`);

/** The shaper data files fontkit's own build inlines (`require('fs').readFileSync(__dirname + …)`). */
const inlineDataFiles = (code: string, dir: string) =>
  code.replace(/require\('fs'\)\.readFileSync\(__dirname \+ '\/([\w.]+)', 'base64'\)/g, (_, file: string) => JSON.stringify(fs.readFileSync(path.join(dir, file)).toString('base64')));

let bundled: Promise<string> | null = null;

/**
 * fontkit for the browser's renderer, built from the package's own sources (the same release the
 * server runs) without the modules above: an ES module exporting `create`, as `import('fontkit')`
 * gives it. Built once per process.
 */
export function browserFontkitSource(): Promise<string> {
  bundled ??= esbuild
    .build({
      stdin: { contents: ENTRY, resolveDir: FONTKIT_SOURCE, sourcefile: 'browser-fontkit-entry.js' },
      bundle: true,
      write: false,
      format: 'esm',
      platform: 'browser',
      target: 'es2022',
      logLevel: 'silent',
      // fontkit's sources use legacy decorators (`@cache`) and defined class fields, as its published build does.
      tsconfigRaw: { compilerOptions: { experimentalDecorators: true, useDefineForClassFields: true } },
      plugins: [
        {
          name: 'fontkit-left-out',
          setup(build) {
            build.onResolve({ filter: /^\./ }, async (args) => {
              if (args.pluginData === 'resolving') return undefined;
              const resolved = await build.resolve(args.path, { resolveDir: args.resolveDir, kind: args.kind, importer: args.importer, pluginData: 'resolving' });
              const name = resolved.path.replace(/\\/g, '/').match(leftOutPath)?.[1];
              return name ? { path: name, namespace: 'left-out' } : resolved;
            });
            build.onLoad({ filter: /.*/, namespace: 'left-out' }, (args) => ({
              contents: `const unavailable = () => { throw new Error('fontkit ${args.path} is not part of the browser renderer (tools/vite/browser-fontkit.ts).'); };
export default class LeftOut { constructor() { unavailable(); } static decode() { unavailable(); } }`,
              loader: 'js',
            }));
            build.onLoad({ filter: /[\\/]fontkit[\\/]src[\\/].*\.js$/ }, (args) => ({ contents: inlineDataFiles(fs.readFileSync(args.path, 'utf8'), path.dirname(args.path)), loader: 'ts' }));
          },
        },
      ],
    })
    .then((result) => result.outputFiles[0]!.text);
  return bundled;
}

const VIRTUAL_ID = '\0browser-fontkit';

/**
 * Build only, for the render worker: `fontkit` resolves to browserFontkitSource(), about half of
 * the published browser build (shapers of other scripts, CFF, AAT, variations and subsetting left
 * out), the largest part of the worker a phone fetches before it can draw the shopper's text.
 * shared/render/browser-fontkit.test.ts checks it lays out every design exactly as the server does.
 */
export function browserFontkit(): Plugin {
  return {
    name: 'browser-fontkit',
    apply: 'build',
    enforce: 'pre',
    resolveId(id) {
      return id === 'fontkit' ? VIRTUAL_ID : null;
    },
    load(id) {
      return id === VIRTUAL_ID ? browserFontkitSource() : null;
    },
  };
}
