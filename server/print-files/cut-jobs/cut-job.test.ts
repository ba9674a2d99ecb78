import { PDFArray, PDFDict, PDFDocument, PDFName, PDFRawStream, PDFRef, decodePDFRawStream } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CutJobsAnswer, CutJobView } from '../../../shared/api/answers';
import { createUserWithToken } from '../../auth/auth.test-support';
import { createTestOrder } from '../../orders/order.test-support';
import { startTestApp, type TestApp } from '../../test/test-app';
import { parsePathData, type Point, type Segment } from '../path-geometry';

let t: TestApp;
let adminToken: string;
let first: string;
let second: string;
beforeAll(async () => {
  t = await startTestApp();
  adminToken = (await createUserWithToken(t, 'admin')).token;
  const now = Date.now();
  first = (
    await createTestOrder(t.app.context.db, {
      createdAt: now - 2000,
      items: [
        { text: 'Mugged Off', color: 'Teal', font: 'Poppins', quantity: 2 },
        { device: 'Large Bottle', productType: 'water-bottle', text: 'Zoë', color: 'Purple', font: 'Inter' },
      ],
    })
  ).order_number;
  second = (await createTestOrder(t.app.context.db, { createdAt: now - 1000, items: [{ device: 'Standard Glass', productType: 'champagne-glass', text: 'Cheers', color: 'teal', font: 'Pecita', fontSize: 16 }] })).order_number;
  await createTestOrder(t.app.context.db, { status: 'printed', items: [{ text: 'Already cut', color: 'Teal' }] });
});
afterAll(() => t.close());

async function download(path: string) {
  const response = await fetch(t.url + path, { headers: { Authorization: `Bearer ${adminToken}` } });
  return { status: response.status, headers: response.headers, bytes: Buffer.from(await response.arrayBuffer()) };
}

/**
 * Cut jobs run on threads below the event loop's priority; beside a busy suite on two cores they
 * wait their turn, so these tests allow more than the default 30 s.
 */
const CUT_THREAD_TIMEOUT = { timeout: 120_000 };

describe('GET /api/fulfillment/cut-jobs', CUT_THREAD_TIMEOUT, () => {
  it('groups the production queue by vinyl colour, in catalogue order, with the roll each job uses and what may tear', async () => {
    const response = await t.request<CutJobsAnswer>('GET', '/api/fulfillment/cut-jobs', { token: adminToken });
    expect(response.status).toBe(200);
    const { jobs } = response.body;
    expect(jobs.map((job) => [job.color, job.hex])).toEqual([['Teal', '#00A6A6'], ['Purple', '#8A2BE2']]);
    const refs = (job: CutJobView) => job.lines.map(({ orderNumber, line, quantity }) => ({ orderNumber, line, quantity }));
    expect(refs(jobs[0]!)).toEqual([{ orderNumber: first, line: 1, quantity: 2 }, { orderNumber: second, line: 1, quantity: 1 }]);
    expect(refs(jobs[1]!)).toEqual([{ orderNumber: first, line: 2, quantity: 1 }]);
    // Poppins at full size weeds cleanly; the script's hairlines on a small glass decal do not.
    expect(jobs[0]!.lines[0]!.thinFeatures).toBeNull();
    expect(jobs[0]!.lines[1]!.thinFeatures!.thinnestStrokeMm).toBeLessThan(0.5);
    for (const job of jobs) {
      expect(job.rollWidthMm).toBe(300);
      expect(job.sheetLengthMm).toBe(1000);
      expect(job.sheets.reduce((sum, sheet) => sum + sheet.lengthMm, 0)).toBeCloseTo(job.lengthMm, 1);
      expect(job.lengthMm).toBeGreaterThan(20);
      expect(job.utilization).toBeGreaterThan(0);
      expect(job.utilization).toBeLessThanOrEqual(1);
    }
    expect(jobs.map((job) => job.sheets.map((sheet) => sheet.decals))).toEqual([[3], [1]]);
  });

  it('is for admins only', async () => {
    expect((await t.request('GET', '/api/fulfillment/cut-jobs')).status).toBe(401);
    const customer = await createUserWithToken(t, 'customer');
    expect((await t.request('GET', '/api/fulfillment/cut-jobs/Teal', { token: customer.token })).status).toBe(403);
  });
});

