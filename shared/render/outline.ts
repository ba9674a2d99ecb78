import type { Glyph } from 'fontkit';
import { normalizeDesignText } from './coverage';
import type { LoadedFont } from './font-loader';

/** A point in em units of the text line: x along the text from its start, y down from the baseline. */
type Transform = (x: number, y: number) => readonly [number, number];

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

const round = (value: number) => Math.round(value * 100) / 100;

/** SVG path data (absolute commands, two decimals) of the line's outlines, mapped by `transform`. */
export function linePathData(line: ShapedLine, transform: Transform): string {
  const parts: string[] = [];
  const point = (x: number, y: number) => {
    const [px, py] = transform(x, y);
    return `${round(px)} ${round(py)}`;
  };
  for (const { glyph, unitsPerEm, x, y } of line.glyphs) {
    // Font units are y-up; the line is y-down from the baseline.
    const at = (gx: number, gy: number) => point(x + gx / unitsPerEm, y - gy / unitsPerEm);
    for (const { command, args } of glyph.path.commands) {
      if (command === 'moveTo') parts.push(`M${at(args[0]!, args[1]!)}`);
      else if (command === 'lineTo') parts.push(`L${at(args[0]!, args[1]!)}`);
      else if (command === 'quadraticCurveTo') parts.push(`Q${at(args[0]!, args[1]!)} ${at(args[2]!, args[3]!)}`);
      else if (command === 'bezierCurveTo') parts.push(`C${at(args[0]!, args[1]!)} ${at(args[2]!, args[3]!)} ${at(args[4]!, args[5]!)}`);
      else if (command === 'closePath') parts.push('Z');
    }
  }
  return parts.join('');
}
