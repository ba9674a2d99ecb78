/**
 * Cut-job figures for print-files.bench.ts: roll used by 200 mixed decals against today's packer
 * (the baseline, kept here only), knife through ink over every font × variant × text length ×
 * size, 2,000 decals of one colour as PDF, SVG and HPGL, and GET /api/health while they are drawn
 * (and while a 10-line PNG renders).
 */
import { PRODUCT_TYPES, FONTS } from '../../shared/catalog';
import { fontSizeRange } from '../../shared/decal-size';
import { cutLengthInsideInk, rawGlyphContours } from '../../shared/render/cut-check.test-support';
import { decalOutline, layoutDesign, thinFeaturesOf, type DesignFonts } from '../../shared/render';
import { DEFAULT_MIN_FEATURE_MM } from '../../server/config/config';
import { computeCutDesign } from '../../server/print-files/cut-jobs/cut-design';
import { buildCutJob, CUT_SHEET, rollUtilisation, type QueueLine } from '../../server/print-files/cut-jobs/cut-sheet';
import { nestOnRoll } from '../../server/print-files/cut-jobs/nesting';
import { ms, percentile, summarise } from './stats';

const ROLL_MM = 300;

/** Today's packer before this work: the ink box plus a fixed 2 mm weeding margin, boxes 3 mm apart, one open roll. */
const BASELINE = { weedMargin: 2, gap: 3 } as const;

export function rollRows(lines: QueueLine[], fonts: DesignFonts): (string | number)[][] {
  const { edge, band } = CUT_SHEET;
  const inks = lines.flatMap(({ item }) => layoutDesign(item, fonts).ink ?? []);
  const baseline = nestOnRoll(
    inks.map((ink) => ({ width: ink.width + 2 * BASELINE.weedMargin, height: ink.height + 2 * BASELINE.weedMargin })),
    { rollWidth: ROLL_MM - 2 * edge, gap: BASELINE.gap },
  );
  const baselineLength = 2 * band + baseline.length;
  const boxes = inks.reduce((sum, ink) => sum + ink.width * ink.height, 0);
  const started = performance.now();
  // The production job on one open roll (a sheet as long as needed), so both measure the same thing.
  const designed = lines.map((entry) => ({ ...entry, design: computeCutDesign(entry.item, fonts, 0.5) }));
  const job = buildCutJob('Mixed', designed, fonts, { rollWidthMm: ROLL_MM, sheetLengthMm: 1e6, labels: false });
  const elapsed = performance.now() - started;
  const saved = 1 - job.lengthMm / baselineLength;
  const pct = (value: number) => `${(value * 100).toFixed(1)} %`;
  return [
    ['measurement', 'decals', 'roll used', 'utilisation', 'time', 'budget'],
    [`baseline: today's packer (ink box + ${BASELINE.weedMargin} mm, ${BASELINE.gap} mm apart)`, inks.length, `${(baselineLength / 1000).toFixed(3)} m`, pct(rollUtilisation(boxes, ROLL_MM, baselineLength)), '', ''],
    [`outline box + ${CUT_SHEET.weedMargin} mm weeding margin, ${CUT_SHEET.gap} mm apart`, inks.length, `${(job.lengthMm / 1000).toFixed(3)} m`, pct(job.utilization), ms(elapsed), `>= 15 % less roll (${pct(saved)} less)`],
  ];
}

/** The sizes the designer offers a font at (its clean range, in steps of 8), so the cut is checked where shoppers order. */
export function offeredFontSizes(font: string, _device: string): number[] {
  const { min, max } = fontSizeRange(font);
  const sizes: number[] = [];
  for (let size = min; size <= max; size += 8) sizes.push(size);
  return sizes;
}

/**
 * Over every font × variant × text of 1–20 characters × offered size: knife through ink (mm), the
 * union against the raw glyphs, and the thinnest stroke or gap against MIN_FEATURE_MM. A text too
 * long for a variant at a size is refused there (designer and server), so its thin parts are
 * counted apart: only an older line is still cut, shrunk into its area.
 */
