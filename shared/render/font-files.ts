/**
 * The design fonts as files: the same .woff files are fetched by the browser (Vite emits them as
 * assets through the `new URL(…, import.meta.url)` pattern, and the service worker precaches them)
 * and read from disk by the server. They are copies of @fontsource 5.3.0 files kept in the
 * repository, so a package update can never change how an order already placed is printed.
 *
 * "Pecita" is the name the shop shows and stores; Dancing Script 700 stands in for it
 * (docs/decisions/print-files.md).
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

function file(font: FontName, subset: FontSubset, fileName: string, url: URL): DesignFontFile {
  return { font, subset, fileName, url: url.href };
}

// Each URL is written out in full: that is the pattern Vite recognises to emit the asset.
export const DESIGN_FONT_FILES: Readonly<Record<FontName, DesignFontFace>> = {
  Pecita: {
    family: 'Dancing Script',
    weight: 700,
    files: [
      file('Pecita', 'latin', 'dancing-script-latin-700-normal.woff', new URL('./fonts/dancing-script-latin-700-normal.woff', import.meta.url)),
      file('Pecita', 'latin-ext', 'dancing-script-latin-ext-700-normal.woff', new URL('./fonts/dancing-script-latin-ext-700-normal.woff', import.meta.url)),
    ],
  },
  Inter: {
    family: 'Inter',
    weight: 700,
    files: [
      file('Inter', 'latin', 'inter-latin-700-normal.woff', new URL('./fonts/inter-latin-700-normal.woff', import.meta.url)),
      file('Inter', 'latin-ext', 'inter-latin-ext-700-normal.woff', new URL('./fonts/inter-latin-ext-700-normal.woff', import.meta.url)),
    ],
  },
  Poppins: {
    family: 'Poppins',
    weight: 600,
    files: [
      file('Poppins', 'latin', 'poppins-latin-600-normal.woff', new URL('./fonts/poppins-latin-600-normal.woff', import.meta.url)),
      file('Poppins', 'latin-ext', 'poppins-latin-ext-600-normal.woff', new URL('./fonts/poppins-latin-ext-600-normal.woff', import.meta.url)),
    ],
  },
};

/** The font of the labels in print files (outlined like the design, so no `<text>` is needed). */
export const LABEL_FONT: FontName = 'Inter';
