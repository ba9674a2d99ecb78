import { loadDesignFonts, type DesignFonts } from '../../shared/render';
import { fileFontSource } from '../../shared/render/node-font-source';

let loading: Promise<DesignFonts> | null = null;

/**
 * The design fonts, parsed once per process from shared/render/fonts/ (the files the browser loads).
 * A failed load is not cached, so a later request tries again.
 */
export function printFonts(): Promise<DesignFonts> {
  loading ??= loadDesignFonts(fileFontSource).catch((error: unknown) => {
    loading = null;
    throw error;
  });
  return loading;
}
