import type { ProductTypeId } from '../../shared/catalog';

/** Relative luminance of a #rrggbb colour (WCAG 2). */
function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255).map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG contrast ratio of two #rrggbb colours (1 to 21). */
export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light + 0.05) / (dark + 0.05);
}

const LIGHT = '#ffffff';
const DARK = '#2a0e24';

/**
 * The backdrop (white or the brand's dark plum) on which a design colour reads best, so light
 * colours such as Yellow stay legible in previews and the cart.
 */
export function backdropFor(hex: string): string {
  const l = luminance(hex);
  const onLight = 1.05 / (l + 0.05);
  const onDark = (l + 0.05) / (luminance(DARK) + 0.05);
  return onDark > onLight ? DARK : LIGHT;
}

/** The surface the text is printed on, as the mockup draws it (white case, white bottle, champagne). */
export const PRODUCT_SURFACES: Record<ProductTypeId, { hex: string; name: string }> = {
  'phone-case': { hex: '#F6F2F1', name: 'the white case' },
  'water-bottle': { hex: '#EFECEE', name: 'the white bottle' },
  'champagne-glass': { hex: '#F8E3A0', name: 'the champagne' },
};

/**
 * Below this ratio a colour is hard to read on the product (Yellow, Light Orange and Pink on every
 * product); Orange (2.05-2.35) and darker colours pass. A gentle warning, never a block.
 */
export const LOW_CONTRAST_RATIO = 2;

/** The warning for a light colour on a light product, or null when the text will read well. */
export function lowContrastWarning(colorName: string, hex: string | null, productType: ProductTypeId): string | null {
  if (!hex) return null;
  const surface = PRODUCT_SURFACES[productType];
  if (contrastRatio(hex, surface.hex) >= LOW_CONTRAST_RATIO) return null;
  return `${colorName} is hard to read on ${surface.name}. A deeper colour such as Hot Pink, Blue or Purple stands out more.`;
}
