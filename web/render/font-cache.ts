import type { Font } from 'fontkit';
import type { FontName } from '../../shared/catalog';
import { DESIGN_FONT_FILES } from '../../shared/render/font-files';
import { normalizeDesignText, parseFontFile, type FontSource, type LoadedFont } from '../../shared/render';

/**
 * Loads a font for laying out `text`. Without a text, every file of the font; with one (possibly
 * empty), the font's first file alone (latin) when it has every character of the text, else every
 * file. The renderer draws each character from the first file that has it (outline.ts), so a
 * text the first file covers lays out exactly as with all files loaded, and a phone on a slow
 * network fetches the latin-ext file only for a text that needs it.
 */
export type FontLoader = (name: FontName, text?: string) => Promise<LoadedFont>;

/**
 * Loads each font file from `source` once and keeps it; a failed load (offline before the files
 * were cached) is forgotten, so it is tried again next time.
 */
export function cachedFontLoader(source: FontSource): FontLoader {
  const parsed = new Map<string, Promise<Font>>();
  const face = (name: FontName, index: number): Promise<Font> => {
    const file = DESIGN_FONT_FILES[name].files[index]!;
    let font = parsed.get(file.url);
    if (!font) {
      font = parseFontFile(source, file);
      font.catch(() => parsed.delete(file.url));
      parsed.set(file.url, font);
    }
    return font;
  };
  const all = async (name: FontName): Promise<LoadedFont> => ({ name, faces: await Promise.all(DESIGN_FONT_FILES[name].files.map((_, index) => face(name, index))) });
  return async (name, text) => {
    if (text === undefined) return all(name);
    const first = await face(name, 0);
    const covered = [...normalizeDesignText(text)].every((char) => first.hasGlyphForCodePoint(char.codePointAt(0)!));
    return covered ? { name, faces: [first] } : all(name);
  };
}
