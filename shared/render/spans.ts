/**
 * Rows of pixels as sorted, disjoint half-open runs [a, b): a mask kept as runs costs its edges,
 * not its area. Runs may start at −∞ or end at +∞ (FAR_LEFT, FAR_RIGHT) for what goes on beyond
 * the mask's sides.
 */
export type Runs = number[];

export const FAR_LEFT = -1e9;
export const FAR_RIGHT = 1e9;

/** The runs of 1s in each row of a 0/1 mask. */
export function runsOfMask(mask: Uint8Array, width: number, height: number): Runs[] {
  const rows: Runs[] = [];
  for (let y = 0; y < height; y++) {
    const runs: Runs = [];
    const row = y * width;
    let start = -1;
    for (let x = 0; x < width; x++) {
      if (mask[row + x] === 1) {
        if (start < 0) start = x;
      } else if (start >= 0) {
        runs.push(start, x);
        start = -1;
      }
    }
    if (start >= 0) runs.push(start, width);
    rows.push(runs);
  }
  return rows;
}

/** What is not in the runs; `extend` runs at the row's ends reach on beyond it. */
export function complement(runs: Runs, width: number, extend: boolean): Runs {
  const out: Runs = [];
  let at = extend ? FAR_LEFT : 0;
  for (let i = 0; i < runs.length; i += 2) {
    if (runs[i]! > at) out.push(at, runs[i]!);
    at = runs[i + 1]!;
  }
  const end = extend ? FAR_RIGHT : width;
  if (end > at) out.push(at, end);
  return out;
}

/** Each run shrunk: the pixels at least `steps` along the row from the run's outside (steps ≥ 1). */
export function shrink(runs: Runs, steps: number): Runs {
  const out: Runs = [];
  for (let i = 0; i < runs.length; i += 2) {
    const a = runs[i]! + steps - 1;
    const b = runs[i + 1]! - steps + 1;
    if (b > a) out.push(a, b);
  }
  return out;
}

/** Each run grown by `steps` either way, overlaps merged. */
export function grow(runs: Runs, steps: number): Runs {
  const out: Runs = [];
  for (let i = 0; i < runs.length; i += 2) {
    const a = runs[i]! - steps;
    const b = runs[i + 1]! + steps;
    if (out.length && a <= out[out.length - 1]!) out[out.length - 1] = Math.max(out[out.length - 1]!, b);
    else out.push(a, b);
  }
  return out;
}

export function intersect(p: Runs, q: Runs): Runs {
  const out: Runs = [];
  let i = 0;
  let j = 0;
  while (i < p.length && j < q.length) {
    const a = Math.max(p[i]!, q[j]!);
    const b = Math.min(p[i + 1]!, q[j + 1]!);
    if (b > a) out.push(a, b);
    if (p[i + 1]! < q[j + 1]!) i += 2;
    else j += 2;
  }
  return out;
}

export function union(p: Runs, q: Runs): Runs {
  if (p.length === 0) return q;
  if (q.length === 0) return p;
  const out: Runs = [];
  let i = 0;
  let j = 0;
  while (i < p.length || j < q.length) {
    let a: number;
    let b: number;
    if (j >= q.length || (i < p.length && p[i]! <= q[j]!)) {
      [a, b] = [p[i]!, p[i + 1]!];
      i += 2;
    } else {
      [a, b] = [q[j]!, q[j + 1]!];
      j += 2;
    }
    if (out.length && a <= out[out.length - 1]!) {
      if (b > out[out.length - 1]!) out[out.length - 1] = b;
    } else out.push(a, b);
  }
  return out;
}

export function subtract(p: Runs, q: Runs): Runs {
  return intersect(p, complement(q, 0, true));
}

/** The run holding x, as its index in `runs`, or −1. */
export function runAt(runs: Runs, x: number): number {
  for (let i = 0; i < runs.length; i += 2) {
    if (x < runs[i]!) return -1;
    if (x < runs[i + 1]!) return i;
  }
  return -1;
}
