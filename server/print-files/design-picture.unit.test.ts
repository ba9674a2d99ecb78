import { Resvg } from '@resvg/resvg-js';
import { describe, expect, it } from 'vitest';
import { loadDesignFonts } from '../../shared/render';
import { fileFontSource } from '../../shared/render/node-font-source';
import { DESIGN_PICTURE_WIDTH, designPicturePng, designSvg, type DesignPictureItem } from './design-picture';

const design = (text: string, color: string): DesignPictureItem => ({ device: 'iPhone 14 Pro', product_type: null, text, color, font: color === 'Yellow' ? 'Inter' : 'Pecita', font_size: 24 });

/** The PNG's pixels as a mail client would show them: decoded by resvg from an <image> of its own size. */
function decoded(png: Buffer, width: number, height: number): Buffer {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><image width="${width}" height="${height}" href="data:image/png;base64,${png.toString('base64')}"/></svg>`;
  return new Resvg(svg, { font: { loadSystemFonts: false } }).render().pixels;
}

const hex = (pixels: Buffer, index: number) => `#${[0, 1, 2].map((channel) => pixels[index * 4 + channel]!.toString(16).padStart(2, '0')).join('')}`;

describe('the design picture a confirmation mail links to', () => {
  it.each([
    ['Bombshell', 'Hot Pink'],
    ['Hi', 'Yellow'],
    ['Not here to make friends, babe', 'Dark Purple'],
  ])('shows "%s" in %s, pixel for pixel as the shared renderer draws it', async (text, color) => {
    const item = design(text, color);
    const fonts = await loadDesignFonts(fileFontSource);
    const png = designPicturePng(item, fonts);
    const { svg, height, background } = designSvg(item, fonts);
    const drawn = new Resvg(svg, { fitTo: { mode: 'width', value: DESIGN_PICTURE_WIDTH * 2 }, font: { loadSystemFonts: false }, background }).render();

    expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
    const shown = decoded(png, drawn.width, drawn.height);
    expect(shown.equals(drawn.pixels)).toBe(true);
    expect(drawn.height).toBe(height * 2);

    // The text's own colour covers part of the picture, on a background it reads well on.
    const fill = /<path [^>]*fill="(#[0-9a-fA-F]{6})"/.exec(svg)![1]!.toLowerCase();
    const pixels = shown.length / 4;
    const inked = Array.from({ length: pixels }, (_, index) => hex(shown, index)).filter((value) => value === fill).length;
    expect(inked / pixels).toBeGreaterThan(0.02);
    expect(hex(shown, 0)).toBe(background.toLowerCase());
    expect(background).toBe(color === 'Yellow' ? '#2a0e24' : '#ffffff');
  });
});
