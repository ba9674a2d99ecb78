import { useCallback, useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { DEFAULT_FONT, MAX_TEXT_LENGTH, productTypeOfVariant, type ProductTypeId } from '../../../shared/catalog';
import { clampFontSize, fontSizeRange } from '../../../shared/decal-size';
import { firstCharacters } from '../../../shared/text-length';
import type { Catalog } from '../../catalog/use-catalog';

/** spec.md §9: switching product type takes 800 ms. */
export const SWITCH_DELAY_MS = 800;

/** A design opened from the gallery ('Personalise this'): /?device=…&text=…&color=…&font=… */
function designFromLink(params: URLSearchParams, catalog: Catalog) {
  const device = params.get('device') ?? '';
  const type = productTypeOfVariant(device);
  return {
    productType: type?.id ?? null,
    variant: type ? device : null,
    text: firstCharacters(params.get('text') ?? '', MAX_TEXT_LENGTH),
    color: catalog.colors.some((c) => c.name === params.get('color')) ? params.get('color')! : '',
    font: catalog.fonts.includes(params.get('font') ?? '') ? params.get('font')! : DEFAULT_FONT,
  };
}

/**
 * The designer's choices. Each product type remembers its own model or size, so switching to the
 * bottle and back keeps the iPhone the shopper picked.
 */
export function useDesignState(catalog: Catalog) {
  const [params] = useSearchParams();
  const [initial] = useState(() => designFromLink(params, catalog));
  const [productType, setProductType] = useState<ProductTypeId>(initial.productType ?? 'phone-case');
  const [chosen, setChosen] = useState<Partial<Record<ProductTypeId, string>>>(() =>
    initial.productType && initial.variant ? { [initial.productType]: initial.variant } : {},
  );
  const [switching, setSwitching] = useState<string | null>(null);
  const [text, setText] = useState(initial.text);
  const [color, setColor] = useState(initial.color);
  const [font, setFontName] = useState<string>(initial.font);
  const [fontSize, setFontSize] = useState(() => fontSizeRange(initial.font).initial);
  const switchTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(switchTimer.current), []);

  const type = catalog.productTypes.find((t) => t.id === productType) ?? catalog.productTypes[0]!;
  const remembered = chosen[productType];
  const variant = switching ? '' : remembered && type.variants.includes(remembered) ? remembered : (type.variants[0] ?? '');

  /** A size left at one font's starting size moves to the next font's; any other is kept inside the new font's range. */
  const setFont = useCallback(
    (next: string) => {
      setFontName(next);
      setFontSize((size) => (size === fontSizeRange(font).initial ? fontSizeRange(next).initial : clampFontSize(next, size)));
    },
    [font],
  );

  const setVariant = useCallback((value: string) => setChosen((current) => ({ ...current, [productType]: value })), [productType]);

  const switchProduct = useCallback(
    (id: string) => {
      const next = catalog.productTypes.find((t) => t.id === id);
      if (!next) return;
      clearTimeout(switchTimer.current);
      setSwitching(`Switching to ${next.name}…`);
      switchTimer.current = setTimeout(() => {
        setProductType(next.id as ProductTypeId);
        setSwitching(null);
      }, SWITCH_DELAY_MS);
    },
    [catalog.productTypes],
  );

  return { type, productType, variant, setVariant, switching, switchProduct, text, setText, color, setColor, font, setFont, fontSize, setFontSize };
}