export function insideInkRows(fonts: DesignFonts, sizesOf = offeredFontSizes, minFeatureMm = DEFAULT_MIN_FEATURE_MM): (string | number)[][] {
  const variants = PRODUCT_TYPES.flatMap((type) => type.variants);
  const sentence = 'Always & Forever xoxo';
  const rows: (string | number)[][] = [
    [
      'font',
      'distinct layouts (offered)',
      'union: mm through ink (worst)',
      'baseline: raw glyphs, mm (worst)',
      `offered: thinnest stroke / gap, mm (layouts under ${minFeatureMm})`,
      'refused, shrunk as an old line: layouts under',
      'time',
      'budget',
    ],
  ];
  for (const font of FONTS) {
    let union = 0;
    let unionWorst = 0;
    let raw = 0;
    let rawWorst = 0;
    let count = 0;
    let thinnest = Infinity;
    let narrowest = Infinity;
    let under = 0;
    let offered = 0;
    let shrunkUnder = 0;
    const started = performance.now();
    // Variants of one print area lay a text out alike, and a long text shrinks to the same size: each layout once.
    const seen = new Set<string>();
    for (const device of variants) {
      for (let length = 1; length <= 20; length++) {
        for (const fontSize of sizesOf(font, device)) {
          const layout = layoutDesign({ device, text: sentence.slice(0, length), color: 'Teal', font, fontSize }, fonts);
          if (!layout.ink || seen.has(layout.pathData)) continue;
          seen.add(layout.pathData);
          const ink = rawGlyphContours(layout);
          const through = cutLengthInsideInk(decalOutline(layout).contours, ink);
          const before = cutLengthInsideInk(ink, ink);
          [union, unionWorst, raw, rawWorst] = [union + through, Math.max(unionWorst, through), raw + before, Math.max(rawWorst, before)];
          const thin = thinFeaturesOf(layout, minFeatureMm);
          const isThin = thin.thinnestStrokeMm !== null || thin.narrowestGapMm !== null;
          count++;
          if (layout.fit?.tooLong || layout.fit?.tooTall) {
            if (isThin) shrunkUnder++;
            continue;
          }
          offered++;
          thinnest = Math.min(thinnest, thin.thinnestStrokeMm ?? Infinity);
          narrowest = Math.min(narrowest, thin.narrowestGapMm ?? Infinity);
          if (isThin) under++;
        }
      }
    }
    const shown = (mm: number) => (mm === Infinity ? `>= ${minFeatureMm}` : mm.toFixed(2));
    rows.push([
      font,
      `${count} (${offered})`,
      `${union.toFixed(3)} (${unionWorst.toFixed(3)})`,
      `${raw.toFixed(1)} (${rawWorst.toFixed(2)})`,
      `${shown(thinnest)} / ${shown(narrowest)} (${under})`,
      `${shrunkUnder} of ${count - offered}`,
      ms(performance.now() - started),
      `0 mm; none under ${minFeatureMm} mm`,
    ]);
  }
  return rows;
}

/** Times each format of one colour's job through HTTP, polling GET /api/health meanwhile; health idle first. */
export async function cutJobFileRows(url: string, headers: Record<string, string>, color: string): Promise<(string | number)[][]> {
  const health = healthProbe(url);
  const idle = await idleHealth(health);
  const idleP99 = percentile(idle, 99);
  const rows: (string | number)[][] = [
    ['measurement', 'time', 'size', 'health p99 meanwhile', 'budget'],
    ['baseline: GET /api/health, idle', '', '', ms(idleP99), ''],
  ];
  const busy: number[] = [];
  // The list first works every design out (none stored yet); the files and the list again read them back.
  const list = '/api/fulfillment/cut-jobs';
  const requests: [string, string][] = [
    [`GET ${list} (designs worked out)`, list],
    ...['pdf', 'svg', 'plt'].map((format): [string, string] => [`GET ${list}/${color}?format=${format} (designs read back)`, `${list}/${color}?format=${format}`]),
    [`GET ${list} again (designs read back)`, list],
  ];
  for (const [label, path] of requests) {
    const { samples, bytes, elapsed } = await healthWhile(url, path, headers, health);
    busy.push(...samples);
    const p99 = percentile(samples, 99);
    rows.push([label, ms(elapsed), `${(bytes / 1024 / 1024).toFixed(1)} MB`, `${ms(p99)} (+${ms(p99 - idleP99)})`, path.endsWith('cut-jobs') ? 'no freeze' : '<= 10 s; health p99 <= idle + 50 ms']);
  }
  rows.push(['GET /api/health, all of the above', '', '', `${ms(percentile(busy, 99))} (+${ms(percentile(busy, 99) - idleP99)})${failedNote(health)}`, '<= idle p99 + 50 ms']);
  return rows;
}

