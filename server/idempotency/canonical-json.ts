/**
 * The request fingerprint's serialiser: JSON with object keys sorted at every depth, written in one
 * pass instead of JSON.stringify with a replacer that copies every object into a sorted one (half
 * the time and a fraction of the garbage on the checkout's main thread; docs/benchmarks/scale-sqlite.md).
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
  if (indices === 0) keys.sort();
  else for (const key of keys.splice(indices).sort()) keys.push(key);
  let out = '{';
  for (const key of keys) {
    if (key === '__proto__') continue;
    const item = writeValue(object[key], depth);
    if (item === undefined) continue;
    out += (out.length === 1 ? '' : ',') + quote(key) + ':' + item;
  }
  return out + '}';
}
