import { expect, it } from 'vitest';
import { csvCell } from './orders-csv';

/** A name starting with a zero-width space then `=` is caught by the CSV formula guard. */
it.each([
  ['\u200B=HYPERLINK("http://x")', '\'\u200B=HYPERLINK(""http://x"")'],
  ['\uFEFF+1+2', '\'\uFEFF+1+2'],
  ['\u00A0@SUM(A1)', '\'\u00A0@SUM(A1)'],
  ['\u2060-2+3', '\'\u2060-2+3'],
])('neutralises %j', (value, expected) => {
  const cell = csvCell(value);
  expect(cell.replace(/^"|"$/g, '')).toBe(expected);
});

it('leaves ordinary names alone', () => {
  expect(csvCell('Zoë\u200BSmith')).toBe('Zoë\u200BSmith');
});
