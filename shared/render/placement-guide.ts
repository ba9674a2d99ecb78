/**
 * Where the decal goes on its product, for whoever applies it (shared/decal.ts places it; the
 * designer's mockup draws it there): ticks at the middle of each edge of the print area, drawn
 * outside it, and one line of outlined text under it ("Centre 58 mm below the camera"). A layer of
 * its own beside the guides, never in the design layer, so it is never cut.
 */
import { decalPlacementOf } from '../decal';
import type { DesignFonts } from './font-loader';
import { LABEL_FONT } from './font-files';
import type { DesignLayout } from './layout';
import { escapeXml, labelLine, labelSvg, mm } from './svg';

const TICK = 3;
const TICK_GAP = 0.8;
const GUIDE_SIZE = 2.5;
const GUIDE_COLOUR = '#00a0e3';

/** The placement guide of one print area, in the area's mm (0,0 its top-left), text under the area. */
export function placementGuide(design: { device: string; productType?: string | null; placementGuide?: string | null }, layout: DesignLayout, fonts: DesignFonts): string {
  const { width, length } = layout.area;
  const guide = design.placementGuide ?? decalPlacementOf(design).guide;
  const ticks = [
    [width / 2, -TICK_GAP - TICK, width / 2, -TICK_GAP],
    [width / 2, length + TICK_GAP, width / 2, length + TICK_GAP + TICK],
    [-TICK_GAP - TICK, length / 2, -TICK_GAP, length / 2],
    [width + TICK_GAP, length / 2, width + TICK_GAP + TICK, length / 2],
  ]
    .map(([x1, y1, x2, y2]) => `<line x1="${mm(x1!)}" y1="${mm(y1!)}" x2="${mm(x2!)}" y2="${mm(y2!)}"/>`)
    .join('');
  const line = labelLine(guide, LABEL_FONT, fonts);
  const size = Math.min(GUIDE_SIZE, (width + TICK * 2) / Math.max(line.advance, 1));
  const text = labelSvg(line, { x: width / 2 - (line.advance * size) / 2, y: length + TICK_GAP + TICK + size + 0.6, sizeMm: size }, GUIDE_COLOUR);
  return `<g class="placement" data-guide="${escapeXml(guide)}"><title>${escapeXml(guide)}</title><g stroke="${GUIDE_COLOUR}" stroke-width="0.25">${ticks}</g>${text}</g>`;
}
