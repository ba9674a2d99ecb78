import { z } from 'zod';

/**
 * One rule for the free text a customer types (names, address, city, instructions, e-mail):
 * characters that one database refuses and the other stores (NUL: PostgreSQL's 22021), that
 * UTF-8 cannot carry (a lone surrogate), or that change what the admin and the mails show
 * (control characters, bidirectional overrides and isolates) are refused, the same on both
 * databases. Line breaks and tabs are kept where a field may span lines.
 */
// eslint-disable-next-line no-control-regex -- matching control characters is this pattern's purpose
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/g;
const LINE_BREAKS_AND_TABS = /[\t\n\r]/g;
/** LRE, RLE, PDF, LRO, RLO; LRI, RLI, FSI, PDI; the Arabic letter mark. */
const BIDI_CONTROLS = /[\u202A-\u202E\u2066-\u2069\u061C]/g;
const LONE_SURROGATES = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

export interface StorableTextOptions {
  /** Line breaks and tabs allowed (special instructions). */
  multiLine?: boolean;
}

const patternsFor = (options: StorableTextOptions) =>
  options.multiLine ? [CONTROL_CHARACTERS, BIDI_CONTROLS, LONE_SURROGATES] : [CONTROL_CHARACTERS, LINE_BREAKS_AND_TABS, BIDI_CONTROLS, LONE_SURROGATES];

export function isStorableText(text: string, options: StorableTextOptions = {}): boolean {
  return patternsFor(options).every((pattern) => text.match(pattern) === null);
}

/** The text without the characters the rule refuses: for records stored before the rule existed. */
export function withoutUnstorableCharacters(text: string, options: StorableTextOptions = {}): string {
  return patternsFor(options).reduce((clean, pattern) => clean.replace(pattern, ''), text);
}

export const unstorableTextMessage = (label: string) => `${label} contains characters that cannot be used (control, hidden or broken characters)`;

/** Adds the rule to a string schema, with the field's name in the message. */
export function storableText<T extends z.ZodString>(schema: T, label: string, options: StorableTextOptions = {}): T {
  return schema.refine((value) => isStorableText(value, options), { error: unstorableTextMessage(label) }) as T;
}
