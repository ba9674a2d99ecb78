import { useEffect, useState } from 'react';
import type { ThinFeatures } from '../../../shared/render/thin-features';
import { call } from '../../api/client';
import type { DesignLayout } from '../../render/browser-renderer';
import { loadRenderer } from '../../render/use-design';

/** The shop's default MIN_FEATURE_MM, used until (or unless) GET /api/payments/config answers. */
export const DEFAULT_MIN_FEATURE_MM = 0.5;
/** Measured once typing pauses: the measurement takes a few hundred ms on a phone. */
const SETTLE_MS = 500;

let minFeature: Promise<number> | null = null;

function fetchMinFeatureMm(): Promise<number> {
  minFeature ??= call('paymentsConfig', undefined, { ignoreUnauthorized: true })
    .then((config) => config.minFeatureMm ?? DEFAULT_MIN_FEATURE_MM)
    .catch(() => {
      minFeature = null;
      return DEFAULT_MIN_FEATURE_MM;
    });
  return minFeature;
}

/** The layout's ink drawn on a canvas at `pxPerMm`, with a clear margin, as a 0/1 mask; null without a 2D canvas. */
function inkMask(layout: DesignLayout, pxPerMm: number, marginMm: number) {
  const ink = layout.ink;
  if (!ink || typeof document === 'undefined') return null;
  const width = Math.ceil((ink.width + 2 * marginMm) * pxPerMm);
  const height = Math.ceil((ink.height + 2 * marginMm) * pxPerMm);
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  let context: CanvasRenderingContext2D | null;
  try {
    context = canvas.getContext('2d', { willReadFrequently: true });
  } catch {
    return null;
  }
  if (!context || typeof Path2D === 'undefined') return null;
  context.scale(pxPerMm, pxPerMm);
  context.translate(marginMm - ink.x, marginMm - ink.y);
  context.fill(new Path2D(layout.pathData));
  const rgba = context.getImageData(0, 0, width, height).data;
  const mask = new Uint8Array(width * height);
  for (let i = 0; i < mask.length; i++) mask[i] = rgba[i * 4 + 3]! >= 128 ? 1 : 0;
  return { ink: mask, width, height, pxPerMm };
}

export interface ThinFeatureWarning extends ThinFeatures {
  minMm: number;
}

/**
 * Strokes or counters of the laid-out design thinner than the shop's minimum (MIN_FEATURE_MM),
 * measured from the very outlines the print file holds, once typing settles. Null when nothing is
 * too thin, before the layout is ready, or where no canvas can draw it.
 */
export function useThinFeatures(layout: DesignLayout | null): ThinFeatureWarning | null {
  const [warning, setWarning] = useState<ThinFeatureWarning | null>(null);
  useEffect(() => {
    if (!layout?.ink) {
      setWarning(null);
      return;
    }
    let current = true;
    const timer = setTimeout(() => {
      // The measuring code ships with the renderer, which has loaded: there is a layout.
      void Promise.all([fetchMinFeatureMm(), loadRenderer()]).then(([minMm, renderer]) => {
        if (!current) return;
        const mask = inkMask(layout, renderer.maskResolutionFor(minMm), Math.max(1, minMm * 2));
        const found = mask ? renderer.findThinFeatures(mask, minMm) : null;
        setWarning(found && (found.thinnestStrokeMm !== null || found.narrowestGapMm !== null) ? { ...found, minMm } : null);
      });
    }, SETTLE_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [layout]);
  return warning;
}
