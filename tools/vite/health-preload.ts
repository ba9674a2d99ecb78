import type { Plugin } from 'vite';

/**
 * Build only: index.html asks for the start-up health check (web/shell/use-health.ts) with the app's
 * own script instead of after it runs, so a first visit's check is answered by the time the app
 * starts (issue 31: on Slow 3G each round trip is 2 s).
 *
 * Nothing else is preloaded: on a first visit the bandwidth goes to the app's own script. The
 * designer draws its first preview from an outline laid out ahead
 * (web/routes/customize/placeholder-outline.ts) and fetches the renderer, fontkit and the font
 * files together once it is on screen (web/render/use-design.ts).
 */
export function healthPreload(): Plugin {
  return {
    name: 'health-preload',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler: () => [{ tag: 'link', attrs: { rel: 'preload', href: '/api/health', as: 'fetch', crossorigin: 'anonymous' }, injectTo: 'head' }],
    },
  };
}
