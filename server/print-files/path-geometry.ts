/**
 * SVG path data as geometry: parsed into absolute moves, lines and cubics (quadratics raised to the
 * cubic that draws the same curve), as the cut-job PDF writes label glyphs and tests read files.
 */

export type Point = readonly [number, number];

export type Segment =
  | { op: 'M'; to: Point }
  | { op: 'L'; to: Point }
  | { op: 'C'; c1: Point; c2: Point; to: Point }
  | { op: 'Z' };

const ARG_COUNT: Record<string, number> = { M: 2, L: 2, H: 1, V: 1, Q: 4, T: 2, C: 6, S: 4, Z: 0 };
const TOKEN = /([MLHVQTCSZmlhvqtcsz])|(-?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?)/g;

/**
 * Parses path data (absolute or relative M L H V Q T C S Z; arcs are not used by our renderer and
 * are refused) into absolute segments. A quadratic with control Q from P0 to P2 is the cubic with
 * controls P0 + ⅔(Q − P0) and P2 + ⅔(Q − P2): the same curve exactly, which a PDF can hold.
 */
export function parsePathData(d: string): Segment[] {
  if (/[Aa]/.test(d)) throw new SyntaxError('Path data: arcs are not supported');
  const segments: Segment[] = [];
  let command = '';
  let args: number[] = [];
  let current: Point = [0, 0];
  let start: Point = [0, 0];
  let lastCubic: Point | null = null;
  let lastQuad: Point | null = null;

  const emit = (cmd: string, a: number[]) => {
    const rel = cmd === cmd.toLowerCase();
    const up = cmd.toUpperCase();
    const [cx, cy] = current;
    const pt = (i: number): Point => (rel ? [cx + a[i]!, cy + a[i + 1]!] : [a[i]!, a[i + 1]!]);
    let nextCubic: Point | null = null;
    let nextQuad: Point | null = null;
    if (up === 'M') {
      current = start = pt(0);
      segments.push({ op: 'M', to: current });
    } else if (up === 'L' || up === 'H' || up === 'V') {
      const to: Point = up === 'L' ? pt(0) : up === 'H' ? [rel ? cx + a[0]! : a[0]!, cy] : [cx, rel ? cy + a[0]! : a[0]!];
      segments.push({ op: 'L', to });
      current = to;
    } else if (up === 'C' || up === 'S') {
      const c1: Point = up === 'C' ? pt(0) : lastCubic ? [2 * cx - lastCubic[0], 2 * cy - lastCubic[1]] : current;
      const c2 = up === 'C' ? pt(2) : pt(0);
      const to = up === 'C' ? pt(4) : pt(2);
      segments.push({ op: 'C', c1, c2, to });
      nextCubic = c2;
      current = to;
    } else if (up === 'Q' || up === 'T') {
      const q: Point = up === 'Q' ? pt(0) : lastQuad ? [2 * cx - lastQuad[0], 2 * cy - lastQuad[1]] : current;
      const to = up === 'Q' ? pt(2) : pt(0);
      segments.push({ op: 'C', c1: [cx + (2 / 3) * (q[0] - cx), cy + (2 / 3) * (q[1] - cy)], c2: [to[0] + (2 / 3) * (q[0] - to[0]), to[1] + (2 / 3) * (q[1] - to[1])], to });
      nextQuad = q;
      current = to;
    } else {
      segments.push({ op: 'Z' });
      current = start;
    }
    lastCubic = nextCubic;
    lastQuad = nextQuad;
  };

  for (const match of d.matchAll(TOKEN)) {
    if (match[1]) {
      if (command && args.length) throw new SyntaxError(`Path data: dangling numbers after ${command}`);
      command = match[1];
      args = [];
      if (command.toUpperCase() === 'Z') emit(command, args);
      continue;
    }
    if (!command) throw new SyntaxError('Path data must start with a command');
    args.push(Number(match[2]));
    const count = ARG_COUNT[command.toUpperCase()]!;
    if (count === 0) throw new SyntaxError('Path data: numbers after Z');
    if (args.length === count) {
      emit(command, args);
      args = [];
      // Numbers after a moveto are implicit linetos (SVG 1.1 §8.3.2).
      if (command === 'M') command = 'L';
      else if (command === 'm') command = 'l';
    }
  }
  if (args.length) throw new SyntaxError(`Path data: ${command} is missing numbers`);
  return segments;
}
