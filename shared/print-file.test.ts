import { describe, expect, it } from 'vitest';
import { SAMPLE_DESIGN } from './design.test-support';
import { buildPrintFile, printAreaOf, printedFontSize, printFileName, type PrintItem } from './print-file';

const item = (overrides: Partial<PrintItem> = {}): PrintItem => ({
  productType: 'phone-case',
  ...SAMPLE_DESIGN,
  quantity: 2,
  ...overrides,
});

describe('the print-ready file of an order', () => {
  it('has one print area per line with the text rotated 90° in its colour and font, sized in mm', () => {
    const svg = buildPrintFile({ orderNumber: 'ORD-1', items: [item(), item({ productType: 'water-bottle', device: 'Large Bottle', text: 'Villa', color: 'Teal', font: 'Inter' })] });
    expect(svg).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<svg xmlns="http:\/\/www.w3.org\/2000\/svg" width="\d+(\.\d+)?mm" height="\d+(\.\d+)?mm"/);
    const designs = [...svg.matchAll(/<text id="line-(\d)" transform="translate\(([\d.]+) ([\d.]+)\) rotate\(90\)"[^>]*font-family="([^"]*)"[^>]*fill="(#[0-9a-fA-F]{6})">([^<]*)<\/text>/g)];
    expect(designs.map((m) => [m[1], m[4], m[6]])).toEqual([
      ['1', '&#34;Pecita&#34;, &#34;Dancing Script&#34;, cursive', 'Bombshell'],
      ['2', '&#34;Inter&#34;, system-ui, sans-serif', 'Villa'],
    ]);
    expect(designs[0]![5]).not.toBe(designs[1]![5]);
    // Print areas: 68 × 140 mm for a phone case, 80 × 220 mm for the large bottle.
    expect(svg).toContain('width="68" height="140"');
    expect(svg).toContain('width="80" height="220"');
    expect(svg).toContain('1/2 · iPhone 14 Pro · CLASSIC · Hot Pink · Pecita 24 · ×2');
    expect(buildPrintFile({ orderNumber: 'ORD-1', items: [item({ logo: true })] })).toContain('Pecita 24 · with logo · ×2');
  });

  it('escapes what the customer typed, so the text cannot break or script the file', () => {
    const svg = buildPrintFile({ orderNumber: 'ORD-2', items: [item({ text: '<script>&"\'\u0001' })] });
    expect(svg).toContain('>&#60;script&#62;&#38;&#34;&#39;</text>');
    expect(svg).not.toContain('<script>');
  });

  it('keeps the design size when it fits and shrinks long text to its area', () => {
    const area = printAreaOf({ productType: 'phone-case', device: 'iPhone 14' });
    expect(printedFontSize({ text: 'Hi', fontSize: 24 }, area)).toBe(12);
    const long = printedFontSize({ text: 'Twenty characters!!!', fontSize: 48 }, area);
    expect(long * 20 * 0.6).toBeLessThanOrEqual(area.length * 0.9);
    expect(printAreaOf({ productType: null, device: 'Standard Glass' })).toEqual({ width: 40, length: 110 });
  });

  it('names the download after the order number', () => {
    expect(printFileName('ORD-20261121-AB12')).toBe('print-ORD-20261121-AB12.svg');
    expect(printFileName('a/b')).toBe('print-a_b.svg');
  });
});
