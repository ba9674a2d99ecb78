import { describe, expect, it } from 'vitest';
import { FONTS } from '../catalog';
import { codePointRanges, forbiddenCharacters, unsupportedCharacters } from './coverage';
import { FONT_COVERAGE } from './coverage.generated';
import { testFonts } from './fonts.test-support';

describe('the coverage table', () => {
  it('is what the font files can draw (regenerate with `npx tsx tools/fonts/coverage.ts`)', async () => {
    const fonts = await testFonts();
    for (const name of FONTS) {
      expect(FONT_COVERAGE[name], name).toEqual(codePointRanges(fonts.get(name).faces.flatMap((face) => face.characterSet)));
    }
  });

  it('covers basic latin, Latin-1 and latin-ext letters in every font', () => {
    for (const font of FONTS) {
      expect(unsupportedCharacters('Hello, World! 0-9 & <> " \' @ # $ % ?', font), font).toEqual([]);
      expect(unsupportedCharacters('ÀÉÎÕÜ àéîõü ÇçÑñß Æø', font), font).toEqual([]);
      expect(unsupportedCharacters('ŁłŚśŻżĞğŞşİıČčŘřŐő', font), font).toEqual([]);
    }
  });
});

describe('unsupportedCharacters', () => {
  it('names emoji and scripts outside latin / latin-ext, each once, in order', () => {
    expect(unsupportedCharacters('Hi 😀 there 😀 ❤', 'Pecita')).toEqual(['😀', '❤']);
    expect(unsupportedCharacters('Привет', 'Poppins')).toEqual(['П', 'р', 'и', 'в', 'е', 'т']);
    expect(unsupportedCharacters('東京', 'Inter')).toEqual(['東', '京']);
  });

  it('accepts a decomposed accent that composes to a covered letter', () => {
    expect(unsupportedCharacters('Zoe\u0308', 'Pecita')).toEqual([]);
  });

  it('checks an unknown font name against the default font', () => {
    expect(unsupportedCharacters('😀', 'Nope')).toEqual(['😀']);
  });
});

describe('forbiddenCharacters', () => {
  it('finds control, bidi-override and invisible format characters', () => {
    expect(forbiddenCharacters('a\u202Eb\u001Bc\u0000d\n\t\u200B\u2066\u00AD')).toEqual(['\u202E', '\u001B', '\u0000', '\n', '\t', '\u200B', '\u2066', '\u00AD']);
  });

  it('lets ordinary text, spaces and punctuation through', () => {
    expect(forbiddenCharacters('Zoë & <Ægir> "Ñ" — it’s 100%!')).toEqual([]);
  });
});

describe('loadDesignFonts', () => {
  it('parses each source’s files once, and tries again after a failure', async () => {
    const { loadDesignFonts } = await import('./font-loader');
    const { fileFontSource } = await import('./node-font-source');
    let reads = 0;
    let fail = true;
    const flaky = async (file: Parameters<typeof fileFontSource>[0]) => {
      reads += 1;
      if (fail) throw new Error(`offline: ${file.fileName}`);
      return fileFontSource(file);
    };
    await expect(loadDesignFonts(flaky, ['Inter'])).rejects.toThrow('offline: inter-latin-700-normal.woff');
    fail = false;
    const first = await loadDesignFonts(flaky, ['Inter']);
    const readsAfterLoad = reads;
    expect(await loadDesignFonts(flaky, ['Inter'])).toBe(first);
    expect(reads).toBe(readsAfterLoad);
    expect(first.get('Inter').faces).toHaveLength(2);
    expect(() => first.get('Poppins')).toThrow('Font Poppins is not loaded (loaded: Inter).');
  });
});
