import type { HtmlTagDescriptor, Plugin } from 'vite';
import type { OutputBundle, OutputChunk } from 'rolldown';
import { RENDERER_CHUNKS_META } from '../../shared/web-shell';

/** The module whose chunk, with everything it imports, lays out designs (fontkit included). */
const RENDERER_ENTRY = /web\/render\/browser-renderer\.ts$/;

/** The renderer's chunk and the chunks it imports statically; not those the entry loads anyway. */
function rendererChunks(bundle: OutputBundle, renderer: OutputChunk): string[] {
  const chunk = (fileName: string) => {
    const item = bundle[fileName];
    return item?.type === 'chunk' ? item : undefined;
  };
  const staticGraph = (start: string, into: Set<string>) => {
    if (into.has(start) || !chunk(start)) return into;
    into.add(start);
    chunk(start)!.imports.forEach((fileName) => staticGraph(fileName, into));
    return into;
  };
  const entry = Object.values(bundle).find((item): item is OutputChunk => item.type === 'chunk' && item.isEntry);
  const loadedByEntry = entry ? staticGraph(entry.fileName, new Set()) : new Set<string>();
  return [...staticGraph(renderer.fileName, new Set())].filter((fileName) => !loadedByEntry.has(fileName));
}

/**
 * Build only. index.html
 * - `preload`s the start-up health check (web/shell/use-health.ts) with the app's own script, so a
 *   first visit's check is answered by the time the app runs (issue 31: a Slow 3G round trip is 2 s);
 * - names the renderer's chunks (fontkit's included) in a meta tag, fetching nothing: on a first
 *   visit the bandwidth goes to the app's own script. The designer draws its first preview from an
 *   outline laid out ahead (web/routes/customize/placeholder-outline.ts); once the app runs on a
 *   designer route it `modulepreload`s these chunks and fetches the font files, all at once, and
 *   runs them only when a design needs laying out (web/render/use-design.ts).
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
        const renderer = Object.values(bundle).find((item): item is OutputChunk => item.type === 'chunk' && !!item.facadeModuleId && RENDERER_ENTRY.test(item.facadeModuleId));
        if (!renderer) throw new Error('designer-preload: the renderer chunk (web/render/browser-renderer.ts) was not found in the build.');
        const tags: HtmlTagDescriptor[] = [
          { tag: 'link', attrs: { rel: 'preload', href: '/api/health', as: 'fetch', crossorigin: 'anonymous' }, injectTo: 'head' },
          { tag: 'meta', attrs: { name: RENDERER_CHUNKS_META, content: rendererChunks(bundle, renderer).map((fileName) => `/${fileName}`).join(' ') }, injectTo: 'head' },
        ];
        return tags;
      },
    },
  };
}
