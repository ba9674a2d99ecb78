/**
 * Times buildPrintSheet of one order in a process of its own, from the renderer of a given tree
 * (this checkout, or an earlier commit's files), so two renderers are compared in the same run.
 * Usage: tsx print-sheet-timing.ts ROOT ORDER_JSON RUNS → prints `{"cold": ms, "samples": [ms…], "cpu": ms}`:
 * the first build, then RUNS more (each build's designs the same, as when an order's file is asked for
 * again), and their mean CPU time (what the load of a shared machine changes least).
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const [root, orderFile, runs] = process.argv.slice(2);
const from = (file: string) => import(pathToFileURL(path.join(root!, file)).href);
const { buildPrintSheet } = await from('shared/render/index.ts');
// The print fonts' loader moved to catalog/; an earlier commit's tree has it in print-files/.
const fontsFile = ['server/catalog/print-fonts.ts', 'server/print-files/print-fonts.ts'].find((file) => existsSync(path.join(root!, file)))!;
const { printFonts } = await from(fontsFile);
const order = JSON.parse(readFileSync(orderFile!, 'utf8'));
const fonts = await printFonts();
let started = performance.now();
buildPrintSheet(order, fonts);
const cold = performance.now() - started;
const samples: number[] = [];
const before = process.cpuUsage();
for (let i = 0; i < Number(runs); i++) {
  started = performance.now();
  buildPrintSheet(order, fonts);
  samples.push(performance.now() - started);
}
const used = process.cpuUsage(before);
console.log(JSON.stringify({ cold, samples, cpu: (used.user + used.system) / 1000 / Number(runs) }));
