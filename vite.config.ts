import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { pwaPlugins } from './tools/pwa/vite-pwa';

export default defineConfig({
  plugins: [react(), ...pwaPlugins()],
  // The design fonts are .woff: fontkit's woff2 (brotli) decoder stays out of the renderer's chunk.
  resolve: { alias: { 'brotli/decompress.js': fileURLToPath(new URL('./shared/render/no-woff2.ts', import.meta.url)) } },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    target: 'es2022',
  },
  server: {
    proxy: { '/api': 'http://localhost:8080' },
  },
});
