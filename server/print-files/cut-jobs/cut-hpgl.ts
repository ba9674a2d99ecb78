import { placedMicrons, type CutJob, type CutSheet } from './cut-sheet';
import { sheetOffsets } from './cut-svg';

/** HPGL plotter units per mm (one unit = 0.025 mm). */
export const HPGL_UNITS_PER_MM = 40;
const MICRONS_PER_UNIT = 1000 / HPGL_UNITS_PER_MM;

/**
 * The job's cuts for a plain vinyl cutter: `IN;`, then each closed contour as a pen-up move to its
 * start and one pen-down polyline back to it, in whole plotter units (the outline is already
 * flattened within 0.01 mm; rounding adds at most 0.0125 mm on each axis). X runs along the roll
 * (the feed), Y across it, as Roland/Graphtec cutters take a roll loaded with its length in the
 * feed; the sheets follow one another along it. Each decal's letters are cut before its weeding
 * box, so small pieces are cut while the vinyl around them is held. Labels, marks and thin-feature
 * marks are for people and printers, not for a knife: they are left out.
 */
export function cutJobHpgl(job: CutJob, sheets: readonly CutSheet[] = job.sheets): string {
  const commands = ['IN;', 'SP1;'];
  const plot = (points: number[]) => {
    // points: x across, y along (units); consecutive repeats after rounding are dropped.
    let pen = `PD`;
    let last = '';
    for (let i = 2; i < points.length; i += 2) {
      const at = `${points[i + 1]},${points[i]}`;
      if (at === last) continue;
      pen += (pen.length > 2 ? ',' : '') + at;
      last = at;
    }
    commands.push(`PU${points[1]},${points[0]};`, `${pen};`);
  };
  sheetOffsets(sheets).forEach((offsetMm, s) => {
    const along = Math.round(offsetMm * HPGL_UNITS_PER_MM);
    for (const decal of sheets[s]!.decals) {
      for (const contour of placedMicrons(decal)) {
        const points: number[] = [];
        for (let i = 0; i <= contour.length; i += 2) {
          const k = i === contour.length ? 0 : i;
          points.push(Math.round(contour[k]! / MICRONS_PER_UNIT), Math.round(contour[k + 1]! / MICRONS_PER_UNIT) + along);
        }
        plot(points);
      }
      const { x, y, width, height } = decal.box;
      const u = (mm: number) => Math.round(mm * HPGL_UNITS_PER_MM);
      plot([u(x), u(y) + along, u(x + width), u(y) + along, u(x + width), u(y + height) + along, u(x), u(y + height) + along, u(x), u(y) + along]);
    }
  });
  commands.push('PU0,0;', 'SP0;');
  return commands.join('\n') + '\n';
}
