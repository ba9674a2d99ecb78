import type { Glyph } from 'fontkit';
import { normalizeDesignText } from './coverage';
import type { LoadedFont } from './font-loader';

/**
 * Where a line's em coordinates (x along the text from its start, y down from the baseline) land:
 * x' = a·x + c·y + e, y' = b·x + d·y + f (SVG's matrix(a b c d e f)).
 */
export interface Affine {
  a: number;
  b: number;
  c: number;
  d: number;
  e: number;
  f: number;
}

export function applyAffine(m: Affine, x: number, y: number): [number, number] {
  return [m.a * x + m.c * y + m.e, m.b * x + m.d * y + m.f];
}

/** One glyph placed on the line, in em units. */
interface PlacedGlyph {
  glyph: Glyph;
  unitsPerEm: number;
  x: number;
  y: number;
}

/** A shaped line of text, in em units (1 = the font size). */
export interface ShapedLine {
  glyphs: readonly PlacedGlyph[];
  /** Sum of advances (with kerning), where the next character would start. */
  advance: number;
  /** Ink extents: x along the line, y down from the baseline (ascenders are negative). */
  ink: { minX: number; maxX: number; minY: number; maxY: number } | null;
  /** Characters no file of the font could draw; they are left out. */
  missing: string[];
}

/** Splits the text into runs drawn from one file each: the first file of the font that has the character. */
function runsByFace(text: string, font: LoadedFont): { faceIndex: number; text: string }[] {
  const runs: { faceIndex: number; text: string }[] = [];
  for (const char of text) {
    const codePoint = char.codePointAt(0)!;
    const faceIndex = font.faces.findIndex((face) => face.hasGlyphForCodePoint(codePoint));
    const last = runs[runs.length - 1];
    if (last && last.faceIndex === faceIndex) last.text += char;
    else runs.push({ faceIndex, text: char });
  }
  return runs;
}

/**
 * Shapes a line with fontkit: real advances, kerning (GPOS / kern) and the font's default features
 * (ligatures, the script's contextual alternates), as the browser would shape it from the same file.
 * Kerning across two files (latin next to latin-ext) is not applied: the files carry no such pairs.
 */
export function shapeLine(rawText: string, font: LoadedFont): ShapedLine {
  const text = normalizeDesignText(rawText);
  const glyphs: PlacedGlyph[] = [];
  const missing = new Set<string>();
  let pen = 0;
  let ink: ShapedLine['ink'] = null;
  for (const run of runsByFace(text, font)) {
    if (run.faceIndex < 0) {
      for (const char of run.text) missing.add(char);
      continue;
    }
    const face = font.faces[run.faceIndex]!;
    const upm = face.unitsPerEm;
    const shaped = face.layout(run.text);
    shaped.glyphs.forEach((glyph, index) => {
      const position = shaped.positions[index]!;
      const x = pen + position.xOffset / upm;
      const y = -position.yOffset / upm;
      glyphs.push({ glyph, unitsPerEm: upm, x, y });
      const box = glyph.path.bbox;
      if (Number.isFinite(box.minX) && box.maxX > box.minX) {
        const extents = { minX: x + box.minX / upm, maxX: x + box.maxX / upm, minY: y - box.maxY / upm, maxY: y - box.minY / upm };
        ink = ink
          ? { minX: Math.min(ink.minX, extents.minX), maxX: Math.max(ink.maxX, extents.maxX), minY: Math.min(ink.minY, extents.minY), maxY: Math.max(ink.maxY, extents.maxY) }
          : extents;
      }
      pen += position.xAdvance / upm;
    });
  }
  return { glyphs, advance: pen, ink, missing: [...missing] };
}

/**
 * A line set glyph by glyph from the cmap with plain advances: no shaping, so no kerning or
 * ligatures, at a fraction of the cost. For the print file's labels, which people read and nobody
 * prints on a product.
 */
export function plainLine(rawText: string, font: LoadedFont): ShapedLine {
  const glyphs: PlacedGlyph[] = [];
  const missing = new Set<string>();
  let pen = 0;
  for (const char of normalizeDesignText(rawText)) {
    const codePoint = char.codePointAt(0)!;
    const face = font.faces.find((candidate) => candidate.hasGlyphForCodePoint(codePoint));
    if (!face) {
      missing.add(char);
      continue;
    }
    const glyph = face.glyphForCodePoint(codePoint);
    glyphs.push({ glyph, unitsPerEm: face.unitsPerEm, x: pen, y: 0 });
    pen += glyph.advanceWidth / face.unitsPerEm;
  }
  return { glyphs, advance: pen, ink: null, missing: [...missing] };
}

/**
 * Two decimals (10 µm, far below any printer's dot), written as `String(Math.round(v * 100) / 100)`
 * would write it, through integer arithmetic: formatting a fraction is most of a path's cost.
 */
export function fixed(value: number): string {
  const hundredths = Math.round(value * 100);
  const magnitude = Math.abs(hundredths);
  const whole = Math.floor(magnitude / 100);
  const fraction = magnitude - whole * 100;
  const sign = hundredths < 0 ? '-' : '';
  if (fraction === 0) return sign + whole;
  if (fraction < 10) return sign + whole + '.0' + fraction;
  return sign + whole + '.' + (fraction % 10 === 0 ? fraction / 10 : fraction);
}

/** Font units of a placed glyph → where `m` maps its line: font units are y-up, so the glyph's place and scale fold into one matrix. */
export function glyphMatrix(m: Affine, { unitsPerEm, x, y }: { unitsPerEm: number; x: number; y: number }): Affine {
  return { a: m.a / unitsPerEm, b: m.b / unitsPerEm, c: -m.c / unitsPerEm, d: -m.d / unitsPerEm, e: m.a * x + m.c * y + m.e, f: m.b * x + m.d * y + m.f };
}

/**
 * SVG path data (absolute commands, two decimals) of the line's outlines, mapped by `m`. Written as
 * one loop over the glyphs' cached commands with the matrix folded per glyph: this string is most
 * of a print file's cost.
 */
export function linePathData(line: ShapedLine, m: Affine): string {
  let out = '';
  for (const placed of line.glyphs) {
    const { a: A, b: B, c: C, d: D, e: E, f: F } = glyphMatrix(m, placed);
    for (const { command, args } of placed.glyph.path.commands) {
      if (command === 'closePath') {
        out += 'Z';
        continue;
      }
      out += command === 'moveTo' ? 'M' : command === 'lineTo' ? 'L' : command === 'quadraticCurveTo' ? 'Q' : 'C';
      for (let i = 0; i < args.length; i += 2) {
        const gx = args[i]!;
        const gy = args[i + 1]!;
        out += (i ? ' ' : '') + fixed(A * gx + C * gy + E) + ' ' + fixed(B * gx + D * gy + F);
      }
    }
  }
  return out;
}
