/**
 * Print files through the real server (HTTP on localhost), each next to a baseline measured in the
 * same run. Budgets: SVG print file of a 10-line order <= 50 ms p95; 300 dpi PNG of one
 * line <= 300 ms; ZIP of 200 queue lines streamed with <= 50 MB memory growth.
 * Baselines: GET /api/orders/:id of the same order (same auth, DB read and JSON, no rendering); resvg
 * rasterising a plain rectangle at the same pixel size (the rasteriser's floor); the CSV export of the
 * same orders (an existing flat stream) for memory.
 * GET /api/health p99 while a 10-line PNG renders <= its idle p99 + 50 ms (at 280 dpi: ten phone lines at
 * 300 dpi are over the PNG size cap and refused).
 * The cut: 0 mm of cut path through ink for every font × variant × text of 1–20
 * characters × size (beside the raw glyph outlines); the same 200 mixed decals on a 300 mm roll use
 * >= 15 % less roll than today's packer; 2,000 decals of one colour (distinct texts) as PDF, SVG and
 * HPGL each <= 10 s with GET /api/health p99 <= idle p99 + 50 ms meanwhile.
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { Resvg } from '@resvg/resvg-js';
import { DEVICES_FOR_BENCH, TEXTS_FOR_BENCH } from './support/print-designs';
import { buildPrintSheet } from '../shared/render';
import { COLORS, FONTS } from '../shared/catalog';
import { MAX_PNG_MEGAPIXELS } from '../shared/schemas/print-file';
import { insertOrder } from '../server/orders/order.repository';
import { newTestOrder } from '../server/orders/order.test-support';
import { printFonts } from '../server/catalog/print-fonts';
import { loadPrintOrder } from '../server/print-files/print-file.repository';
import { baselineRendererRoot, RENDERER_BASELINE, timePrintSheet } from './support/baseline-renderer';
import { createBenchAdmin, startBenchApp } from './support/bench-app';
import { cutJobFileRows, healthDuringPngRows, insideInkRows, rollRows } from './support/cut-job-bench';
import { machineLine, ms, printTable, summarise, timeRuns } from './support/stats';

const RUNS = 60;
setFlagsFromString('--expose-gc');
/** A full collection, so heap figures show what is retained rather than garbage not yet collected. */
const collect = runInNewContext('gc') as () => void;
console.log(machineLine());
console.log('(the machine is shared with other work: compare each figure with its same-run baseline)');
const bench = await startBenchApp();
const token = await createBenchAdmin(bench.app);
const headers = { Authorization: `Bearer ${token}` };
const db = bench.app.context.db;

function design(index: number) {
  return {
    device: DEVICES_FOR_BENCH[index % DEVICES_FOR_BENCH.length]!,
    text: TEXTS_FOR_BENCH[index % TEXTS_FOR_BENCH.length]!,
    color: COLORS[index % COLORS.length]!.name,
    font: FONTS[index % FONTS.length]!,
    quantity: 1 + (index % 3),
  };
}

async function addOrder(lines: number, offset: number, createdAt: number) {
  const items = Array.from({ length: lines }, (_, i) => design(offset + i));
  return db.transaction().execute((trx) => insertOrder(trx, newTestOrder({ items, createdAt, status: lines === 10 ? 'printed' : 'processing' })));
}

async function fetchBytes(path: string): Promise<number> {
  const response = await fetch(bench.url + path, { headers });
  if (response.status !== 200) throw new Error(`${path} answered ${response.status}: ${await response.text()}`);
  return (await response.arrayBuffer()).byteLength;
}

const rows: (string | number)[][] = [['measurement', 'p50', 'p95', 'min', 'max', 'budget']];
const add = (label: string, samples: number[], budget = '') => {
  const s = summarise(samples);
  rows.push([label, ms(s.p50), ms(s.p95), ms(s.min), ms(s.max), budget]);
};

