import { useEffect, useState } from 'react';
import { call } from '../api/client';
import { COLORS, FONTS, PRODUCT_TYPES, type ColorSwatch, type ProductType } from '../../shared/catalog';

export interface Catalog {
  productTypes: readonly ProductType[];
  colors: readonly ColorSwatch[];
  fonts: readonly string[];
  source: 'built-in' | 'api';
}

export const BUILT_IN_CATALOG: Catalog = { productTypes: PRODUCT_TYPES, colors: COLORS, fonts: FONTS, source: 'built-in' };

let cached: Promise<Catalog> | null = null;

/**
 * The product lists from the API; on any failure the built-in lists of shared/catalog.ts
 * (spec.md §8 "Product data load failure"). Fetched once per page load.
 */
export function fetchCatalog(): Promise<Catalog> {
  cached ??= Promise.all([
    call('devices'),
    call('colors'),
    call('fonts'),
  ])
    .then(([devices, colors, fonts]): Catalog => {
      if (!devices.productTypes?.length || !colors.colors?.length || !fonts.fonts?.length) return BUILT_IN_CATALOG;
      return { productTypes: devices.productTypes, colors: colors.colors, fonts: fonts.fonts, source: 'api' };
    })
    .catch(() => BUILT_IN_CATALOG);
  return cached;
}

/** Starts with the built-in lists (identical to the server's), so nothing shifts when the API answers. */
export function useCatalog(): Catalog {
  const [catalog, setCatalog] = useState<Catalog>(BUILT_IN_CATALOG);
  useEffect(() => {
    let alive = true;
    fetchCatalog().then((result) => alive && setCatalog(result));
    return () => {
      alive = false;
    };
  }, []);
  return catalog;
}
