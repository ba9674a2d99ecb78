import type { FontName } from '../../shared/catalog';
import { loadDesignFonts, type FontSource, type LoadedFont } from '../../shared/render';

/**
 * Loads each font from `source` once and keeps it; a failed load (offline before the files were
 * cached) is forgotten, so it is tried again next time.
 */
export function cachedFontLoader(source: FontSource): (name: FontName) => Promise<LoadedFont> {
  const loaded = new Map<FontName, Promise<LoadedFont>>();
  return (name) => {
    let font = loaded.get(name);
    if (!font) {
      font = loadDesignFonts(source, [name]).then((fonts) => fonts.get(name));
      font.catch(() => loaded.delete(name));
      loaded.set(name, font);
    }
    return font;
  };
}
