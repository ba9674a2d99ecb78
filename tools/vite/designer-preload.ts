import type { HtmlTagDescriptor, Plugin } from 'vite';

/** The render worker's script (web/render/render-client.ts starts it) and the default font's files. */
const RENDER_WORKER = /^assets\/render-worker-[\w-]+\.js$/;
const MOCKUP_WORKER = /^assets\/mockup-worker-[\w-]+\.js$/;
const DEFAULT_FONT_FILES = /^assets\/dancing-script-latin(-ext)?-700-normal-[\w-]+\.woff$/;

/**
 * Build only. index.html `preload`s, in the first round trip (a Slow 3G round trip is 2 s):
 * - the start-up health check (web/shell/use-health.ts), answered by the time the app runs;
 * - the mockup worker's script, which paints the designer's product meanwhile (draw-mockup.ts);
 * - the render worker's script and the default font's files, which the app hands to the worker
 *   as soon as it runs on a designer route (web/render/use-design.ts), so the shopper's text is
 *   drawn from the real font without a second wave of requests after the app's own script.
 */
export function designerPreload(): Plugin {
  return {
    name: 'designer-preload',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, context) {
        const bundle = context.bundle;
        if (!bundle) return [];
        const names = Object.keys(bundle);
        const worker = names.find((name) => RENDER_WORKER.test(name));
        const mockupWorker = names.find((name) => MOCKUP_WORKER.test(name));
        const fonts = names.filter((name) => DEFAULT_FONT_FILES.test(name));
        if (!worker) throw new Error('designer-preload: the render worker (web/render/render-worker.ts) was not found in the build.');
        if (!mockupWorker) throw new Error('designer-preload: the mockup worker (web/routes/customize/mockup-worker.ts) was not found in the build.');
        if (fonts.length !== 2) throw new Error(`designer-preload: expected the default font's two files, found ${fonts.join(', ') || 'none'}.`);
        const fetchLink = (href: string): HtmlTagDescriptor => ({ tag: 'link', attrs: { rel: 'preload', href, as: 'fetch', crossorigin: 'anonymous' }, injectTo: 'head' });
        return [fetchLink('/api/health'), ...[worker, mockupWorker, ...fonts.sort()].map((name) => fetchLink(`/${name}`))];
      },
    },
  };
}
