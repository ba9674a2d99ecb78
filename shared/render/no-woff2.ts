/**
 * Stands in for fontkit's brotli decoder in the browser build (vite.config.ts aliases
 * `brotli/decompress.js` here): the design fonts are .woff files (zlib, which fontkit inflates with
 * its own small inflater), so the decoder and its 120 KB dictionary (~60 KB gzip) are never needed.
 */
export default function decompress(): never {
  throw new Error('woff2 fonts are not read in the browser build: the design fonts are .woff files (shared/render/font-files.ts).');
}
