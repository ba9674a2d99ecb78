import { fileURLToPath } from 'node:url';

/**
 * Vite aliases the design renderer needs in a browser build: the design fonts are .woff files, so
 * fontkit's woff2 (brotli) decoder is replaced by a stub and stays out of the renderer's chunk.
 */
export const rendererAlias: Record<string, string> = {
  'brotli/decompress.js': fileURLToPath(new URL('../../shared/render/no-woff2.ts', import.meta.url)),
};
