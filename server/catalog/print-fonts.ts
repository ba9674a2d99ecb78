import { loadDesignFonts, type DesignFonts } from '../../shared/render';
import { fileFontSource } from '../../shared/render/node-font-source';

/** The design fonts from shared/render/fonts/ (the files the browser loads), parsed once per process. */
export function printFonts(): Promise<DesignFonts> {
  return loadDesignFonts(fileFontSource);
}
