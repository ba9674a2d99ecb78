import type { HtmlTagDescriptor, Plugin } from 'vite';
import type { OutputBundle, OutputChunk } from 'rolldown';
import { DESIGNER_PRELOAD_ATTRIBUTE } from '../../shared/web-shell';

/** The module whose chunk, with everything it imports, draws the designer's preview (fontkit included). */
const RENDERER_ENTRY = /web\/render\/browser-renderer\.ts$/;
/** The default design font's files (Pecita = Dancing Script 700), fetched by the renderer before the first preview. */
const DEFAULT_FONT_FILES = /^assets\/dancing-script-latin(-ext)?-700-normal-.*\.woff$/;


/** fontkit, which the renderer imports on its first font: the one dynamic import worth fetching early. */
const FONTKIT_MODULE = /node_modules\/fontkit\//;

/** The renderer's chunk, the chunks it imports statically, and the fontkit chunk; not those the entry loads anyway. */
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
  const wanted = staticGraph(renderer.fileName, new Set());
  for (const fileName of [...wanted]) {
    for (const dynamic of chunk(fileName)!.dynamicImports) {
      if (chunk(dynamic)?.moduleIds.some((id) => FONTKIT_MODULE.test(id))) staticGraph(dynamic, wanted);
    }
  }
  return [...wanted].filter((fileName) => !loadedByEntry.has(fileName));
}

/**
 * Build only: index.html asks for what the designer needs before it can draw, in parallel with the
 * app's own script instead of one after another (issue 31: on Slow 3G each round trip is 2 s).
 * - `modulepreload` the renderer's chunks (the renderer, the layout code, fontkit);
 * - `preload` the default design font's files, as `fetch` because the renderer reads them with fetch();
 * - `preload` the start-up health check, so the first visit's check is answered by the time the app runs.
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
        const fonts = Object.keys(bundle).filter((fileName) => DEFAULT_FONT_FILES.test(fileName));
        if (fonts.length === 0) throw new Error('designer-preload: the default design font files were not found in the build.');
        const tags: HtmlTagDescriptor[] = [
          { tag: 'link', attrs: { rel: 'preload', href: '/api/health', as: 'fetch', crossorigin: 'anonymous' }, injectTo: 'head' },
          ...rendererChunks(bundle, renderer).map((fileName): HtmlTagDescriptor => ({ tag: 'link', attrs: { rel: 'modulepreload', crossorigin: true, href: `/${fileName}`, [DESIGNER_PRELOAD_ATTRIBUTE]: true }, injectTo: 'head' })),
          ...fonts.map((fileName): HtmlTagDescriptor => ({ tag: 'link', attrs: { rel: 'preload', href: `/${fileName}`, as: 'fetch', crossorigin: 'anonymous', [DESIGNER_PRELOAD_ATTRIBUTE]: true }, injectTo: 'head' })),
        ];
        return tags;
      },
    },
  };
}