describe('GET /api/fulfillment/cut-jobs/:color', CUT_THREAD_TIMEOUT, () => {
  it('SVG: roll-wide, in mm, the union outlines and one weeding box per decal in a CutContour layer, a thin decal marked', async () => {
    const { status, headers, bytes } = await download('/api/fulfillment/cut-jobs/teal?format=svg');
    expect(status).toBe(200);
    expect(headers.get('content-type')).toBe('image/svg+xml; charset=utf-8');
    expect(headers.get('content-disposition')).toMatch(/^attachment; filename="cut-teal-\d{4}-\d\d-\d\d\.svg"$/);
    const svg = bytes.toString('utf8');
    expect(svg).toMatch(/<svg [^>]*width="300mm" height="[\d.]+mm" viewBox="0 0 300 [\d.]+"/);
    const cut = /<g id="CutContour"[^>]* fill="none" stroke="#FF00FF" stroke-width="0.1">(.*?)<\/g>/.exec(svg);
    expect(cut).not.toBeNull();
    const outlines = [...cut![1]!.matchAll(/<path id="(cut-\d+)" d="([^"]+)"\/>/g)];
    expect(outlines).toHaveLength(3);
    // Curves are flattened, so the cut is straight steps; the union leaves no contour inside another.
    for (const [, , d] of outlines) expect(d).toMatch(/^M[\d.]+ [\d.]+l[-\d. ]+z(M[\d.]+ [\d.]+l[-\d. ]+z)*$/);
    expect(/<path d="([^"]+)"\/><\/g>$/.exec(cut![0])![1]!.match(/M[\d.]+ [\d.]+H[\d.]+V[\d.]+H[\d.]+Z/g)).toHaveLength(3);
    // The decals are printed from the same paths.
    expect(svg).toMatch(new RegExp(`<g id="Print"[^>]*><g fill="#00A6A6" stroke="none">${outlines.map(([, id]) => `<use href="#${id}"/>`).join('')}</g></g>`));
    // The older script line on the glass (8 mm letters, under Pecita's offered sizes) is too thin
    // in places: its label and a dashed frame, in red, outside every cut.
    const thin = /<g id="ThinFeatures"[^>]*><g fill="#D00000">(.*?)<\/g><\/g>/.exec(svg)![1]!;
    expect(thin.match(/stroke-dasharray/g)).toHaveLength(1);
    expect(svg).toContain('1 too thin in places (marked)');
    expect(svg).not.toMatch(/<text/);
  });

  it('PDF: one page per sheet; decals filled and their cut stroked in a Separation colour space named CutContour', async () => {
    const { status, headers, bytes } = await download('/api/fulfillment/cut-jobs/Teal?format=pdf');
    expect(status).toBe(200);
    expect(headers.get('content-type')).toBe('application/pdf');
    const pdf = await PDFDocument.load(bytes);
    const [page] = pdf.getPages();
    const jobs = (await t.request<CutJobsAnswer>('GET', '/api/fulfillment/cut-jobs', { token: adminToken })).body.jobs;
    expect(pdf.getPageCount()).toBe(jobs[0]!.sheets.length);
    expect(page!.getWidth()).toBeCloseTo((300 * 72) / 25.4, 2);
    expect(page!.getHeight()).toBeCloseTo((jobs[0]!.sheets[0]!.lengthMm * 72) / 25.4, 2);

    const colorSpaces = page!.node.Resources()!.lookup(PDFName.of('ColorSpace'), PDFDict);
    const [resourceName, space] = [...colorSpaces.entries()].map(([name, value]) => [name, pdf.context.lookup(value as PDFRef, PDFArray)] as const)[0]!;
    expect(space.get(0)).toBe(PDFName.of('Separation'));
    expect(space.get(1)).toBe(PDFName.of('CutContour'));
    expect(space.get(2)).toBe(PDFName.of('DeviceCMYK'));
    const tint = pdf.context.lookup(space.get(3), PDFDict);
    expect(tint.get(PDFName.of('FunctionType'))!.toString()).toBe('2');

    const contents = page!.node.Contents()!;
    const streams = contents instanceof PDFArray ? contents.asArray().map((ref) => pdf.context.lookup(ref)) : [contents];
    const text = streams.map((stream) => Buffer.from(decodePDFRawStream(stream as PDFRawStream).decode()).toString('latin1')).join('\n');
    const cutStart = text.indexOf(`0 0.651 0.651 rg\n${resourceName.toString()} CS\n1 SCN`);
    expect(cutStart).toBeGreaterThan(0);
    const cuts = text.slice(cutStart);
    // Each decal's outline filled and stroked at once (B), then the weeding boxes stroked.
    expect(cuts.match(/\nB\n/g)).toHaveLength(3);
    expect(cuts.match(/ re\n/g)).toHaveLength(3);
    expect(cuts.match(/ l\n/g)!.length).toBeGreaterThan(100);
    expect(text).not.toMatch(/ v\n/);
    // The thin decal's label and frame in red, outside the cut.
    expect(text.slice(0, cutStart)).toMatch(/\n0\.816 0 0 RG\n0\.25 w\n\[1 0\.6\] 0 d\n/);
  });

  it('HPGL: IN; then pen-up/pen-down per contour in 0.025 mm units, within 0.05 mm of the SVG’s cut paths', async () => {
    const { status, bytes } = await download('/api/fulfillment/cut-jobs/Teal?format=plt');
    expect(status).toBe(200);
    const plotted = parseHpgl(bytes.toString('ascii'));
    const svg = (await download('/api/fulfillment/cut-jobs/Teal?format=svg')).bytes.toString('utf8');
    const layer = /<g id="CutContour"[^>]*>(.*?)<\/g>/.exec(svg)![1]!;
    const outlines = [...layer.matchAll(/<path id="cut-\d+" d="([^"]+)"\/>/g)].map(([, d]) => contoursOf(parsePathData(d!)));
    const boxes = contoursOf(parsePathData(/<path d="([^"]+)"\/>$/.exec(layer)![1]!));
    // The cutter takes each decal's letters, then its weeding box.
    const truth = outlines.flatMap((contours, decal) => [...contours, boxes[decal]!]);
    expect(plotted).toHaveLength(truth.length);
    plotted.forEach((polyline, index) => {
      const curve = truth[index]!;
      expect(Math.max(...polyline.map((point) => distanceToPolyline(point, curve)))).toBeLessThanOrEqual(0.05);
      expect(Math.max(...curve.map((point) => distanceToPolyline(point, polyline)))).toBeLessThanOrEqual(0.05);
    });
  });

  it('refuses an unknown format and answers 404 for a colour with nothing to cut', async () => {
    const bad = await t.request('GET', '/api/fulfillment/cut-jobs/Teal?format=dxf', { token: adminToken });
    expect(bad.status).toBe(422);
    expect(bad.body.error).toContain('Format must be svg, pdf or plt');
    const none = await t.request('GET', '/api/fulfillment/cut-jobs/Yellow', { token: adminToken });
    expect(none.status).toBe(404);
    expect(none.body.error).toBe('The production queue has nothing to cut in Yellow.');
  });

  it('works each design out once: the next job, from any process, reads it back and cuts exactly the same', async () => {
    const { db } = t.app.context;
    await db.deleteFrom('cut_designs').execute();
    const worked = await download('/api/fulfillment/cut-jobs/Teal?format=plt');
    // Teal holds two designs ("Mugged Off" twice, and "Cheers"): each kept once.
    expect(await db.selectFrom('cut_designs').select('design_key').execute()).toHaveLength(2);
    const readBack = await download('/api/fulfillment/cut-jobs/Teal?format=plt');
    expect(readBack.status).toBe(200);
    expect(readBack.bytes.equals(worked.bytes)).toBe(true);
    expect((await download('/api/fulfillment/cut-jobs/Teal?format=svg')).bytes.toString('utf8')).toContain('id="CutContour"');
  });
});

