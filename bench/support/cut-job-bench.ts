/**
 * Cut-job and PNG-isolation figures for print-files.bench.ts (issue 35): nesting 200 mixed decals
 * against one decal per row, and GET /api/health while a 10-line PNG renders against idle health.
 */
import { buildCutSheet, CUT_SHEET, type QueueLine } from '../../server/print-files/cut-jobs/cut-sheet';
import { nestOnRoll } from '../../server/print-files/cut-jobs/nesting';
import type { DesignFonts } from '../../shared/render';
import { layoutDesign } from '../../shared/render';
import { ms, percentile, summarise, timeRuns } from './stats';

const ROLL_MM = 300;

/** Nesting 200 decals (every product, font and text length) on a 300 mm roll: time and utilisation, beside one decal per row. */
export async function nestingRows(lines: QueueLine[], fonts: DesignFonts): Promise<(string | number)[][]> {
  const { weedMargin, gap, edge } = CUT_SHEET;
  const pieces = lines.flatMap(({ item }) => {
    const ink = layoutDesign(item, fonts).ink;
    return ink ? [{ width: ink.width + 2 * weedMargin, height: ink.height + 2 * weedMargin }] : [];
  });
  const usable = ROLL_MM - 2 * edge;
  const area = pieces.reduce((sum, piece) => sum + piece.width * piece.height, 0);
  const times = await timeRuns(10, () => nestOnRoll(pieces, { rollWidth: usable, gap }), 2);
  const nested = nestOnRoll(pieces, { rollWidth: usable, gap });
  // The baseline: each decal alone across the roll, turned so its shorter side runs along it.
  const rowLength = pieces.reduce((sum, piece) => sum + Math.min(piece.width, piece.height) + gap, -gap);
  const sheetTimes = await timeRuns(5, () => buildCutSheet('Mixed', lines, fonts, ROLL_MM), 1);
  const sheet = buildCutSheet('Mixed', lines, fonts, ROLL_MM);
  const pct = (value: number) => `${(value * 100).toFixed(1)} %`;
  return [
    ['measurement', 'decals', 'time p50', 'time max', 'roll used', 'utilisation', 'budget'],
    ['baseline: one decal per row', pieces.length, '', '', `${(rowLength / 1000).toFixed(2)} m`, pct(area / (usable * rowLength)), ''],
    ['nestOnRoll (MaxRects, bottom-left, 90° turns)', pieces.length, ms(summarise(times).p50), ms(summarise(times).max), `${(nested.length / 1000).toFixed(2)} m`, pct(area / (usable * nested.length)), '<= 2 s, >= 75 %'],
    ['  whole cut sheet (layout + nest + labels), roll incl. margins', sheet.decals.length, ms(summarise(sheetTimes).p50), ms(summarise(sheetTimes).max), `${(sheet.lengthMm / 1000).toFixed(2)} m`, pct(sheet.utilization), ''],
  ];
}

/** p99 of GET /api/health idle, then while 10-line PNGs render back to back. */
export async function healthDuringPngRows(url: string, headers: Record<string, string>, pngPath: string): Promise<(string | number)[][]> {
  const health = async () => {
    const started = performance.now();
    const response = await fetch(`${url}/api/health`);
    await response.arrayBuffer();
    return performance.now() - started;
  };
  const idle: number[] = [];
  for (let i = 0; i < 300; i++) idle.push(await health());
  const busy: number[] = [];
  const renders: number[] = [];
  for (let i = 0; i < 3; i++) {
    let done = false;
    const started = performance.now();
    const png = fetch(url + pngPath, { headers }).then(async (response) => {
      if (response.status !== 200) throw new Error(`${pngPath} answered ${response.status}`);
      await response.arrayBuffer();
      renders.push(performance.now() - started);
      done = true;
    });
    while (!done) busy.push(await health());
    await png;
  }
  const idleP99 = percentile(idle, 99);
  const busyP99 = percentile(busy, 99);
  return [
    ['measurement', 'requests', 'p50', 'p99', 'max', 'budget'],
    ['baseline: GET /api/health, idle', idle.length, ms(percentile(idle, 50)), ms(idleP99), ms(Math.max(...idle)), ''],
    [`GET /api/health during 10-line PNGs (render ${ms(summarise(renders).p50)} each)`, busy.length, ms(percentile(busy, 50)), ms(busyP99), ms(Math.max(...busy)), `p99 <= idle p99 + 50 ms (+${ms(busyP99 - idleP99)})`],
  ];
}
