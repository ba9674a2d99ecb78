import { useEffect, useState } from 'react';
import type { DesignLayout, RenderableDesign } from './browser-renderer';
import { layoutKey, readyLayout, requestLayout, warmRenderWorker } from './render-client';

type Renderer = typeof import('./browser-renderer');

let rendererModule: Promise<Renderer> | null = null;

/**
 * The renderer's browser module on the page itself, for work that must happen there (the admin's
 * print files); designs shown to shoppers are laid out by the render worker (render-client.ts).
 */
export function loadRenderer(): Promise<Renderer> {
  rendererModule ??= import('./browser-renderer').catch((error: unknown) => {
    rendererModule = null;
    throw error;
  });
  return rendererModule;
}

/**
 * Starts the render worker and the named fonts' files at once, when the app starts on a designer
 * route: the fonts are fetched and parsed off the page's thread while the page draws. Settles
 * (never rejects) once the worker has parsed them or failed to.
 */
export function prefetchRenderer(fontNames: readonly string[]): Promise<void> {
  return warmRenderWorker(fontNames).catch(() => {});
}

/** Has the worker parse the fonts ahead of need (the shopper is about to type or pick). */
export function warmRenderer(fontNames: readonly string[]): void {
  warmRenderWorker(fontNames).catch(() => {});
}

export const FONT_LOAD_ERROR = 'The font could not be loaded. Check your connection.';

export interface DesignLayoutState {
  /** The layout of this very design; null while it is being made, or while not `enabled`. */
  layout: DesignLayout | null;
  /** The last layout made for this hook (possibly of an earlier text): something to show meanwhile. */
  latest: DesignLayout | null;
  /** The fonts could not be loaded (offline before they were cached, a damaged file). */
  error: string | null;
}

/**
 * A design's layout from the shared renderer, made off the page's thread (render-worker.ts). The
 * answer arrives a moment after the design changes; `latest` keeps the previous one meanwhile.
 */
export function useDesignLayout(design: RenderableDesign, enabled = true): DesignLayoutState {
  const key = layoutKey(design);
  const ready = enabled ? readyLayout(design) : null;
  const [state, setState] = useState<{ key: string; layout: DesignLayout | null; error: string | null }>({ key: '', layout: null, error: null });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (!enabled || readyLayout(design)) return;
    let alive = true;
    requestLayout(design).then(
      // An answer for an earlier text still becomes `latest`: while the shopper types on, it is
      // the nearest thing to what they typed. The worker answers in order, so none overwrites a newer one.
      (layout) => setState((current) => (alive || current.key !== key ? { key, layout, error: null } : current)),
      () => {
        if (!alive) return;
        setState((current) => ({ ...current, key, error: FONT_LOAD_ERROR }));
        // Try again when the network returns.
        window.addEventListener('online', () => setAttempt((n) => n + 1), { once: true });
      },
    );
    return () => {
      alive = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the key stands for the design's fields
  }, [key, enabled, attempt]);

  const layout = ready ?? (state.key === key ? state.layout : null);
  return { layout, latest: layout ?? state.layout, error: state.key === key ? state.error : null };
}
