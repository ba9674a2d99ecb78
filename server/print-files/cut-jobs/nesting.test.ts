import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { nestOnRoll, type NestPiece } from './nesting';

const pieceArbitrary = fc.record({ width: fc.integer({ min: 5, max: 120 }), height: fc.integer({ min: 5, max: 240 }) });

function clearOf(a: { x: number; y: number; width: number; height: number }, b: typeof a, gap: number): boolean {
  const eps = 1e-6;
  return a.x + a.width + gap <= b.x + eps || b.x + b.width + gap <= a.x + eps || a.y + a.height + gap <= b.y + eps || b.y + b.height + gap <= a.y + eps;
}

describe('nestOnRoll', () => {
  it('places every piece inside the roll width, at its own size, gap-clear of every other piece (random queues)', () => {
    fc.assert(
      fc.property(fc.array(pieceArbitrary, { minLength: 1, maxLength: 60 }), fc.integer({ min: 250, max: 1200 }), fc.integer({ min: 0, max: 4 }), (pieces, rollWidth, gap) => {
        const { placements, length } = nestOnRoll(pieces, { rollWidth, gap });
        expect(placements).toHaveLength(pieces.length);
        placements.forEach((placed, index) => {
          const piece = pieces[index]!;
          expect(placed.index).toBe(index);
          const [w, h] = placed.rotated ? [piece.height, piece.width] : [piece.width, piece.height];
          expect(placed.width).toBeCloseTo(w, 9);
          expect(placed.height).toBeCloseTo(h, 9);
          expect(placed.x).toBeGreaterThanOrEqual(0);
          expect(placed.y).toBeGreaterThanOrEqual(0);
          expect(placed.x + placed.width).toBeLessThanOrEqual(rollWidth + 1e-6);
          expect(placed.y + placed.height).toBeLessThanOrEqual(length + 1e-6);
        });
        for (let i = 0; i < placements.length; i++) {
          for (let j = i + 1; j < placements.length; j++) expect(clearOf(placements[i]!, placements[j]!, gap)).toBe(true);
        }
      }),
      { numRuns: 150 },
    );
  });

  it('turns a piece by 90° when it is longer than the roll is wide', () => {
    const { placements, length } = nestOnRoll([{ width: 280, height: 40 }], { rollWidth: 100, gap: 2 });
    expect(placements[0]).toMatchObject({ x: 0, y: 0, width: 40, height: 280, rotated: true });
    expect(length).toBe(280);
  });

  it('keeps pieces upright when turning is off, and refuses one the roll cannot take', () => {
    const pieces: NestPiece[] = [{ width: 50, height: 120 }, { width: 50, height: 120 }];
    const { placements } = nestOnRoll(pieces, { rollWidth: 300, gap: 2, rotate: false });
    expect(placements.every((p) => !p.rotated)).toBe(true);
    expect(placements.map((p) => [p.x, p.y])).toEqual([[0, 0], [52, 0]]);
    expect(() => nestOnRoll([{ width: 320, height: 310 }], { rollWidth: 300, gap: 2 })).toThrow(RangeError);
  });

  it('uses less roll than one piece per row on a mixed queue', () => {
    const pieces = Array.from({ length: 40 }, (_, i) => ({ width: 20 + (i % 5) * 9, height: 60 + (i % 7) * 23 }));
    const { length } = nestOnRoll(pieces, { rollWidth: 300, gap: 2 });
    const oneRowEach = pieces.reduce((sum, piece) => sum + Math.min(piece.width, piece.height) + 2, -2);
    const area = pieces.reduce((sum, piece) => sum + piece.width * piece.height, 0);
    expect(length).toBeLessThan(oneRowEach / 2);
    expect(area / (300 * length)).toBeGreaterThan(0.75);
  });
});
