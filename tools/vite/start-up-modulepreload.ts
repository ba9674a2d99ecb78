import type { Plugin } from 'vite';

/**
 * Build only. The entry (web/main.tsx) imports React DOM's client dynamically so that the browser
 * evaluates it in a task of its own; a `modulepreload` in index.html has it fetched in the first
 * round trip beside the entry, not after it. bench/bundle-size.ts counts it in the first load.
 */
export function startUpModulepreload(): Plugin {
  return {
    name: 'start-up-modulepreload',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, context) {
        const bundle = context.bundle;
        if (!bundle) return [];
        const chunk = Object.values(bundle).find((output) => output.type === 'chunk' && output.isDynamicEntry && output.facadeModuleId?.replace(/\\/g, '/').includes('/node_modules/react-dom/client'));
        if (!chunk) throw new Error('start-up-modulepreload: React DOM client chunk (imported by web/main.tsx) was not found in the build.');
        return [{ tag: 'link', attrs: { rel: 'modulepreload', crossorigin: '', href: `/${chunk.fileName}` }, injectTo: 'head' }];
      },
    },
  };
}
