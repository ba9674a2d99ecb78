import { useEffect, useMemo, useState } from 'react';
import type { DesignFonts, DesignLayout, RenderableDesign } from './browser-renderer';
import { fetchFontFilesEarly } from './font-files-early';

type Renderer = typeof import('./browser-renderer');

let rendererModule: Promise<Renderer> | null = null;

/**
 * The renderer's browser module, loaded on first use (it pulls in fontkit and the layout code; its
 * chunks are fetched in parallel). Nothing fetches it before: the page's own code comes first.
 */
export function loadRenderer(): Promise<Renderer> {
  rendererModule ??= import('./browser-renderer').catch((error: unknown) => {
    rendererModule = null;
    throw error;
  });
  return rendererModule;
}

/**
 * Starts fetching the renderer (its chunks and fontkit's) and the named fonts' files, all at once,
 * without waiting for a component to ask. Called when the app starts on a designer route: the
 * page's own code has arrived by then, so these bytes delay nothing the first screen needs.
 */
export function startLoadingRenderer(fontNames: readonly string[]): void {
  fetchFontFilesEarly(fontNames);
  // A failure is reported (and retried) by the component that needs the renderer.
  loadRenderer().catch(() => {});
}

export interface DesignFontsState {
  renderer: Renderer | null;
  fonts: DesignFonts | null;
  /** The fonts could not be loaded (offline before they were cached, a damaged file). */
  error: string | null;
}

const fontsMemo = new Map<string, { renderer: Renderer; fonts: DesignFonts }>();

/**
 * The renderer and the parsed fonts for the given font names; null while they load. Once loaded,
 * laying out a design is synchronous, so the designer can repaint within the keystroke.
 */
export function useDesignFonts(names: readonly string[]): DesignFontsState {
  const key = [...new Set(names)].sort().join('|');
  const [state, setState] = useState<DesignFontsState & { key: string }>(() => ({ key, ...(fontsMemo.get(key) ?? { renderer: null, fonts: null }), error: null }));
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const memo = fontsMemo.get(key);
    if (memo) {
      setState((current) => (current.key === key && current.fonts === memo.fonts ? current : { key, ...memo, error: null }));
      return;
    }
    let alive = true;
    const wanted = key.split('|');
    // The font files download alongside the renderer's chunks, not after them.
    fetchFontFilesEarly(wanted);
    loadRenderer()
      .then(async (renderer) => {
        const fonts = await renderer.fontsFor(wanted);
        fontsMemo.set(key, { renderer, fonts });
        if (alive) setState({ key, renderer, fonts, error: null });
      })
      .catch(() => {
        if (!alive) return;
        setState({ key, renderer: null, fonts: null, error: 'The font could not be loaded. Check your connection.' });
        // Try again when the network returns.
        window.addEventListener('online', () => setAttempt((n) => n + 1), { once: true });
      });
    return () => {
      alive = false;
    };
  }, [key, attempt]);

  // Fonts loaded for other names are never handed out: the renderer would quietly use its default font.
  const memo = fontsMemo.get(key);
  if (state.key === key) return state;
  return memo ? { ...memo, error: null } : { renderer: null, fonts: null, error: null };
}

/** A design's layout from the shared renderer; null while the renderer and its font load, or while not `enabled`. */
export function useDesignLayout(design: RenderableDesign, enabled = true): { layout: DesignLayout | null; error: string | null } {
  const { renderer, fonts, error } = useDesignFonts([design.font]);
  const layout = useMemo(
    () => (enabled && renderer && fonts ? renderer.cachedLayout(design, fonts) : null),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the design's fields, not the object: callers pass a new object each render
    [enabled, renderer, fonts, design.productType, design.device, design.text, design.color, design.font, design.fontSize],
  );
  return { layout, error };
}
