import type { HtmlTagDescriptor, Plugin } from 'vite';

/** The render worker's script (web/render/render-client.ts starts it) and the default font's latin file. */
const RENDER_WORKER = /^assets\/render-worker-[\w-]+\.js$/;
const MOCKUP_WORKER = /^assets\/mockup-worker-[\w-]+\.js$/;
const DEFAULT_FONT_FIRST_FILE = /^assets\/dancing-script-latin-700-normal-[\w-]+\.woff$/;

/**
 * Build only. index.html `preload`s, in the first round trip (a Slow 3G round trip is 2 s), in
 * this order, as a browser opens six connections to the shop and the seventh request waits for one:
 * - the render worker's script and the default font's latin file (the latin-ext one is fetched
 *   only for a text that needs it, web/render/font-cache.ts): the app starts the worker as soon as
 *   it runs on a designer route (web/render/use-design.ts), and the worker's own fetch of the font
 *   is answered from this download, so the shopper's text is drawn from the real font without a
 *   second wave of requests after the app's own script;
 * - the start-up health check (web/shell/use-health.ts), answered by the time the app runs;
 * - the live catalogue (web/catalog/use-catalog.ts), so the product list the designer first shows
 *   is the one it keeps;
 * - the mockup worker's script, which paints the designer's product meanwhile (draw-mockup.ts).
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
        const font = names.find((name) => DEFAULT_FONT_FIRST_FILE.test(name));
        if (!worker) throw new Error('designer-preload: the render worker (web/render/render-worker.ts) was not found in the build.');
        if (!mockupWorker) throw new Error('designer-preload: the mockup worker (web/routes/customize/mockup-worker.ts) was not found in the build.');
        if (!font) throw new Error("designer-preload: the default font's latin file (shared/render/font-files.ts) was not found in the build.");
        const fetchLink = (href: string): HtmlTagDescriptor => ({ tag: 'link', attrs: { rel: 'preload', href, as: 'fetch', crossorigin: 'anonymous' }, injectTo: 'head' });
        return [fetchLink(`/${worker}`), fetchLink(`/${font}`), fetchLink('/api/health'), fetchLink('/api/products/catalog'), fetchLink(`/${mockupWorker}`)];
      },
    },
  };
}
