/**
 * The one renderer of a design (design.md §6): the customizer canvas, every thumbnail and the print
 * files all draw what this lays out, from the same font files, so preview and print cannot drift.
 *
 * ## Fonts (async, injected)
 * - `DESIGN_FONT_FILES[font].files`: the .woff2 files of each design font (Pecita = Dancing Script
 *   700, Inter 700, Poppins 600; latin then latin-ext), each with a `url` (file: URL on the server,
 *   the Vite asset URL in the browser) and the CSS `family`/`weight` for an @font-face of the same file.
 * - `loadDesignFonts(source, names?) → Promise<DesignFonts>`: fetches and parses the files with
 *   fontkit, which is imported dynamically (it stays out of the browser's first-load bundle).
 *   `source` is a `FontSource = (file) => Promise<ArrayBuffer | Uint8Array>`:
 *   `fetchFontSource` in the browser, `fileFontSource` (./node-font-source, Node only) on the server.
 *   Parsed once per source and set of names (cached promise; a failure is retried on the next call).
 *
 * ## Layout (synchronous once fonts are loaded)
 * - `layoutDesign(design, fonts) → DesignLayout`: `design` is `{ device, productType?, text, color,
 *   font, fontSize }` (a cart line, an order line, the customizer state). The variant decides the
 *   product and its print `area {width, length}` in mm (phone case 68×140, bottle 70×180, Large Bottle
 *   80×220, glass 40×110). The text is shaped by fontkit from the real font file (advances, kerning,
 *   the font's ligatures), set at fontSize × 0.5 mm, shrunk to keep its ink inside 80 % of the width
 *   and 90 % of the length, and rotated 90° clockwise: it runs down the area (+y), letter tops towards
 *   +x. Result: `pathData` (SVG path data in area mm, nonzero fill), `fill` (#RRGGBB), `fontSizeMm`,
 *   `preferredFontSizeMm`, `ink` (mm box or null), `missing` (characters left out), `productType`,
 *   `area`, `text` (NFC), `font`.
 *   A canvas draws it with `ctx.translate(x, y); ctx.scale(pxPerMm, pxPerMm); ctx.fill(new Path2D(layout.pathData))`.
 * - `printAreaOf(design)`, `productTypeOf(design)`: the area and product a variant prints on.
 *
 * ## Output
 * - `designToSvg(layout, { background?, guides?, title? })`: one design at physical size (mm).
 * - `buildPrintSheet(order, fonts, { lines?, marks? })`: an order's print file, one artboard
 *   `<g id="line-N" data-quantity>` per line, labels and guides in their own layers, no `<text>`;
 *   `renderPrintSheet(…)` gives `{ svg, width, height }` (mm). `printLineFileName`, `printFileName`.
 * - `outlineText(text, font, fonts, {x, y, sizeMm})`: horizontal text as outlines (labels).
 *
 * ## The cut (print files and cut jobs)
 * - `decalOutline(layout) → { contours, pathData, areaMm2 }`: the union of the layout's glyphs
 *   (clipper2-ts, nonzero), curves flattened within `FLATTEN_TOLERANCE_MM` (0.01 mm), on a 1 µm
 *   grid: one boundary per piece of ink and per hole, so no cut runs through ink and nonzero and
 *   even-odd fill agree. A font in `WEIGHT_COMPENSATION` (Pecita) is then grown and its narrow gaps
 *   filled (cut-outline.ts), and its layout's `pathData` is this outline; for the others `pathData`
 *   is the glyphs, the same ink under nonzero fill without the union's cost. The print sheet's
 *   design layer and the cut jobs draw the outline; the canvas, thumbnails and mail draw `pathData`.
 * - `thinFeaturesOf(layout, minMm) → { thinnestStrokeMm, narrowestGapMm }`: parts of that outline
 *   under the minimum that risk tearing; `findThinFeatures(mask, minMm)` on a mask of one's own.
 *
 * ## Validation (synchronous, no font parsing: a table generated from the files)
 * - `unsupportedCharacters(text, font) → string[]`: characters the font cannot draw (emoji, scripts
 *   outside latin / latin-ext), each once. `forbiddenCharacters(text)`: control, bidi and other
 *   invisible characters no design may hold. `normalizeDesignText(text)`: NFC, as laid out.
 */
export { DESIGN_FONT_FILES, LABEL_FONT, type DesignFontFace, type DesignFontFile, type FontSubset } from './font-files';
export { DesignFonts, fetchFontSource, loadDesignFonts, parseFontFile, type FontSource, type LoadedFont } from './font-loader';
export { fontCovers, forbiddenCharacters, normalizeDesignText, unsupportedCharacters } from './coverage';
export {
  FILL_ACROSS,
  FILL_ALONG,
  MM_PER_DESIGN_PX,
  layoutDesign,
  printAreaOf,
  productTypeOf,
  type DecalFit,
  type DesignLayout,
  type MmBox,
  type PrintArea,
  type RenderableDesign,
} from './layout';
export { designToSvg, escapeXml, outlineText, type DesignSvgOptions } from './svg';
export { decalOutline, FLATTEN_TOLERANCE_MM, micronPathData, thinFeaturesOf, unionOf, type DecalOutline } from './decal-outline';
export type { FlatContour } from './flatten';
export { findThinFeatures, maskResolutionFor, type FeatureMask, type ThinFeatures } from './thin-features';
export {
  buildPrintSheet,
  renderPrintSheet,
  printFileName,
  printLineFileName,
  printLineLabel,
  selectLines,
  type PrintLine,
  type PrintOrder,
  type PrintSheetOptions,
} from './print-sheet';
