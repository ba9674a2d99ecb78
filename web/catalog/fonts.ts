/**
 * CSS font stacks of the design fonts, for the few places that set a design's text with CSS (the
 * designer's text preview, the gallery). Each names the @font-face of web/styles/fonts.css, which
 * loads the renderer's own file, so a CSS preview draws the same glyphs as the canvas and the
 * print file; the generic family only shows if that file cannot load.
 */
const STACKS: Record<string, { family: string; weight: number }> = {
  Pecita: { family: '"Design Pecita", cursive', weight: 700 },
  Inter: { family: '"Design Inter", system-ui, sans-serif', weight: 700 },
  Poppins: { family: '"Design Poppins", system-ui, sans-serif', weight: 600 },
};

export function fontStack(font: string): { family: string; weight: number } {
  return STACKS[font] ?? STACKS.Pecita!;
}
