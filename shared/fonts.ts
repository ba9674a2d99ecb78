/**
 * Font stacks of the design fonts, for the browser's canvas and for the print file. Pecita is not
 * available as a package, so the self-hosted Dancing Script stands in (docs/decisions/web-shop.md);
 * a locally installed Pecita (the print room's) still wins because it is named first.
 */
const STACKS: Record<string, { family: string; weight: number }> = {
  Pecita: { family: '"Pecita", "Dancing Script", cursive', weight: 700 },
  Inter: { family: '"Inter", system-ui, sans-serif', weight: 700 },
  Poppins: { family: '"Poppins", system-ui, sans-serif', weight: 600 },
};

export function fontStack(font: string): { family: string; weight: number } {
  return STACKS[font] ?? STACKS.Pecita!;
}
