import {
  appendBezierCurve,
  closePath,
  concatTransformationMatrix,
  fill,
  lineTo,
  moveTo,
  PDFDocument,
  PDFName,
  PDFNumber,
  PDFOperator,
  PDFOperatorNames,
  popGraphicsState,
  pushGraphicsState,
  rectangle,
  setFillingGrayscaleColor,
  setFillingRgbColor,
  setLineWidth,
  stroke,
  type PDFPage,
} from 'pdf-lib';
import { parsePathData, type Segment } from '../path-geometry';
import { CUT_SHEET, type CutSheet } from './cut-sheet';
import { CUT_STROKE_MM, weedBoxPath } from './cut-svg';

const POINTS_PER_MM = 72 / 25.4;
/** The resource name the page's content uses for the CutContour separation. */
const CUT_CONTOUR_RESOURCE = 'CutContour';

const r = (value: number) => Math.round(value * 1000) / 1000;

function pathOperators(segments: readonly Segment[]): PDFOperator[] {
  return segments.map((s) => {
    if (s.op === 'M') return moveTo(r(s.to[0]), r(s.to[1]));
    if (s.op === 'L') return lineTo(r(s.to[0]), r(s.to[1]));
    if (s.op === 'C') return appendBezierCurve(r(s.c1[0]), r(s.c1[1]), r(s.c2[0]), r(s.c2[1]), r(s.to[0]), r(s.to[1]));
    return closePath();
  });
}

const rgbOf = (hex: string) => [0, 8, 16].map((shift) => ((Number.parseInt(hex.slice(1), 16) >> (16 - shift)) & 255) / 255) as [number, number, number];

/**
 * Adds the `CutContour` spot colour to the page's resources: a Separation colour space whose
 * alternate is 100 % magenta in DeviceCMYK (a type 2 function from tint 0 → no ink to tint 1 →
 * full magenta). RIPs key on the colourant name, so it is spelt exactly `CutContour`.
 */
function addCutContourColorSpace(pdf: PDFDocument, page: PDFPage): void {
  const context = pdf.context;
  const tint = context.obj({ FunctionType: 2, Domain: [0, 1], C0: [0, 0, 0, 0], C1: [0, 1, 0, 0], N: 1 });
  const separation = context.register(context.obj([PDFName.of('Separation'), PDFName.of('CutContour'), PDFName.of('DeviceCMYK'), context.register(tint)]));
  const { Resources } = page.node.normalizedEntries();
  Resources.set(PDFName.of('ColorSpace'), context.obj({ [CUT_CONTOUR_RESOURCE]: separation }));
}

/**
 * The cut job as a PDF at physical size: decals filled in the vinyl's colour (for print-and-cut),
 * labels in grey, registration marks in black, and every cut path stroked in the `CutContour`
 * separation. Paths are written as PDF path operators from the model's cubics (no SVG round trip).
 */
export async function cutSheetPdf(sheet: CutSheet): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(`Cut job: ${sheet.color} vinyl`);
  pdf.setCreator('Villa Prints');
  pdf.setProducer('Villa Prints cut jobs (pdf-lib)');
  const height = sheet.lengthMm * POINTS_PER_MM;
  const page = pdf.addPage([sheet.rollWidthMm * POINTS_PER_MM, height]);
  addCutContourColorSpace(pdf, page);
  const outlines = sheet.decals.flatMap((decal) => pathOperators(decal.outline));
  const labels = sheet.decals.flatMap((decal) => pathOperators(parsePathData(decal.labelPathData)));
  const weedBoxes = sheet.decals.flatMap((decal) => pathOperators(parsePathData(weedBoxPath(decal))));
  const half = CUT_SHEET.mark / 2;
  page.pushOperators(
    pushGraphicsState(),
    // Millimetres with y down, as in the model: scale to points and flip about the page's height.
    concatTransformationMatrix(POINTS_PER_MM, 0, 0, -POINTS_PER_MM, 0, height),
    setFillingGrayscaleColor(0),
    ...sheet.marks.map(([x, y]) => rectangle(x - half, y - half, CUT_SHEET.mark, CUT_SHEET.mark)),
    fill(),
    setFillingGrayscaleColor(0.2),
    ...labels,
    ...(labels.length ? [fill()] : []),
    setFillingRgbColor(...rgbOf(sheet.hex)),
    ...outlines,
    ...(outlines.length ? [fill()] : []),
    PDFOperator.of(PDFOperatorNames.StrokingColorspace, [PDFName.of(CUT_CONTOUR_RESOURCE)]),
    PDFOperator.of(PDFOperatorNames.StrokingColorN, [PDFNumber.of(1)]),
    setLineWidth(CUT_STROKE_MM),
    ...outlines,
    ...weedBoxes,
    ...(weedBoxes.length ? [stroke()] : []),
    popGraphicsState(),
  );
  return pdf.save({ useObjectStreams: true });
}
