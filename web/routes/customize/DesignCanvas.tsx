import { useEffect, useRef, useState } from 'react';
import { fontOrDefault } from '../../../shared/catalog';
import { useDesignLayout } from '../../render/use-design';
import { drawsWithoutRenderer, layoutTextStep, PLACEHOLDER_TEXT } from './draw-design';
import { CANVAS_SIZE, drawDesign, mockupLayersPending, mockupLayersWaiting, type DesignToDraw } from './draw-mockup';
import { productFrame } from './mockup-geometry';
import { useProductArt } from './use-product-art';
import { decalCentre, fitZoom, usePreviewZoom, viewAt, ZOOM_STEP } from './preview-zoom';

/** Performance marks around a keystroke's repaint, read by bench/canvas.bench.ts. */
export const INPUT_MARK = 'design-input';
export const REPAINT_MEASURE = 'canvas-repaint';

export function markDesignInput(): void {
  performance.mark(INPUT_MARK);
}

interface Props extends DesignToDraw {
  label: string;
  busy?: string | null;
  /** The shopper is typing (the keyboard is up, the preview small): show the text close up. */
  closeUp?: boolean;
}

/**
 * The 600x600 preview. The text is drawn from the shared renderer's outlines (draw-design.ts),
 * made by the render worker: the empty designer shows the placeholder laid out ahead; a typed
 * text whose outline is still on its way shows the previous outline or, while the font first
 * loads, a faint stand-in, so the page never waits and never covers the text with a note.
 * Repaints when the outline arrives. The Zoom button, a tap or a pinch magnify the
 * decal so it can be read on a phone (preview-zoom.ts).
 */
export function DesignCanvas({ label, busy, closeUp = false, ...design }: Props) {
  const canvas = useRef<HTMLCanvasElement>(null);
  // The placeholder laid out ahead needs no renderer: it runs once the shopper's text needs it.
  const withoutRenderer = drawsWithoutRenderer(design);
  const shown = design.text.trim() ? design.text : PLACEHOLDER_TEXT;
  const { layout: exact, latest, error } = useDesignLayout(
    // At the chosen size even when too long: the shopper sees it run past the product, beside the message.
    { productType: design.productType, device: design.variant, text: shown, color: '', font: design.font, fontSize: design.fontSize, atChosenSize: true },
    !withoutRenderer,
  );
  // The outline of a keystroke ago stands in for a moment, on the same product in the same font.
  const near = latest && latest.productType === design.productType && latest.device === design.variant && latest.font === fontOrDefault(design.font) ? latest : null;
  const layout = withoutRenderer ? null : (exact ?? near);
  const zoom = usePreviewZoom();
  const artReady = useProductArt(design.productType);
  // Whole zoom steps only: the zoomed product is drawn once per step, not per keystroke.
  const textLayout = design.text.trim() ? layout : null;
  const fit = fitZoom(textLayout, design.productType, design.variant);
  // Typing with the keyboard up, the small preview shows the text fitted, as the Zoom button would.
  const wantedZoom = Math.max(zoom.zoom(fit), closeUp && textLayout ? fit : 1);
  const zoomLevel = Math.max(1, Math.floor(wantedZoom / ZOOM_STEP) * ZOOM_STEP);
  const [mockupsArrived, setMockupsArrived] = useState(0);

  // A passive effect: after a keystroke (a discrete event) React runs it before the browser paints;
  // on mount it runs in its own task after the first paint, keeping the page's first render short.
  const view = viewAt(zoomLevel, decalCentre(design.productType, design.variant));
  useEffect(() => {
    const element = canvas.current;
    const ctx = element?.getContext('2d');
    if (!element || !ctx) return;
    // The product's layers are drawn by the mockup worker: the canvas keeps its last picture until they arrive.
    const pending = mockupLayersPending(design.productType, design.variant, view);
    if (pending) {
      let live = true;
      void pending.then(() => live && setMockupsArrived((n) => n + 1));
      return () => {
        live = false;
      };
    }
    zoom.shownZoom.current = view.zoom;
    drawDesign(
      ctx,
      design,
      layoutTextStep(design, layout, (at, placed) => {
        // Where the print area and the product lie on the preview, in canvas px as drawn (zoom
        // included): the browser tests compare their scales and read the decal from the pixels.
        const s = view.zoom * at.pxPerMm;
        element.dataset.printArea = [view.tx + view.zoom * at.x, view.ty + view.zoom * at.y, placed.area.width * s, placed.area.length * s].map((n) => n.toFixed(2)).join(' ');
        const frame = productFrame(design.productType, design.variant);
        element.dataset.productPxPerMm = (view.zoom * frame.pxPerMm).toFixed(4);
        // The text's ink and a capital's height as drawn, in canvas px: the legibility tests read them.
        const ink = placed.ink;
        element.dataset.inkBox = ink ? [view.tx + view.zoom * at.x + ink.x * s, view.ty + view.zoom * at.y + ink.y * s, ink.width * s, ink.height * s].map((n) => n.toFixed(2)).join(' ') : '';
        element.dataset.capHeight = placed.capHeightMm ? (placed.capHeightMm * s).toFixed(2) : '';
      }, true),
      view,
    );
    element.dataset.zoom = String(view.zoom);
    if (performance.getEntriesByName(INPUT_MARK, 'mark').length) {
      performance.measure(REPAINT_MEASURE, INPUT_MARK);
      performance.clearMarks(INPUT_MARK);
    }
    // The design fields are the inputs; the outline repaints when the worker's answer arrives.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the design's fields, not the object: a new object each render must not repaint
  }, [design.productType, design.variant, design.text, design.colorHex, design.font, design.fontSize, layout, zoomLevel, artReady, mockupsArrived]);

  // Busy until the preview shows the product and the typed text's own outline (tests and benches wait for it).
  const waiting = (!withoutRenderer && !exact) || mockupLayersWaiting(design.productType, design.variant, view);
  return (
    <div className={`design-canvas${zoom.zoomed ? ' design-canvas--zoomed' : ''}`}>
      <canvas
        ref={canvas}
        width={CANVAS_SIZE}
        height={CANVAS_SIZE}
        role="img"
        aria-label={zoom.zoomed ? `${label}, zoomed in on the decal` : label}
        aria-busy={waiting}
        onClick={zoom.toggle}
        {...zoom.gestures}
      />
      <button type="button" className="design-canvas__zoom" aria-pressed={zoom.zoomed} onClick={zoom.toggle}>
        <span aria-hidden="true">{zoom.zoomed ? '−' : '+'}</span> <span className="design-canvas__zoom-word">Zoom</span><span className="sr-only"> into the decal</span>
      </button>
      {busy ? (
        <div className="design-canvas__busy" role="status">
          <span className="spinner" aria-hidden="true" /> {busy}
        </div>
      ) : error ? (
        <div className="design-canvas__note design-canvas__note--error" role="status">
          {error}
        </div>
      ) : null}
    </div>
  );
}
