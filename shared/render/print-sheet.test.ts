import { Resvg } from '@resvg/resvg-js';
import { beforeAll, describe, expect, it } from 'vitest';
import { SAMPLE_DESIGN } from '../design.test-support';
import type { DesignFonts } from './font-loader';
import { testFonts } from './fonts.test-support';
import { decalOutline } from './decal-outline';
import { layoutDesign } from './layout';
import { buildPrintSheet, printFileName, printLineFileName, type PrintLine } from './print-sheet';
import { designToSvg } from './svg';

let fonts: DesignFonts;
beforeAll(async () => {
  fonts = await testFonts();
});

const line = (overrides: Partial<PrintLine> = {}): PrintLine => ({ ...SAMPLE_DESIGN, quantity: 1, ...overrides });

/** The SVG parses (resvg refuses malformed XML) and its size in px at 96 dpi. */
function parse(svg: string): { width: number; height: number } {
  const resvg = new Resvg(svg);
  return { width: resvg.width, height: resvg.height };
}

const rootTag = (svg: string) => /<svg [^>]*>/.exec(svg)![0];

describe('designToSvg', () => {
  it('is the print area at physical size, in mm, with the outlines and no <text>', () => {
    const layout = layoutDesign(line({ device: 'Large Bottle' }), fonts);
    const svg = designToSvg(layout, { guides: true, title: 'Proof' });
    expect(rootTag(svg)).toContain('width="80mm" height="220mm" viewBox="0 0 80 220"');
    expect(svg).toContain(`<path d="${layout.pathData}" fill="#FF1493"/>`);
    expect(svg).not.toMatch(/<text/);
    expect(parse(svg).width).toBe(Math.round((80 / 25.4) * 96));
  });
});

describe('buildPrintSheet', () => {
  const order = {
    orderNumber: 'VP7K2M9Q',
    items: [
      line({ quantity: 2 }),
      line({ device: 'Large Bottle', text: 'Villa', color: 'Teal', font: 'Inter', logo: true }),
      line({ device: 'Standard Glass', text: 'Cheers', color: 'Purple', font: 'Poppins', quantity: 3 }),
    ],
  };

  it('has one artboard per line with its quantity, labels and guides in their own layers, and no <text>', () => {
    const svg = buildPrintSheet(order, fonts);
    expect([...svg.matchAll(/<g id="(line-\d)" data-line="\d" data-quantity="(\d+)"/g)].map((m) => `${m[1]}×${m[2]}`)).toEqual(['line-1×2', 'line-2×1', 'line-3×3']);
    for (const n of [1, 2, 3]) {
      for (const layer of ['labels', 'guides', 'design']) expect(svg).toContain(`<g id="line-${n}-${layer}" inkscape:groupmode="layer"`);
    }
    expect(svg).not.toMatch(/<text/);
    expect(svg).toContain('<title>Order VP7K2M9Q: print file</title>');
    // Width: margins, three usable areas (iPhone 14 Pro 63.5, Large Bottle 80, flute 40) and two gaps; height: label band, tallest area, margin.
    expect(rootTag(svg)).toContain('width="223.5mm" height="244mm" viewBox="0 0 223.5 244"');
    expect(svg).toContain('<rect class="print-area" x="0" y="0" width="80" height="220"');
    expect(svg).toContain('<rect class="print-area" x="0" y="0" width="40" height="100"');
    parse(svg);
  });

  it('draws each line as its cut outline: the union of the renderer’s glyphs, as the cut jobs cut it', () => {
    const svg = buildPrintSheet(order, fonts);
    for (const item of order.items) expect(svg).toContain(`d="${decalOutline(layoutDesign(item, fonts)).pathData}"`);
  });

  it('keeps one line, or only the print areas for a printer (no labels, no guides)', () => {
    const one = buildPrintSheet(order, fonts, { lines: [3], marks: false });
    expect(rootTag(one)).toContain('width="40mm" height="100mm" viewBox="0 0 40 100"');
    expect(one).toContain('<g id="line-3"');
    expect(one).not.toContain('line-1');
    expect(one).not.toMatch(/labels|guides/);
    expect(() => buildPrintSheet(order, fonts, { lines: [4] })).toThrow(RangeError);
  });

  it('outlines text with <, &, quotes and accents, and cannot be broken by the order number', () => {
    const text = `<b>&"'Zoë`;
    const svg = buildPrintSheet({ orderNumber: 'X"/><script>', items: [line({ text })] }, fonts);
    expect(svg).not.toContain('<b>');
    expect(svg).not.toContain('<script>');
    expect(svg).toContain('<title>Order X&#34;/&#62;&#60;script&#62;: print file</title>');
    expect(svg).toContain(`d="${decalOutline(layoutDesign(line({ text }), fonts)).pathData}"`);
    expect(layoutDesign(line({ text }), fonts).missing).toEqual([]);
    parse(svg);
  });
});

describe('file names', () => {
  it('names a ZIP entry after order, line and quantity, and a download after the order', () => {
    expect(printLineFileName('VP7K2M9Q', 2, 3)).toBe('VP7K2M9Q-2-x3.svg');
    expect(printFileName('VP7K2M9Q')).toBe('print-VP7K2M9Q.svg');
    expect(printFileName('VP7K2M9Q', 'png', 2)).toBe('print-VP7K2M9Q-line-2.png');
    expect(printFileName('a/b')).toBe('print-a_b.svg');
  });
});

describe('the placement guide', () => {
  it('tells whoever applies each decal where it goes, in a layer of its own outside the design', () => {
    const svg = buildPrintSheet({ orderNumber: 'VP-1', items: [line({ device: 'iPhone 14 Pro Max' }), line({ device: 'Large Bottle' })] }, fonts);
    const placement = /<g id="line-1-placement"[^>]*>(.*?)<\/g><g id="line-1-design"/s.exec(svg)?.[1] ?? '';
    expect(placement).toContain(`data-guide="Centre 58 mm below the camera, on the middle of the case&#39;s back"`);
    expect(placement).toMatch(/<path /);
    expect(svg).toContain('data-guide="Centre 120 mm above the base, text running down the bottle"');
    expect(/<g id="line-1-design"[^>]*>(.*?)<\/g>/s.exec(svg)?.[1]).not.toContain('placement');
    // Without marks (the PNG and PDF a printer gets) there is no guide to print.
    expect(buildPrintSheet({ orderNumber: 'VP-1', items: [line()] }, fonts, { marks: false })).not.toContain('placement');
    parse(svg);
  });
});
