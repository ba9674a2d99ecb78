import { describe, expect, it } from 'vitest';
import { characterCount, firstCharacters, normalizeText } from './text-length';

describe('a design text’s length', () => {
  it('counts what the shopper sees: a decomposed "é" once, composed on the way in', () => {
    const decomposed = 'Zoe\u0301';
    expect(decomposed.length).toBe(4);
    expect(characterCount(decomposed)).toBe(3);
    expect(normalizeText(decomposed)).toBe('Zoë'.replace('ë', '\u00e9'));
    // A letter with a mark that has no composed form is still one character.
    expect(characterCount('q\u0307')).toBe(1);
    expect(characterCount('Hello')).toBe(5);
  });

  it('cuts a text at whole characters, never between a letter and its mark', () => {
    expect(firstCharacters('abc\u0071\u0307def', 4)).toBe('abc\u0071\u0307');
    expect(firstCharacters('e\u0301'.repeat(25), 20)).toBe('\u00e9'.repeat(20));
  });
});
