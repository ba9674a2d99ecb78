import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** The commit whose renderer drew glyphs as they are, before each decal's cut became their union. */
export const RENDERER_BASELINE = 'd41d8d6';

/** The renderer's files of `commit` (shared/ and the print fonts' loader), under .tmp/, once. */
export function baselineRendererRoot(commit = RENDERER_BASELINE): string {
  const root = path.resolve('.tmp', `renderer-${commit}`);
  if (!existsSync(path.join(root, 'shared'))) {
    mkdirSync(root, { recursive: true });
    const top = execFileSync('git', ['rev-parse', '--show-toplevel'], { encoding: 'utf8' }).trim();
    const archive = execFileSync('git', ['-C', top, 'archive', commit, 'shared', 'server/print-files/print-fonts.ts'], { maxBuffer: 1 << 28 });
    execFileSync('tar', ['-x', '-C', root], { input: archive });
  }
  return root;
}

/** buildPrintSheet of `order` timed in a process of its own from the renderer under `root` (print-sheet-timing.ts). */
export function timePrintSheet(root: string, order: unknown, runs: number): { cold: number; samples: number[]; cpu: number } {
  const orderFile = path.resolve('.tmp', 'print-sheet-order.json');
  writeFileSync(orderFile, JSON.stringify(order));
  const output = execFileSync(process.execPath, ['--import', 'tsx', path.resolve('bench/support/print-sheet-timing.ts'), root, orderFile, String(runs)], { encoding: 'utf8' });
  return JSON.parse(output.trim().split('\n').pop()!);
}
