/**
 * Zooming the preview into the decal, so a shopper on a phone can read it: a view transform of the
 * 600x600 canvas (scale about the decal's centre, kept inside the product's picture), the zoom
 * that fits the text's ink to the canvas, and the pinch and tap gestures that set it.
 */
import { useCallback, useRef, useState, type PointerEvent } from 'react';
import { printAreaOf } from '../../../shared/decal';
import type { ProductTypeId } from '../../../shared/catalog';
import type { DesignLayout } from '../../render/browser-renderer';
import { CANVAS_SIZE, printAreaPlacement } from './mockup-geometry';

/** A canvas view: x' = zoom·x + tx, y' = zoom·y + ty. */
export interface PreviewView {
  zoom: number;
  tx: number;
  ty: number;
}

export const UNZOOMED: PreviewView = { zoom: 1, tx: 0, ty: 0 };
export const MAX_ZOOM = 8;
/** The fitted text fills this share of the canvas, leaving some product around it. */
const FIT_SHARE = 0.6;
/** Below this a zoom would barely change the picture: the Zoom button always magnifies at least this much. */
const MIN_FIT_ZOOM = 1.5;
/** Zoom steps of the cached zoomed mockup layers: pinching redraws the product only at each step. */
export const ZOOM_STEP = 0.25;

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

/** The decal's centre on the unzoomed canvas: where the print file places it, and where the layout centres the ink. */
export function decalCentre(productType: ProductTypeId, variant: string): { x: number; y: number } {
  const area = printAreaOf({ productType, device: variant });
  const at = printAreaPlacement(productType, variant, area);
  return { x: at.x + (area.width * at.pxPerMm) / 2, y: at.y + (area.length * at.pxPerMm) / 2 };
}

/** The view at `zoom` centred on the decal, shifted so the picture still covers the whole canvas. */
export function viewAt(zoom: number, centre: { x: number; y: number }): PreviewView {
  const z = clamp(zoom, 1, MAX_ZOOM);
  const half = CANVAS_SIZE / 2;
  return { zoom: z, tx: clamp(half - z * centre.x, CANVAS_SIZE - CANVAS_SIZE * z, 0), ty: clamp(half - z * centre.y, CANVAS_SIZE - CANVAS_SIZE * z, 0) };
}

/** The zoom at which the text's ink fills FIT_SHARE of the canvas (its longer side decides). */
export function fitZoom(layout: DesignLayout | null, productType: ProductTypeId, variant: string): number {
  if (!layout?.ink) return MIN_FIT_ZOOM * 2;
  const { pxPerMm } = printAreaPlacement(productType, variant, layout.area);
  const longest = Math.max(layout.ink.width, layout.ink.height) * pxPerMm;
  return clamp((CANVAS_SIZE * FIT_SHARE) / longest, MIN_FIT_ZOOM, MAX_ZOOM);
}

/** Two fingers' distance. */
function spread(points: Map<number, { x: number; y: number }>): number {
  const [a, b] = [...points.values()];
  return a && b ? Math.hypot(a.x - b.x, a.y - b.y) : 0;
}

/**
 * The preview's zoom: off, fitted to the text (the Zoom button, a tap or click on the picture), or
 * set by a pinch. `zoom(fit)` is the zoom to draw for the current text's fit.
 */
export function usePreviewZoom() {
  const [zoomed, setZoomed] = useState(false);
  const [pinched, setPinched] = useState<number | null>(null);
  const pointers = useRef(new Map<number, { x: number; y: number }>());
  const pinchStart = useRef<{ spread: number; zoom: number } | null>(null);
  /** The zoom last drawn (the drawing effect sets it): a pinch starts from what is on screen. */
  const shownZoom = useRef(1);

  const toggle = useCallback(() => {
    setPinched(null);
    setZoomed((on) => !on);
  }, []);

  const zoom = (fit: number) => pinched ?? (zoomed ? fit : 1);

  const onPointerDown = useCallback((event: PointerEvent<HTMLElement>) => {
    pointers.current.set(event.pointerId, { x: event.clientX, y: event.clientY });
    if (pointers.current.size === 2) pinchStart.current = { spread: spread(pointers.current), zoom: shownZoom.current };
  }, []);

  const onPointerMove = useCallback((event: PointerEvent<HTMLElement>) => {
    if (!pointers.current.has(event.pointerId)) return;
    pointers.current.set(event.pointerId, { x: event.clientX, y: event.clientY });
    const start = pinchStart.current;
    if (!start || pointers.current.size !== 2 || !start.spread) return;
    const next = clamp(start.zoom * (spread(pointers.current) / start.spread), 1, MAX_ZOOM);
    setPinched(next);
    setZoomed(next > 1);
  }, []);

  const onPointerEnd = useCallback((event: PointerEvent<HTMLElement>) => {
    pointers.current.delete(event.pointerId);
    if (pointers.current.size < 2) pinchStart.current = null;
  }, []);

  return {
    zoomed: pinched !== null ? pinched > 1 : zoomed,
    zoom,
    shownZoom,
    toggle,
    gestures: { onPointerDown, onPointerMove, onPointerUp: onPointerEnd, onPointerCancel: onPointerEnd },
  };
}