try {
  // 1. SVG of a 10-line order.
  const tenLines = await addOrder(10, 0, Date.now() - 1_000_000);
  add('baseline: GET /api/orders/:id (10 lines, JSON)', await timeRuns(RUNS, () => fetchBytes(`/api/orders/${tenLines.id}`), 5));
  add('GET print-file SVG, 10 lines', await timeRuns(RUNS, () => fetchBytes(`/api/orders/${tenLines.id}/print-file`), 5), '<= 50 ms p95');
  const fonts = await printFonts();
  const order = (await loadPrintOrder(db, tenLines.id))!;
  add('  of which the SVG itself (buildPrintSheet, in process)', await timeRuns(RUNS, () => buildPrintSheet(order, fonts), 5));
  console.log(`SVG of 10 lines: ${(buildPrintSheet(order, fonts).length / 1024).toFixed(0)} KB`);
  // The same order's SVG by this renderer and by the one before the union, each in a process of its own.
  for (const [label, root] of [[`baseline: renderer of ${RENDERER_BASELINE} (glyphs, no union)`, baselineRendererRoot()], ['this renderer', process.cwd()]] as const) {
    const { cold, samples, cpu } = timePrintSheet(root, order, RUNS);
    add(`  buildPrintSheet, own process: ${label}; first ${ms(cold)}, CPU ${ms(cpu)} each`, samples);
  }

  // 2. 300 dpi PNG of one line (a phone case, 68 × 140 mm → 803 × 1654 px; the Large Bottle, 80 × 220 mm → 945 × 2598 px),
  //    each after resvg rendering and encoding a plain rectangle of the same pixel size.
  for (const [label, line, widthMm, lengthMm] of [['phone case', 1, 68, 140], ['Large Bottle', 8, 80, 220]] as const) {
    const width = Math.round((widthMm * 300) / 25.4);
    const height = Math.round((lengthMm * 300) / 25.4);
    const plain = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect x="10" y="10" width="${width - 20}" height="${height - 20}" fill="#FF1493"/></svg>`;
    add(`baseline: resvg, plain rectangle ${width}×${height} px, to PNG`, await timeRuns(20, () => new Resvg(plain).render().asPng(), 3));
    add(`GET print-file PNG 300 dpi, line ${line} (${label})`, await timeRuns(20, () => fetchBytes(`/api/orders/${tenLines.id}/print-file?format=png&line=${line}`), 3), '<= 300 ms');
  }
  add('GET print-file PDF, 10 lines', await timeRuns(20, () => fetchBytes(`/api/orders/${tenLines.id}/print-file?format=pdf`), 3));
  printTable(rows);

  // The cut: 200 mixed decals on a 300 mm roll, against today's packer; knife through ink everywhere.
  console.log('\nCut jobs: 200 mixed decals on a 300 mm roll (utilisation = cut-outline boxes ÷ roll width × length used)');
  const queue = Array.from({ length: 200 }, (_, i) => ({ orderNumber: `B-${i}`, line: 1, item: { ...design(i), quantity: 1, caseType: 'CLASSIC', fontSize: 24 + (i % 5) * 8, logo: false } }));
  printTable(rollRows(queue, fonts));
  console.log('\nThe cut of every font × variant × text of 1–20 characters × offered size (each font’s range, in steps of 8): knife through ink, thin parts');
  printTable(insideInkRows(fonts));

  // PNG off the event loop: health while a 10-line phone-case PNG (15 MP at 300 dpi) renders.
  const phones = await db.transaction().execute((trx) =>
    insertOrder(trx, newTestOrder({ status: 'printed', items: Array.from({ length: 10 }, (_, i) => ({ ...design(i), device: 'iPhone 14 Pro', quantity: 1 })) })),
  );
  // Ten phone lines make an 18 MP sheet at 300 dpi, over the 16 MP a PNG may have (refused with 422): the largest dpi under it.
  const pngDpi = 280;
  console.log(`\nGET /api/health while a 10-line PNG print file renders (${pngDpi} dpi, the most under ${MAX_PNG_MEGAPIXELS} MP)`);
  printTable(await healthDuringPngRows(bench.url, headers, `/api/orders/${phones.id}/print-file?format=png&dpi=${pngDpi}`));

  // 3. ZIP of the production queue: 200 one-line orders, then 2,000 (the growth must not follow the size).
  console.log('\nZIP of the production queue, streamed; memory = peak RSS growth of this process (server and client) during the download');
  const zipRows: (string | number)[][] = [['measurement', 'lines', 'time', 'size', 'peak RSS growth', 'heap retained', 'budget']];
  let created = 0;
  for (const lines of [200, 2000]) {
    for (; created < lines; created++) await addOrder(1, created, Date.now() - 500_000 + created);
    for (const [label, path] of [
      ['baseline: CSV export of all orders', '/api/orders/export.csv'],
      ['GET /api/fulfillment/print-files.zip', '/api/fulfillment/print-files.zip'],
    ] as const) {
      collect();
      const heapBefore = process.memoryUsage().heapUsed;
      const before = process.memoryUsage().rss;
      let peak = before;
      const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 5);
      const started = performance.now();
      const response = await fetch(bench.url + path, { headers });
      let bytes = 0;
      for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) bytes += chunk.byteLength;
      const elapsed = performance.now() - started;
      clearInterval(sampler);
      peak = Math.max(peak, process.memoryUsage().rss);
      collect();
      const retained = process.memoryUsage().heapUsed - heapBefore;
      const megabytes = (value: number) => `${(value / 1024 / 1024).toFixed(1)} MB`;
      zipRows.push([label, lines, ms(elapsed), megabytes(bytes), megabytes(peak - before), megabytes(retained), path.endsWith('.zip') && lines === 200 ? '<= 50 MB' : '']);
    }
  }
  printTable(zipRows);

  // 2,000 decals of one colour, every text its own (a real queue): the list, then each file.
  console.log('\nCut job of 2,000 Teal decals (distinct texts), through HTTP, on the cut-job thread');
  await db.updateTable('orders').set({ status: 'printed' }).where('status', '=', 'processing').execute();
  for (let batch = 0; batch < 20; batch++) {
    await db.transaction().execute(async (trx) => {
      for (let i = batch * 100; i < (batch + 1) * 100; i++) {
        const item = { ...design(i), text: `${TEXTS_FOR_BENCH[i % TEXTS_FOR_BENCH.length]!.slice(0, 14)} ${i}`, color: 'Teal', quantity: 1 };
        await insertOrder(trx, newTestOrder({ items: [item], createdAt: Date.now() - 100_000 + i, status: 'processing' }));
      }
    });
  }
  printTable(await cutJobFileRows(bench.url, headers, 'Teal'));
} finally {
  await bench.close();
}
