import { useEffect, useState } from 'react';
import type { ThinFeatures } from '../../../shared/render/thin-features';
import { shopConfig } from '../../api/shop-config';
import type { DesignLayout } from '../../render/browser-renderer';
import { MM_PER_DESIGN_PX } from '../../../shared/decal-size';
import { requestThinFeatures } from '../../render/render-client';

/** The shop's default MIN_FEATURE_MM, used until (or unless) GET /api/payments/config answers. */
export const DEFAULT_MIN_FEATURE_MM = 0.5;
/** Measured once typing pauses (in the render worker: it takes a few hundred ms on a phone). */
const SETTLE_MS = 500;

const fetchMinFeatureMm = (): Promise<number> =>
  shopConfig().then(
    (config) => config.minFeatureMm ?? DEFAULT_MIN_FEATURE_MM,
    () => DEFAULT_MIN_FEATURE_MM,
  );

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
      const design = { productType: layout.productType, device: layout.device, text: layout.text, color: layout.fill, font: layout.font, fontSize: layout.preferredFontSizeMm / MM_PER_DESIGN_PX };
      void fetchMinFeatureMm()
        .then((minMm) => requestThinFeatures(design, minMm).then((found) => ({ found, minMm })))
        .then(({ found, minMm }) => {
          if (!current) return;
          setWarning(found && (found.thinnestStrokeMm !== null || found.narrowestGapMm !== null) ? { ...found, minMm } : null);
        })
        .catch(() => {});
    }, SETTLE_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [layout]);
  return warning;
}