interface HealthProbe {
  /** One timed GET /api/health; undefined when it failed (counted in `failed`, never thrown). */
  (): Promise<number | undefined>;
  failed: number;
}

/** A failed health request is a finding to report beside the figures, not a reason to abandon the run. */
function healthProbe(url: string): HealthProbe {
  const probe = async () => {
    const started = performance.now();
    try {
      const response = await fetch(`${url}/api/health`);
      await response.arrayBuffer();
      if (response.ok) return performance.now() - started;
    } catch {
      // counted below
    }
    probe.failed++;
    return undefined;
  };
  probe.failed = 0;
  return probe;
}

async function idleHealth(health: HealthProbe): Promise<number[]> {
  const idle: number[] = [];
  for (let i = 0; i < 300; i++) {
    const sample = await health();
    if (sample !== undefined) idle.push(sample);
  }
  return idle;
}

const failedNote = (health: HealthProbe) => (health.failed ? `; ${health.failed} health requests failed` : '');
/**
 * Starts a download and polls GET /api/health until it ends (answered or failed), so a refused or
 * failed download ends the polling and is reported, never left as an unhandled rejection.
 */
async function healthWhile(url: string, path: string, headers: Record<string, string>, health: HealthProbe): Promise<{ samples: number[]; bytes: number; elapsed: number }> {
  let done = false;
  const started = performance.now();
  const download = fetch(url + path, { headers })
    .then(async (response) => {
      if (response.status !== 200) throw new Error(`${path} answered ${response.status}: ${await response.text()}`);
      return { bytes: (await response.arrayBuffer()).byteLength, elapsed: performance.now() - started };
    })
    .finally(() => (done = true));
  // Caught here as well, so that it does not count as unhandled while health is being polled; awaited below.
  download.catch(() => {});
  const samples: number[] = [];
  while (!done) {
    const sample = await health();
    if (sample !== undefined) samples.push(sample);
  }
  return { samples, ...(await download) };
}

/** p99 of GET /api/health idle, then while PNGs of a 10-line order render back to back. */
export async function healthDuringPngRows(url: string, headers: Record<string, string>, pngPath: string): Promise<(string | number)[][]> {
  const health = healthProbe(url);
  const idle = await idleHealth(health);
  const busy: number[] = [];
  const renders: number[] = [];
  for (let i = 0; i < 3; i++) {
    const { samples, elapsed } = await healthWhile(url, pngPath, headers, health);
    busy.push(...samples);
    renders.push(elapsed);
  }
  const idleP99 = percentile(idle, 99);
  const busyP99 = percentile(busy, 99);
  return [
    ['measurement', 'requests', 'p50', 'p99', 'max', 'budget'],
    ['baseline: GET /api/health, idle', idle.length, ms(percentile(idle, 50)), ms(idleP99), ms(Math.max(...idle)), ''],
    [`GET /api/health during 10-line PNGs (render ${ms(summarise(renders).p50)} each)`, busy.length, ms(percentile(busy, 50)), ms(busyP99), ms(Math.max(...busy)), `p99 <= idle p99 + 50 ms (+${ms(busyP99 - idleP99)})${failedNote(health)}`],
  ];
}
