/** Relative luminance of a #rrggbb colour (WCAG 2). */
function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255).map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
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
