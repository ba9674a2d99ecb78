import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Font } from 'fontkit';
import { beforeAll, describe, expect, it } from 'vitest';
import { browserFontkitSource } from '../../tools/vite/browser-fontkit';
import { FONTS, type FontName } from '../catalog';
import { forbiddenCharacters } from './coverage';
import { DESIGN_FONT_FILES } from './font-files';
import { DesignFonts, parseFontFile, type LoadedFont } from './font-loader';
import { fileFontSource } from './node-font-source';
import { layoutDesign, type RenderableDesign } from './layout';

/**
 * The render worker's fontkit (tools/vite/browser-fontkit.ts) against the one the server prints
 * with: the same glyphs, positions, outlines and layouts, so the preview is the print file.
 */
type CreateFont = (bytes: Uint8Array) => Font;

let browserCreate: CreateFont;
const serverFaces = new Map<FontName, Font[]>();
const browserFaces = new Map<FontName, Font[]>();

beforeAll(async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'browser-fontkit-'));
  const file = path.join(dir, 'fontkit.mjs');
  fs.writeFileSync(file, await browserFontkitSource());
  browserCreate = ((await import(pathToFileURL(file).href)) as { create: CreateFont }).create;
  for (const name of FONTS) {
    const files = DESIGN_FONT_FILES[name].files;
    serverFaces.set(name, await Promise.all(files.map((fontFile) => parseFontFile(fileFontSource, fontFile))));
    browserFaces.set(name, await Promise.all(files.map(async (fontFile) => browserCreate(new Uint8Array(await fileFontSource(fontFile))))));
  }
}, 60_000);

const fontsOf = (faces: Map<FontName, Font[]>) => new DesignFonts(new Map(FONTS.map((name): [FontName, LoadedFont] => [name, { name, faces: faces.get(name)! }])));

/** What a layout of `text` gives: each glyph's id, code points and position. */
function shaped(face: Font, text: string) {
  const run = face.layout(text);
  return run.glyphs.map((glyph, index) => ({ id: glyph.id, codePoints: glyph.codePoints, position: { ...run.positions[index] } }));
}

describe("the render worker's fontkit", () => {
  it('reads every design font file as the server does: every table, the same characters and metrics', () => {
    for (const name of FONTS) {
      browserFaces.get(name)!.forEach((face, index) => {
        const server = serverFaces.get(name)![index]!;
        const [ours, theirs] = [face, server] as unknown as ({ directory: { tables: Record<string, unknown> } } & Record<string, unknown>)[];
        // fontkit answers undefined for a table it has no parser for or could not decode.
        for (const tag of Object.keys(theirs!.directory.tables)) expect(ours![tag] === undefined, `${name} file ${index} table ${tag}`).toBe(theirs![tag] === undefined);
        expect(face.characterSet).toEqual(server.characterSet);
        expect([face.unitsPerEm, face.capHeight, face.ascent, face.descent, face.numGlyphs]).toEqual([server.unitsPerEm, server.capHeight, server.ascent, server.descent, server.numGlyphs]);
      });
    }
  });

  // fontkit shapes a few hundred characters a second on a busy machine, twice here: a longer timeout.
  it.each(FONTS)('shapes every character a design may hold from every %s file, in runs of neighbours, to the same glyphs, kerning, ligatures and outlines', (name) => {
    browserFaces.get(name)!.forEach((face, index) => {
      const server = serverFaces.get(name)![index]!;
      const glyphs = new Set<number>();
      const characters = [...String.fromCodePoint(...server.characterSet)].filter((char) => forbiddenCharacters(char).length === 0);
      // Runs of 24 characters overlapping by one: every neighbouring pair in the cmap's order.
      for (let start = 0; start < characters.length; start += 23) {
        const text = characters.slice(start, start + 24).join('');
        const ours = shaped(face, text);
        expect(ours, `${name} file ${index}: ${text}`).toEqual(shaped(server, text));
        for (const { id } of ours) glyphs.add(id);
      }
      for (const id of glyphs) expect(face.getGlyph(id).path.toSVG(), `${name} file ${index} glyph ${id}`).toBe(server.getGlyph(id).path.toSVG());
    });
  }, 120_000);

  it('lays out designs as the server does: kerning, ligatures, both files of a font, the weight-compensated outline', () => {
    const texts = ['Bombshell', 'AVATAR Toffee fluffy', "Wifey · Bride's Squad!", 'Łódź Ærø façade žluťoučký', 'Th ffi fl ffl 0123456789 & @ #', 'I got a text back 💌', 'ǅemal Ŋ ŧ'];
    const designs: RenderableDesign[] = FONTS.flatMap((font) =>
      texts.flatMap((text) => [
        { device: 'iPhone 14 Pro', text, color: 'Hot Pink', font, fontSize: 24 },
        { device: 'Standard Glass', text, color: 'Black', font, fontSize: 40, atChosenSize: true },
      ]),
    );
    const browser = fontsOf(browserFaces);
    const server = fontsOf(serverFaces);
    for (const design of designs) expect(layoutDesign(design, browser), `${design.font}: ${design.text}`).toEqual(layoutDesign(design, server));
  });
});
