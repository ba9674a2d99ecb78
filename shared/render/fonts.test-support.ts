/** Test-only: the design fonts parsed once per test file, from the real files on disk. */
import type { DesignFonts } from './font-loader';
import { loadDesignFonts } from './font-loader';
import { fileFontSource } from './node-font-source';

let fonts: Promise<DesignFonts> | null = null;

export function testFonts(): Promise<DesignFonts> {
  fonts ??= loadDesignFonts(fileFontSource);
  return fonts;
}
