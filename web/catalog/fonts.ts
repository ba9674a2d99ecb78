/**
 * CSS font stacks of the design fonts (shared/fonts.ts), for the few places that set a design's
 * text with CSS (the designer's text preview, the gallery). web/styles/fonts.css declares those
 * families with @font-face rules that load the renderer's own files, and a declared family always
 * shadows an installed font of the same name, so a CSS preview draws the print file's glyphs.
 */
export { fontStack } from '../../shared/fonts';