describe('a line whose font lacks some of its characters', CUT_THREAD_TIMEOUT, () => {
  // Last in the file: the order it adds stays in the queue.
  it('is never cut or printed without them: 422 naming the order, line and characters', async () => {
    const order = await createTestOrder(t.app.context.db, { items: [{ text: 'Hi ☃ 漢', color: 'Teal', font: 'Pecita' }] });
    const expected = `${order.order_number} line 1: Pecita has no “☃” (U+2603), “漢” (U+6F22)`;
    for (const path of ['/api/fulfillment/cut-jobs', '/api/fulfillment/cut-jobs/Teal?format=pdf', `/api/orders/${order.id}/print-file?format=pdf`, `/api/orders/${order.id}/print-file`]) {
      const response = await t.request('GET', path, { token: adminToken });
      expect(response.status, path).toBe(422);
      expect(response.body.code).toBe('MISSING_GLYPHS');
      expect(response.body.error).toContain(expected);
    }
    expect((await t.request('GET', '/api/fulfillment/cut-jobs/Purple?format=plt', { token: adminToken })).status).toBe(200);
  });
});

/** A minimal HPGL reader: IN, SP, PU and PD with absolute coordinates, back to mm (x across, y along the roll). */
function parseHpgl(text: string): Point[][] {
  const commands = text.split(';').map((command) => command.trim()).filter(Boolean);
  expect(commands[0]).toBe('IN');
  const contours: Point[][] = [];
  let current: Point[] | null = null;
  for (const command of commands.slice(1)) {
    const op = command.slice(0, 2);
    const numbers = command.slice(2).split(',').filter(Boolean).map(Number);
    const points: Point[] = [];
    for (let i = 0; i < numbers.length; i += 2) points.push([numbers[i + 1]! * 0.025, numbers[i]! * 0.025]);
    if (op === 'PU') {
      if (current) contours.push(current);
      current = points.length ? [points[points.length - 1]!] : null;
    } else if (op === 'PD') current!.push(...points);
    else expect(['SP']).toContain(op);
  }
  if (current && current.length > 1) contours.push(current);
  return contours.filter((contour) => contour.length > 1);
}

