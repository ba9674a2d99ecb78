import { useEffect, useMemo, useState } from 'react';
import { RENDERER_CHUNKS_META } from '../../shared/web-shell';
import type { DesignFonts, DesignLayout, RenderableDesign } from './browser-renderer';
import { fetchFontFilesEarly } from './font-files-early';

type Renderer = typeof import('./browser-renderer');

let rendererModule: Promise<Renderer> | null = null;

/**
 * The renderer's browser module, loaded and run on first use (it pulls in fontkit and the layout
 * code; its chunks are fetched in parallel).
 */
export function loadRenderer(): Promise<Renderer> {
  rendererModule ??= import('./browser-renderer').catch((error: unknown) => {
    rendererModule = null;
    throw error;
  });
  return rendererModule;
}

/**
 * Downloads the renderer's chunks (named by index.html, tools/vite/designer-preload.ts) and the
 * named fonts' files, all at once, without running anything: called when the app starts on a
 * designer route, once the page's own code has arrived, so these bytes delay nothing the first
 * screen needs, and a phone spends no main-thread time on fontkit until a design needs it.
 */
export function prefetchRenderer(fontNames: readonly string[]): void {
  fetchFontFilesEarly(fontNames);
  const chunks = document.querySelector<HTMLMetaElement>(`meta[name="${RENDERER_CHUNKS_META}"]`)?.content.split(' ').filter(Boolean) ?? [];
  for (const href of chunks) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = href;
    document.head.append(link);
  }
}

export interface DesignFontsState {
  renderer: Renderer | null;
  fonts: DesignFonts | null;
  /** The fonts could not be loaded (offline before they were cached, a damaged file). */
  error: string | null;
}

const fontsMemo = new Map<string, { renderer: Renderer; fonts: DesignFonts }>();
const fontsLoading = new Map<string, Promise<{ renderer: Renderer; fonts: DesignFonts }>>();

const keyOf = (names: readonly string[]) => [...new Set(names)].sort().join('|');

function loadFonts(key: string): Promise<{ renderer: Renderer; fonts: DesignFonts }> {
  let loading = fontsLoading.get(key);
  if (!loading) {
    const names = key.split('|');
    // The font files download alongside the renderer's chunks, not after them.
    fetchFontFilesEarly(names);
    loading = loadRenderer().then(async (renderer) => {
      const loaded = { renderer, fonts: await renderer.fontsFor(names) };
      fontsMemo.set(key, loaded);
      return loaded;
    });
    loading.catch(() => fontsLoading.delete(key));
    fontsLoading.set(key, loading);
  }
  return loading;
}

/** Runs the renderer and parses the fonts ahead of need (the shopper is about to type or pick). */
export function warmRenderer(fontNames: readonly string[]): void {
  loadFonts(keyOf(fontNames)).catch(() => {});
}

/**
 * The renderer and the parsed fonts for the given font names; null while they load or while not
 * `enabled`. Once loaded, laying out a design is synchronous, so the designer can repaint within
 * the keystroke.
 */
export function useDesignFonts(names: readonly string[], enabled = true): DesignFontsState {
  const key = keyOf(names);
  const [state, setState] = useState<DesignFontsState & { key: string }>(() => ({ key, ...(fontsMemo.get(key) ?? { renderer: null, fonts: null }), error: null }));
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const memo = fontsMemo.get(key);
    if (memo) {
      setState((current) => (current.key === key && current.fonts === memo.fonts ? current : { key, ...memo, error: null }));
      return;
    }
    if (!enabled) return;
    let alive = true;
    loadFonts(key)
      .then((loaded) => alive && setState({ key, ...loaded, error: null }))
      .catch(() => {
        if (!alive) return;
        setState({ key, renderer: null, fonts: null, error: 'The font could not be loaded. Check your connection.' });
        // Try again when the network returns.
        window.addEventListener('online', () => setAttempt((n) => n + 1), { once: true });
      });
    return () => {
      alive = false;
    };
  }, [key, attempt, enabled]);

  // Fonts loaded for other names are never handed out: the renderer would quietly use its default font.
  const memo = fontsMemo.get(key);
  if (state.key === key && (state.fonts || !memo)) return state;
  return memo ? { ...memo, error: null } : { renderer: null, fonts: null, error: null };
}

/** A design's layout from the shared renderer; null while the renderer and its font load, or while not `enabled`. */
export function useDesignLayout(design: RenderableDesign, enabled = true): { layout: DesignLayout | null; error: string | null } {
  const { renderer, fonts, error } = useDesignFonts([design.font], enabled);
  const layout = useMemo(
    () => (enabled && renderer && fonts ? renderer.cachedLayout(design, fonts) : null),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the design's fields, not the object: callers pass a new object each render
    [enabled, renderer, fonts, design.productType, design.device, design.text, design.color, design.font, design.fontSize],
  );
  return { layout, error };
}
