import { ByteWriter } from './byte-writer';
import { forEachPlacedPoint, type CutJob, type CutSheet } from './cut-sheet';
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
export function cutJobHpgl(job: CutJob, sheets: readonly CutSheet[] = job.sheets): Buffer {
  const out = new ByteWriter().text('IN;\nSP1;\n');
  const u = (mm: number) => Math.round(mm * HPGL_UNITS_PER_MM);
  // One contour: pen up to its first point, pen down through the rest and back to it; points that
  // round to the one before are left out.
  let first: [number, number] | null = null;
  let last: [number, number] = [NaN, NaN];
  const to = (across: number, along: number) => {
    if (!first) {
      first = [across, along];
      last = first;
      out.text('PU').int(along).char(44).int(across).text(';\nPD');
      return;
    }
    if (across === last[0] && along === last[1]) return;
    if (last !== first) out.char(44);
    out.int(along).char(44).int(across);
    last = [across, along];
  };
  const close = () => {
    if (!first) return;
    to(first[0], first[1]);
    out.text(';\n');
    first = null;
  };
  sheetOffsets(sheets).forEach((offsetMm, s) => {
    const along = u(offsetMm);
    for (const decal of sheets[s]!.decals) {
      forEachPlacedPoint(decal, 0, (x, y, start) => {
        if (start) close();
        to(Math.round(x / MICRONS_PER_UNIT), Math.round(y / MICRONS_PER_UNIT) + along);
      });
      close();
      const { x, y, width, height } = decal.box;
      for (const [px, py] of [[x, y], [x + width, y], [x + width, y + height], [x, y + height]] as const) to(u(px), u(py) + along);
      close();
    }
  });
  return out.text('PU0,0;\nSP0;\n').bytes();
}
