/**
 * The design fonts as files: the same .woff files are fetched by the browser (Vite emits them as
 * assets through the `new URL(…, import.meta.url)` pattern, and the service worker precaches them)
 * and read from disk by the server. They are copies of @fontsource 5.3.0 files kept in the
 * repository, so a package update can never change how an order already placed is printed.
 *
 * "Pecita" is the name the shop shows and stores; Dancing Script 700 stands in for it
 * (docs/decisions.md).
 */
import type { FontName } from '../catalog';

export type FontSubset = 'latin' | 'latin-ext';

export interface DesignFontFile {
  font: FontName;
  subset: FontSubset;
  /** The file's name under shared/render/fonts/. */
  fileName: string;
  /** Where to get it: a file: URL on the server, the built asset's URL in the browser. */
  url: string;
}

export interface DesignFontFace {
  /** The CSS family of the file, for an @font-face that should load the very same file. */
  family: string;
  weight: number;
  /** Files in fallback order: a character is drawn from the first file that has it. */
  files: readonly DesignFontFile[];
}

/** A design font of two files, `{stem}-latin-{weight}-normal.woff` then `{stem}-latin-ext-{weight}-normal.woff`. */
function face(font: FontName, family: string, weight: number, stem: string, latin: URL, latinExt: URL): DesignFontFace {
  const file = (subset: FontSubset, url: URL): DesignFontFile => ({ font, subset, fileName: `${stem}-${subset}-${weight}-normal.woff`, url: url.href });
  return { family, weight, files: [file('latin', latin), file('latin-ext', latinExt)] };
}

// Each URL is written out in full: that is the pattern Vite recognises to emit the asset.
export const DESIGN_FONT_FILES: Readonly<Record<FontName, DesignFontFace>> = {
  Pecita: face(
    'Pecita',
    'Dancing Script',
    700,
    'dancing-script',
    new URL('./fonts/dancing-script-latin-700-normal.woff', import.meta.url),
    new URL('./fonts/dancing-script-latin-ext-700-normal.woff', import.meta.url),
  ),
  Inter: face(
    'Inter',
    'Inter',
    700,
    'inter',
    new URL('./fonts/inter-latin-700-normal.woff', import.meta.url),
    new URL('./fonts/inter-latin-ext-700-normal.woff', import.meta.url),
  ),
  Poppins: face(
    'Poppins',
    'Poppins',
    600,
    'poppins',
    new URL('./fonts/poppins-latin-600-normal.woff', import.meta.url),
    new URL('./fonts/poppins-latin-ext-600-normal.woff', import.meta.url),
  ),
};

/** The font of the labels in print files (outlined like the design, so no `<text>` is needed). */
export const LABEL_FONT: FontName = 'Inter';
