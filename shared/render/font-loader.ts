import type { Font } from 'fontkit';
import { FONTS, fontOrDefault, type FontName } from '../catalog';
import { DESIGN_FONT_FILES, type DesignFontFile } from './font-files';

/**
 * Reads one font file's bytes. Injected so the renderer itself never touches the file system or the
 * network: the server reads from disk (node-font-source.ts), the browser fetches the asset URL.
 */
export type FontSource = (file: DesignFontFile) => Promise<ArrayBuffer | Uint8Array>;

/** The browser's source: the built asset URL, through fetch (and the service worker's precache). */
export const fetchFontSource: FontSource = async (file) => {
  const response = await fetch(file.url);
  if (!response.ok) throw new Error(`Font file ${file.fileName} could not be loaded (HTTP ${response.status}).`);
  return response.arrayBuffer();
};

/** One design font, parsed: its files in fallback order. */
export interface LoadedFont {
  name: FontName;
  faces: readonly Font[];
}

/** The parsed design fonts; layout is synchronous once this exists. */
export class DesignFonts {
  constructor(private readonly byName: ReadonlyMap<FontName, LoadedFont>) {}

  /**
   * The named font; a name outside the catalogue gets the default (Pecita), as a stored old order
   * may. A catalogue font that was not loaded is an error, never silently another font.
   */
  get(name: string): LoadedFont {
    const wanted = fontOrDefault(name);
    const font = this.byName.get(wanted);
    if (!font) throw new Error(`Font ${wanted} is not loaded (loaded: ${[...this.byName.keys()].join(', ')}).`);
    return font;
  }

  has(name: string): boolean {
    return this.byName.has(name as FontName);
  }
}

type Fontkit = typeof import('fontkit');
let fontkitModule: Promise<Fontkit> | null = null;

/** fontkit is imported on first use, so a browser page that never lays out a design never loads it. */
function fontkit(): Promise<Fontkit> {
  fontkitModule ??= import('fontkit').then((module) => ((module as { default?: Fontkit }).default ?? module) as Fontkit);
  return fontkitModule;
}

function toBytes(data: ArrayBuffer | Uint8Array): Uint8Array {
  return data instanceof Uint8Array ? data : new Uint8Array(data);
}

const loaded = new WeakMap<FontSource, Map<string, Promise<DesignFonts>>>();

/**
 * Loads and parses the named design fonts (all three by default). Files are fetched in parallel;
 * a missing or damaged file rejects with the file's name. Fonts are parsed once per source and set
 * of names (a failed load is forgotten, so the next call tries again).
 */
export function loadDesignFonts(source: FontSource, names: readonly FontName[] = FONTS): Promise<DesignFonts> {
  let bySource = loaded.get(source);
  if (!bySource) loaded.set(source, (bySource = new Map()));
  const key = [...names].sort().join(',');
  let fonts = bySource.get(key);
  if (!fonts) {
    fonts = parseDesignFonts(source, names);
    bySource.set(key, fonts);
    fonts.catch(() => bySource.delete(key));
  }
  return fonts;
}

/** One font file, fetched from `source` and parsed; a damaged file rejects with the file's name. */
export async function parseFontFile(source: FontSource, file: DesignFontFile): Promise<Font> {
  const kit = await fontkit();
  const bytes = toBytes(await source(file));
  // fontkit's types ask for a Buffer; it reads any Uint8Array (the browser has no Buffer).
  const font = kit.create(bytes as Buffer);
  if (!('unitsPerEm' in font)) throw new Error(`Font file ${file.fileName} is a collection, not one font.`);
  return font;
}

async function parseDesignFonts(source: FontSource, names: readonly FontName[]): Promise<DesignFonts> {
  const parsed = await Promise.all(
    names.map(async (name): Promise<LoadedFont> => ({ name, faces: await Promise.all(DESIGN_FONT_FILES[name].files.map((file) => parseFontFile(source, file))) })),
  );
  return new DesignFonts(new Map(parsed.map((font) => [font.name, font])));
}
