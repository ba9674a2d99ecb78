import { deflateSync } from 'node:zlib';
import { PDFDocument, PDFName, type PDFPage } from 'pdf-lib';
import { micro } from '../../../shared/render/decal-outline';
import { parsePathData, type Segment } from '../path-geometry';
import { CUT_SHEET, placedMicrons, type CutJob, type CutSheet } from './cut-sheet';
import { CUT_STROKE_MM, THIN_FRAME, thinFramePath } from './cut-svg';

const POINTS_PER_MM = 72 / 25.4;
/** The resource name the page's content uses for the CutContour separation. */
const CUT_CONTOUR_RESOURCE = 'CutContour';

const num = (value: number) => String(Math.round(value * 1000) / 1000);

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

function contourOperators(contours: readonly Int32Array[]): string {
  let out = '';
  for (const contour of contours) {
    out += `${micro(contour[0]!)} ${micro(contour[1]!)} m\n`;
    for (let i = 2; i < contour.length; i += 2) out += `${micro(contour[i]!)} ${micro(contour[i + 1]!)} l\n`;
    out += 'h\n';
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
function sheetContent(job: CutJob, sheet: CutSheet, heightPt: number): string {
  const half = CUT_SHEET.mark / 2;
  const parts = [`q\n${num(POINTS_PER_MM)} 0 0 ${num(-POINTS_PER_MM)} 0 ${num(heightPt)} cm\n0 g\n`];
  parts.push(sheet.marks.map(([x, y]) => `${num(x - half)} ${num(y - half)} ${CUT_SHEET.mark} ${CUT_SHEET.mark} re\n`).join('') + 'f\n');
  const labelled = sheet.decals.filter((decal) => decal.labelPathData);
  const plain = labelled.filter((decal) => !decal.thin);
  if (plain.length) parts.push('0.2 g\n' + plain.map((decal) => segmentsOperators(parsePathData(decal.labelPathData))).join('') + 'f\n');
  const thin = sheet.decals.filter((decal) => decal.thin);
  if (thin.length) {
    parts.push('0.816 0 0 rg\n' + thin.map((decal) => (decal.labelPathData ? segmentsOperators(parsePathData(decal.labelPathData)) : '')).join('') + 'f\n');
    parts.push(`0.816 0 0 RG\n${num(THIN_FRAME.stroke)} w\n[1 0.6] 0 d\n` + thin.map((decal) => segmentsOperators(parsePathData(thinFramePath(decal)))).join('') + 'S\n[] 0 d\n');
  }
  // Each decal's outline filled in the vinyl's colour and stroked in CutContour in one go (B), then the weeding boxes.
  parts.push(`${rgbOf(job.hex)} rg\n/${CUT_CONTOUR_RESOURCE} CS\n1 SCN\n${num(CUT_STROKE_MM)} w\n`);
  for (const decal of sheet.decals) parts.push(contourOperators(placedMicrons(decal)) + 'B\n');
  parts.push(sheet.decals.map(({ box }) => `${num(box.x)} ${num(box.y)} ${num(box.width)} ${num(box.height)} re\n`).join('') + (sheet.decals.length ? 'S\n' : ''));
  parts.push('Q\n');
  return parts.join('');
}

function addContent(pdf: PDFDocument, page: PDFPage, content: string): void {
  const stream = pdf.context.stream(deflateSync(Buffer.from(content, 'latin1')), { Filter: 'FlateDecode' });
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
