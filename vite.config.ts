import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { pwaPlugins } from './tools/pwa/vite-pwa.ts';
import { rendererAlias } from './tools/vite/renderer-alias.ts';
import { designerPreload } from './tools/vite/designer-preload.ts';
import { precompress } from './tools/vite/precompress.ts';
import { startUpModulepreload } from './tools/vite/start-up-modulepreload.ts';
import { browserFontkit } from './tools/vite/browser-fontkit.ts';

export default defineConfig({
  plugins: [react(), ...pwaPlugins(), designerPreload(), startUpModulepreload(), precompress()],
  resolve: { alias: rendererAlias },
  // The render worker (web/render/render-worker.ts) is a module worker: it imports fontkit lazily,
  // a build of it with only what the design fonts use (tools/vite/browser-fontkit.ts).
  worker: { format: 'es', plugins: () => [browserFontkit()], rolldownOptions: { output: { codeSplitting: false } } },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    target: 'es2022',
    rolldownOptions: {
      // The first load of / in one file beside the entry rather than eight small shared chunks:
      // each small chunk costs its own request and gzip header on a phone's first visit.
      output: { codeSplitting: { groups: [{ name: 'shop', tags: ['$initial'] }] } },
    },
  },
  server: {
    proxy: { '/api': 'http://localhost:8080' },
  },
});
