import fs from 'node:fs';
import { createRequire } from 'node:module';
import * as fontkit from 'fontkit';
import { renderAsync } from '@resvg/resvg-js';
import { colorHex } from '../../shared/catalog';

/** What the picture of a design needs of an order line. */
export interface MailDesignItem {
  text: string;
  color: string;
  font: string;
}

/** An image attached to the mail and shown inline through `cid:` (no remote images in mails). */
export interface MailImage {
  cid: string;
  filename: string;
  contentType: 'image/png';
  content: Buffer;
  /** CSS pixels the mail shows it at (the PNG has twice as many, for sharp screens). */
  width: number;
  height: number;
}

const WIDTH = 280;
const HEIGHT = 72;
const SCALE = 2;

/**
 * The picture of one design line for the mails: the customer's text in its colour and font, as
 * glyph outlines (fontkit, from the same self-hosted font files the web app serves), rasterised to
 * PNG (resvg), since mail clients do not show SVG. One function, so that it can draw through the
 * shared design renderer (issue 13, shared/render/) once that is on this branch. Rasterised on
 * libuv's thread pool (renderAsync), so the event loop serving shoppers does not wait for it.
 */
export async function designImageForMail(item: MailDesignItem, cid: string): Promise<MailImage> {
  const svg = designSvg(item);
  const png = (await renderAsync(svg, { fitTo: { mode: 'width', value: WIDTH * SCALE } })).asPng();
  return { cid, filename: `${cid.split('@')[0]}.png`, contentType: 'image/png', content: png, width: WIDTH, height: HEIGHT };
}

const require = createRequire(import.meta.url);
const FONT_FILES: Record<string, string> = {
  Pecita: '@fontsource/dancing-script/files/dancing-script-latin-700-normal.woff',
  Inter: '@fontsource/inter/files/inter-latin-700-normal.woff',
  Poppins: '@fontsource/poppins/files/poppins-latin-600-normal.woff',
};
const fonts = new Map<string, fontkit.Font>();

function fontFor(name: string): fontkit.Font {
  const key = FONT_FILES[name] ? name : 'Pecita';
  let font = fonts.get(key);
  if (!font) {
    font = fontkit.create(fs.readFileSync(require.resolve(FONT_FILES[key]!))) as fontkit.Font;
    fonts.set(key, font);
  }
  return font;
}

/** The design as an SVG of outlines, centred and shrunk to fit, on a background it reads well on. */
export function designSvg(item: MailDesignItem): string {
  const font = fontFor(item.font);
  const run = font.layout(item.text);
  const advance = run.positions.reduce((sum, position) => sum + position.xAdvance, 0);
  const size = Math.min(40, ((WIDTH - 32) * font.unitsPerEm) / Math.max(advance, 1));
  const scale = size / font.unitsPerEm;
  const baseline = HEIGHT / 2 + ((font.ascent + font.descent) / 2) * scale;
  let x = (WIDTH - advance * scale) / 2;
  const paths: string[] = [];
  run.glyphs.forEach((glyph, index) => {
    const position = run.positions[index]!;
    const outline = glyph.path.scale(scale, -scale).translate(x + position.xOffset * scale, baseline - position.yOffset * scale).toSVG();
    // A character the font lacks (an emoji, say) would show as the font's "no glyph" box: leave a gap.
    if (outline && glyph.id !== 0) paths.push(outline);
    x += position.xAdvance * scale;
  });
  const fill = colorHex(item.color);
  const background = isLight(fill) ? '#2a0e24' : '#ffffff';
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}">` +
    `<rect width="${WIDTH}" height="${HEIGHT}" rx="12" fill="${background}" stroke="#f3d6e4" stroke-width="2"/>` +
    `<path fill="${fill}" d="${paths.join(' ')}"/></svg>`
  );
}

/** Relative luminance above ~0.55: light enough to need a dark background. */
function isLight(hex: string): boolean {
  const [r, g, b] = [1, 3, 5].map((start) => Number.parseInt(hex.slice(start, start + 2), 16) / 255) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b > 0.55;
}
