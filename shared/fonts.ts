/**
 * CSS font stacks of the design fonts, for text the browser sets itself (the font picker, captions).
 * The family and weight are those of the renderer's font files (shared/render/font-files.ts), so the
 * name "Pecita" is never looked up on the machine: Dancing Script stands in for it everywhere
 * (docs/decisions.md). Designs themselves are drawn from the renderer's outlines.
 */
import { fontOrDefault, type FontName } from './catalog';
import { DESIGN_FONT_FILES } from './render/font-files';

const FALLBACK: Record<FontName, string> = { Pecita: 'cursive', Inter: 'system-ui, sans-serif', Poppins: 'system-ui, sans-serif' };

export function fontStack(font: string): { family: string; weight: number } {
  const name = fontOrDefault(font);
  const face = DESIGN_FONT_FILES[name];
  return { family: `"${face.family}", ${FALLBACK[name]}`, weight: face.weight };
}
