/** Test-only: the design fonts, parsed once per test file, from the real files on disk. */
import { loadDesignFonts, type DesignFonts } from './font-loader';
import { fileFontSource } from './node-font-source';

export function testFonts(): Promise<DesignFonts> {
  return loadDesignFonts(fileFontSource);
}
