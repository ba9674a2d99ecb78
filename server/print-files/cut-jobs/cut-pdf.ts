import { deflateSync } from 'node:zlib';
import { PDFDocument, PDFName, type PDFPage } from 'pdf-lib';
import { parsePathData, type Segment } from '../path-geometry';
import { MILLI_EM } from '../../../shared/render/svg';
import { ByteWriter } from './byte-writer';
import { CUT_SHEET, forEachPlacedPoint, type CutDecal, type CutJob, type CutLabel, type CutSheet } from './cut-sheet';
import { CUT_STROKE_MM, THIN_FRAME, thinFramePath } from './cut-svg';

const POINTS_PER_MM = 72 / 25.4;
/** The resource name the page's content uses for the CutContour separation. */
const CUT_CONTOUR_RESOURCE = 'CutContour';

const num = (value: number) => String(Math.round(value * 1000) / 1000);
/** A scale from thousandths of an em to mm (about 0.0016) needs more places. */
const fine = (value: number) => value.toFixed(7);

function segmentsOperators(segments: readonly Segment[]): string {
  let out = '';
  for (const s of segments) {
    if (s.op === 'M') out += `${num(s.to[0])} ${num(s.to[1])} m\n`;
    else if (s.op === 'L') out += `${num(s.to[0])} ${num(s.to[1])} l\n`;
    else if (s.op === 'C') out += `${num(s.c1[0])} ${num(s.c1[1])} ${num(s.c2[0])} ${num(s.c2[1])} ${num(s.to[0])} ${num(s.to[1])} c\n`;
    else out += 'h\n';
  }
  return out;
}

/** The decal's cut outline placed on its sheet, as path operators (µm written as mm), each contour closed. */
function writeOutline(out: ByteWriter, decal: CutDecal): void {
  let open = false;
  forEachPlacedPoint(decal, 0, (x, y, start) => {
    if (start && open) out.text('h\n');
    out.micro(x).char(32).micro(y).text(start ? ' m\n' : ' l\n');
    open = true;
  });
  if (open) out.text('h\n');
}

/** A glyph outline's operators, written once per process. */
const glyphOperators = new Map<string, string>();

/** A label filled glyph by glyph, each placed by a `cm` from its outline in thousandths of an em. */
function labelOperators(label: CutLabel | null): string {
  if (!label) return '';
  const scale = label.sizeMm / MILLI_EM;
  let out = '';
  for (const glyph of label.glyphs) {
    let operators = glyphOperators.get(glyph.d);
    if (operators === undefined) glyphOperators.set(glyph.d, (operators = segmentsOperators(parsePathData(glyph.d))));
    out += `q ${fine(scale)} 0 0 ${fine(scale)} ${num(label.x + glyph.x * scale)} ${num(label.y)} cm\n${operators}f\nQ\n`;
  }
  return out;
}

const rgbOf = (hex: string) => [0, 8, 16].map((shift) => num(((Number.parseInt(hex.slice(1), 16) >> (16 - shift)) & 255) / 255)).join(' ');

/**
 * The `CutContour` spot colour: a Separation colour space whose alternate is 100 % magenta in
 * DeviceCMYK (a type 2 function from tint 0 → no ink to tint 1 → full magenta). RIPs key on the
 * colourant name, so it is spelt exactly `CutContour`. One object, shared by every page.
 */
function cutContourColorSpace(pdf: PDFDocument) {
  const context = pdf.context;
  const tint = context.obj({ FunctionType: 2, Domain: [0, 1], C0: [0, 0, 0, 0], C1: [0, 1, 0, 0], N: 1 });
  return context.register(context.obj([PDFName.of('Separation'), PDFName.of('CutContour'), PDFName.of('DeviceCMYK'), context.register(tint)]));
}

/** One sheet's page content: in mm with y down (a `cm` to points and a flip), marks, labels, thin marks, then decals filled and every cut stroked in CutContour. */
function sheetContent(job: CutJob, sheet: CutSheet, heightPt: number): Buffer {
  const half = CUT_SHEET.mark / 2;
  const out = new ByteWriter();
  out.text(`q\n${num(POINTS_PER_MM)} 0 0 ${num(-POINTS_PER_MM)} 0 ${num(heightPt)} cm\n0 g\n`);
  out.text(sheet.marks.map(([x, y]) => `${num(x - half)} ${num(y - half)} ${CUT_SHEET.mark} ${CUT_SHEET.mark} re\n`).join('') + 'f\n');
  out.text('0.2 g\n');
  for (const decal of sheet.decals) if (!decal.thin) out.text(labelOperators(decal.label));
  const thin = sheet.decals.filter((decal) => decal.thin);
  if (thin.length) {
    out.text('0.816 0 0 rg\n' + thin.map((decal) => labelOperators(decal.label)).join(''));
    out.text(`0.816 0 0 RG\n${num(THIN_FRAME.stroke)} w\n[1 0.6] 0 d\n` + thin.map((decal) => segmentsOperators(parsePathData(thinFramePath(decal)))).join('') + 'S\n[] 0 d\n');
  }
  // Each decal's outline filled in the vinyl's colour and stroked in CutContour in one go (B), then the weeding boxes.
  out.text(`${rgbOf(job.hex)} rg\n/${CUT_CONTOUR_RESOURCE} CS\n1 SCN\n${num(CUT_STROKE_MM)} w\n`);
  for (const decal of sheet.decals) {
    writeOutline(out, decal);
    out.text('B\n');
  }
  out.text(sheet.decals.map(({ box }) => `${num(box.x)} ${num(box.y)} ${num(box.width)} ${num(box.height)} re\n`).join('') + (sheet.decals.length ? 'S\n' : ''));
  out.text('Q\n');
  return out.bytes();
}

function addContent(pdf: PDFDocument, page: PDFPage, content: Buffer): void {
  // The fastest level: most of the content is digits, which it packs nearly as well as the default.
  const stream = pdf.context.stream(deflateSync(content, { level: 1 }), { Filter: 'FlateDecode' });
  page.node.addContentStream(pdf.context.register(stream));
}

/**
 * The cut job as a PDF, one page per sheet at physical size: decals filled in the vinyl's colour
 * (for print-and-cut), labels in grey (in red, with a dashed frame, for a decal too thin to weed
 * cleanly), registration marks in black, and every cut path stroked in the `CutContour` separation.
 * Page content is written as PDF operators straight from the model and compressed natively.
 */
export async function cutJobPdf(job: CutJob, sheets: readonly CutSheet[] = job.sheets): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(`Cut job: ${job.color} vinyl`);
  pdf.setCreator('Villa Prints');
  pdf.setProducer('Villa Prints cut jobs (pdf-lib)');
  const separation = cutContourColorSpace(pdf);
  for (const sheet of sheets) {
    const height = sheet.lengthMm * POINTS_PER_MM;
    const page = pdf.addPage([job.rollWidthMm * POINTS_PER_MM, height]);
    page.node.normalizedEntries().Resources.set(PDFName.of('ColorSpace'), pdf.context.obj({ [CUT_CONTOUR_RESOURCE]: separation }));
    addContent(pdf, page, sheetContent(job, sheet, height));
  }
  return pdf.save({ useObjectStreams: true });
}
