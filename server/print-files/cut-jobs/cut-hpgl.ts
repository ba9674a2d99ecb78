import { flattenSegments, parsePathData, type Point } from '../path-geometry';
import type { CutSheet } from './cut-sheet';
import { weedBoxPath } from './cut-svg';

/** HPGL plotter units per mm (one unit = 0.025 mm). */
export const HPGL_UNITS_PER_MM = 40;
/**
 * Curves are flattened to 0.03 mm so that, with rounding to whole plotter units (up to
 * 0.0125 mm on each axis), every cut stays within 0.05 mm of the true outline.
 */
const FLATTEN_TOLERANCE_MM = 0.03;

const unit = (mm: number) => Math.round(mm * HPGL_UNITS_PER_MM);

/**
 * The sheet's cuts for a plain vinyl cutter: `IN;`, then each closed contour as a pen-up move to
 * its start and one pen-down polyline. X runs along the roll (the feed), Y across it, as
 * Roland/Graphtec cutters take a sheet loaded with its length in the feed. Each decal's letters
 * are cut before its weeding box, so small pieces are cut while the vinyl around them is held.
 * Labels and registration marks are for printers, not for a knife: they are left out.
 */
export function cutSheetHpgl(sheet: CutSheet): string {
  const commands = ['IN;', 'SP1;'];
  const plot = (contour: readonly Point[]) => {
    const [first, ...rest] = contour.map(([x, y]) => `${unit(y)},${unit(x)}`);
    commands.push(`PU${first};`, `PD${rest.join(',')};`);
  };
  for (const decal of sheet.decals) {
    for (const contour of flattenSegments(decal.outline, FLATTEN_TOLERANCE_MM)) plot(contour);
    for (const contour of flattenSegments(parsePathData(weedBoxPath(decal)), FLATTEN_TOLERANCE_MM)) plot(contour);
  }
  commands.push('PU0,0;', 'SP0;');
  return commands.join('\n') + '\n';
}
