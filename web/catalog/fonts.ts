import { fontStack } from '../../shared/fonts';

export { fontStack };

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
