/**
 * A design's cut worked out once (cut-design.ts), under its design key: derived data, rebuilt by
 * the next cut job if lost, so it never needs restoring; the key names its version.
 */
export interface CutDesignTable {
  design_key: string;
  /** The cut outline's box in the print area, mm, as JSON `{x, y, width, height}`; null for a design without ink. */
  box: string | null;
  /** The outline's contours in whole µm (encodeOutline); empty for a design without ink. */
  outline: Uint8Array;
  /** What may tear, as JSON ThinFeatures; null when nothing is under the minimum. */
  thin: string | null;
  created_at: number;
}

declare module '../../db/schema' {
  interface Database {
    cut_designs: CutDesignTable;
  }
}