/** The true contours, sampled finely (200 points a curve). */
function contoursOf(segments: Segment[]): Point[][] {
  const contours: Point[][] = [];
  let current: Point[] = [];
  let start: Point = [0, 0];
  for (const s of segments) {
    const from = current[current.length - 1];
    if (s.op === 'M') {
      if (current.length > 1) contours.push(current);
      current = [s.to];
      start = s.to;
    } else if (s.op === 'L') current.push(s.to);
    else if (s.op === 'C') {
      for (let i = 1; i <= 200; i++) {
        const u = i / 200;
        const v = 1 - u;
        const at = (k: 0 | 1) => v * v * v * from![k] + 3 * v * v * u * s.c1[k] + 3 * v * u * u * s.c2[k] + u * u * u * s.to[k];
        current.push([at(0), at(1)]);
      }
    } else current.push(start);
  }
  if (current.length > 1) contours.push(current);
  return contours;
}

function distanceToPolyline(p: Point, line: readonly Point[]): number {
  let best = Infinity;
  for (let i = 1; i < line.length; i++) {
    const [a, b] = [line[i - 1]!, line[i]!];
    const dx = b[0] - a[0];
    const dy = b[1] - a[1];
    const lengthSq = dx * dx + dy * dy;
    const u = lengthSq === 0 ? 0 : Math.max(0, Math.min(1, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / lengthSq));
    best = Math.min(best, Math.hypot(p[0] - a[0] - u * dx, p[1] - a[1] - u * dy));
  }
  return best;
}
