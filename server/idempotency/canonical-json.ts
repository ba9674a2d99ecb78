/**
 * The request fingerprint's serialiser: JSON with object keys sorted at every depth, written in one
 * pass instead of JSON.stringify with a replacer that copies every object into a sorted one (half
 * the time and a fraction of the garbage on the checkout's main thread; docs/benchmarks/scale-sqlite.md).
 *
 * Keys are sorted in place and each key's `"name":` is kept once written (measured on the checkout's
 * body, with its SHA-256: 4.2 → 3.0 µs of CPU, plain JSON.stringify 2.4; collecting the pieces in a
 * list joined at the end allocated less but took 5.4 µs).
 *
 * Its output is, byte for byte, that of the copying serialiser it replaces (`sortedCopyJson`,
 * kept as the reference and the fallback), including two quirks of the copy that a stored
 * fingerprint depends on:
 * - keys that are array indices ("0", "12") come first in ascending numeric order, because a copy
 *   enumerates them so whatever order they were inserted in; the other keys follow, sorted;
 * - a "__proto__" key is left out: assigning it to the copy set the copy's prototype instead.
 * Anything that is not a plain object, an array or a JSON primitive (a Date, a Map, an object with
 * `toJSON`, a BigInt, very deep nesting) goes to the reference serialiser, which decides it as before.
 */
export function sortedKeysJson(value: unknown): string {
  try {
    return writeValue(value, 0) as string;
  } catch (error) {
    if (error === NEEDS_REFERENCE) return sortedCopyJson(value);
    throw error;
  }
}

/** The serialiser before issue 18's tuning: JSON.stringify with a replacer that sorts each object's keys. */
export function sortedCopyJson(value: unknown): string {
  return JSON.stringify(value, (_key, inner: unknown) => {
    if (!inner || typeof inner !== 'object' || Array.isArray(inner)) return inner;
    const sorted: Record<string, unknown> = {};
    for (const key of Object.keys(inner).sort()) sorted[key] = (inner as Record<string, unknown>)[key];
    return sorted;
  });
}

/** Thrown (and caught above) when a value is one for the reference serialiser. */
const NEEDS_REFERENCE = Symbol('needs the reference serialiser');
const MAX_DEPTH = 200;
const ARRAY_INDEX = /^(?:0|[1-9]\d{0,9})$/;
/** What JSON.stringify escapes in a string: quote, backslash, control characters, (lone) surrogates. */
// eslint-disable-next-line no-control-regex -- control characters are exactly what JSON must escape
const NEEDS_ESCAPE = /["\\\u0000-\u001f\ud800-\udfff]/;

function isArrayIndex(key: string): boolean {
  return ARRAY_INDEX.test(key) && Number(key) < 4294967295;
}

function quote(text: string): string {
  return NEEDS_ESCAPE.test(text) ? JSON.stringify(text) : '"' + text + '"';
}

/** The value as JSON, or undefined where JSON.stringify leaves it out (undefined, a function, a symbol). */
function writeValue(value: unknown, depth: number): string | undefined {
  if (typeof value === 'string') return quote(value);
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : 'null';
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (value === null) return 'null';
  if (typeof value === 'bigint' || depth >= MAX_DEPTH) throw NEEDS_REFERENCE;
  if (typeof value !== 'object') return undefined;
  return Array.isArray(value) ? writeArray(value, depth + 1) : writeObject(value as Record<string, unknown>, depth + 1);
}

function writeArray(array: readonly unknown[], depth: number): string {
  if (Object.getPrototypeOf(array) !== Array.prototype) throw NEEDS_REFERENCE;
  let out = '[';
  for (let index = 0; index < array.length; index++) {
    const item = writeValue(array[index], depth);
    out += (index === 0 ? '' : ',') + (item === undefined ? 'null' : item);
  }
  return out + ']';
}

function writeObject(object: Record<string, unknown>, depth: number): string {
  const prototype = Object.getPrototypeOf(object);
  if ((prototype !== Object.prototype && prototype !== null) || typeof object.toJSON === 'function') throw NEEDS_REFERENCE;
  const keys = Object.keys(object);
  // Object.keys lists array-index keys first, ascending; the copy kept them there and sorted the rest.
  let indices = 0;
  if (keys.length > 0 && keys[0]!.charCodeAt(0) <= 57) while (indices < keys.length && isArrayIndex(keys[indices]!)) indices++;
  sortKeysFrom(keys, indices);
  let out = '{';
  for (const key of keys) {
    if (key === '__proto__') continue;
    const item = writeValue(object[key], depth);
    if (item === undefined) continue;
    out += (out.length === 1 ? '' : ',') + keyPrefix(key) + item;
  }
  return out + '}';
}

/** Above this many keys an object's keys are sorted by Array.prototype.sort, which copies the list, rather than in place. */
const SORT_IN_PLACE_UP_TO = 32;

/** Sorts `keys` from `from` on, in place, in the order of Array.prototype.sort (UTF-16 code units). */
function sortKeysFrom(keys: string[], from: number): void {
  if (keys.length - from > SORT_IN_PLACE_UP_TO) {
    for (const key of keys.splice(from).sort()) keys.push(key);
    return;
  }
  for (let index = from + 1; index < keys.length; index++) {
    const key = keys[index]!;
    let at = index;
    while (at > from && keys[at - 1]! > key) {
      keys[at] = keys[at - 1]!;
      at--;
    }
    keys[at] = key;
  }
}

/**
 * `"key":`, written once per key name: bodies of one endpoint use the same few dozen names, and
 * each written afresh is three string pieces per key. The cache stops growing at a size no schema
 * reaches, so a client sending made-up keys costs it nothing.
 */
const keyPrefixes = new Map<string, string>();
const KEY_PREFIXES_KEPT = 2000;

function keyPrefix(key: string): string {
  let prefix = keyPrefixes.get(key);
  if (prefix === undefined) {
    prefix = quote(key) + ':';
    if (keyPrefixes.size < KEY_PREFIXES_KEPT && key.length <= 64) keyPrefixes.set(key, prefix);
  }
  return prefix;
}
