import { useEffect, useState } from 'react';
import type { ProductTypeId } from '../../../shared/catalog';
import { loadProductArt, productArtLoaded } from './draw-mockup';

/**
 * Whether the product can be drawn now; loads its drawing when it cannot, and re-renders once it
 * has. Until then the preview shows the backdrop and the design; a failed load (offline without
 * the chunk cached) is tried again on the next product change.
 */
export function useProductArt(productType: ProductTypeId): boolean {
  const [, setLoaded] = useState(0);
  const ready = productArtLoaded(productType);
  useEffect(() => {
    if (ready) return;
    let live = true;
    loadProductArt().then(
      () => live && setLoaded((n) => n + 1),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [ready, productType]);
  return ready;
}
