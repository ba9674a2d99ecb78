/**
 * CSS font stacks for the design fonts. Pecita is not available as a package, so the
 * self-hosted Dancing Script stands in (docs/decisions/web-shop.md); a locally installed Pecita
 * still wins because it is named first.
 */
const STACKS: Record<string, { family: string; weight: number }> = {
  Pecita: { family: '"Pecita", "Dancing Script", cursive', weight: 700 },
  Inter: { family: '"Inter", system-ui, sans-serif', weight: 700 },
  Poppins: { family: '"Poppins", system-ui, sans-serif', weight: 600 },
};

export function fontStack(font: string): { family: string; weight: number } {
  return STACKS[font] ?? STACKS.Pecita;
}

export function cssFont(font: string, sizePx: number): string {
  const { family, weight } = fontStack(font);
  return `${weight} ${sizePx}px ${family}`;
}

/** Resolves once the design font can be drawn (it is self-hosted, so this works offline too). */
export async function loadDesignFont(font: string): Promise<void> {
  if (typeof document === 'undefined' || !document.fonts?.load) return;
  try {
    await document.fonts.load(cssFont(font, 48), 'Aa');
  } catch {
    // A font that cannot load falls back to the next family of the stack.
  }
}
