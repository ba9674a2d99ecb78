/**
 * The design font files, fetched as soon as a page knows it will lay out a design, alongside the
 * renderer's chunks instead of after them (one Slow 3G round trip is 2 s). The renderer reads the
 * bytes from here (browser-renderer.ts); a file not fetched early, or whose early fetch failed, is
 * fetched again by the renderer itself.
 */
import { DEFAULT_FONT, fontOrDefault } from '../../shared/catalog';
import { DESIGN_FONT_FILES, type DesignFontFile } from '../../shared/render/font-files';

const early = new Map<string, Promise<ArrayBuffer>>();
/** Files whose early bytes the renderer has taken: it keeps the parsed font, so they are not fetched early again. */
const taken = new Set<string>();

async function fetchBytes(file: DesignFontFile): Promise<ArrayBuffer> {
  const response = await fetch(file.url);
  if (!response.ok) throw new Error(`Font file ${file.fileName} could not be loaded (HTTP ${response.status}).`);
  return response.arrayBuffer();
}

/**
 * Starts fetching the first (latin) file of the named fonts and of the default font, which every
 * layout loads; the render worker asks for a font's other files only for a text that needs them
 * (font-cache.ts).
 */
export function fetchFontFilesEarly(names: readonly string[]): void {
  for (const name of new Set([DEFAULT_FONT, ...names.map(fontOrDefault)])) {
    const file = DESIGN_FONT_FILES[name].files[0]!;
    if (early.has(file.url) || taken.has(file.url)) continue;
    const bytes = fetchBytes(file);
    bytes.catch(() => early.delete(file.url));
    early.set(file.url, bytes);
  }
}

/** A font file's bytes: the early fetch's when there is one (handed out once), else a new fetch. */
export function fontFileBytes(file: DesignFontFile): Promise<ArrayBuffer> {
  const bytes = early.get(file.url);
  early.delete(file.url);
  taken.add(file.url);
  return bytes ?? fetchBytes(file);
}
