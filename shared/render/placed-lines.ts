import type { Affine, ShapedLine } from './outline';

/** The shaped line and em → area matrix each layout was drawn from, so its outline can be cut without shaping it again. */
export interface PlacedLine {
  line: ShapedLine;
  toArea: Affine;
}

/** Keyed by the layout object (a DesignLayout; typed loosely so layout.ts can import this). */
const placed = new WeakMap<object, PlacedLine>();

export function rememberPlacedLine<T extends object>(layout: T, line: PlacedLine): T {
  placed.set(layout, line);
  return layout;
}

export function placedLineOf(layout: object): PlacedLine | undefined {
  return placed.get(layout);
}
