import { PDFDocument, rgb } from 'pdf-lib';
import { decalOutline, layoutDesign, selectLines, type DesignFonts, type PrintOrder } from '../../shared/render';

const POINTS_PER_MM = 72 / 25.4;

function hexColor(hex: string) {
  const value = Number.parseInt(hex.slice(1), 16);
  return rgb(((value >> 16) & 255) / 255, ((value >> 8) & 255) / 255, (value & 255) / 255);
}

/**
 * The print file as a PDF for RIP software: one page per line at the print area's physical size in
 * points (mm × 72 / 25.4), the design's cut outline (the union of its glyphs) as vector paths in its
 * colour, nothing else on the page: labels and guides live in the SVG, and a RIP prints whatever a
 * page holds.
 */
export async function renderPdf(order: PrintOrder, fonts: DesignFonts, lines?: readonly number[]): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(`Order ${order.orderNumber}: print file`);
  pdf.setCreator('Villa Prints');
  pdf.setProducer('Villa Prints renderer (fontkit outlines, pdf-lib)');
  for (const line of selectLines(order, lines)) {
    const item = order.items[line - 1]!;
    const layout = layoutDesign(item, fonts);
    const width = layout.area.width * POINTS_PER_MM;
    const height = layout.area.length * POINTS_PER_MM;
    const page = pdf.addPage([width, height]);
    // drawSvgPath puts the path's origin at (x, y) with y pointing down, as in the SVG. The outline is
    // straight segments only (flattened within 0.01 mm), which pdf-lib writes faithfully.
    const { pathData } = decalOutline(layout);
    if (pathData) page.drawSvgPath(pathData, { x: 0, y: height, scale: POINTS_PER_MM, color: hexColor(layout.fill) });
  }
  return pdf.save({ useObjectStreams: true });
}
