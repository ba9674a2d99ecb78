/**
 * The request fingerprint's serialiser: JSON with object keys sorted at every depth, written in one
 * pass instead of JSON.stringify with a replacer that copies every object into a sorted one (half
 * the time and none of the garbage on the checkout's main thread; docs/benchmarks/scale-sqlite.md).
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
  const written = writeValue(value, 0);
  return written === FALLBACK ? sortedCopyJson(value) : (written as string);
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

/** Returned when a value needs the reference serialiser; `undefined` means "omitted", as in JSON.stringify. */
const FALLBACK: unique symbol = Symbol('fallback');
const MAX_DEPTH = 200;
const ARRAY_INDEX = /^(?:0|[1-9]\d{0,9})$/;

function isArrayIndex(key: string): boolean {
  return ARRAY_INDEX.test(key) && Number(key) < 4294967295;
}

function writeValue(value: unknown, depth: number): string | undefined | typeof FALLBACK {
  switch (typeof value) {
    case 'string':
      return JSON.stringify(value);
    case 'number':
      return Number.isFinite(value) ? String(value) : 'null';
    case 'boolean':
      return value ? 'true' : 'false';
    case 'undefined':
    case 'function':
    case 'symbol':
      return undefined;
    case 'object':
      if (value === null) return 'null';
      if (depth >= MAX_DEPTH) return FALLBACK;
      if (Array.isArray(value)) return writeArray(value, depth + 1);
      return writeObject(value as Record<string, unknown>, depth + 1);
    default:
      return FALLBACK; // bigint: the reference throws, as before
  }
}

function writeArray(array: readonly unknown[], depth: number): string | typeof FALLBACK {
  if (Object.getPrototypeOf(array) !== Array.prototype) return FALLBACK;
  let out = '[';
  for (let index = 0; index < array.length; index++) {
    const written = writeValue(array[index], depth);
    if (written === FALLBACK) return FALLBACK;
    if (index > 0) out += ',';
    out += written === undefined ? 'null' : written;
  }
  return out + ']';
}

function writeObject(object: Record<string, unknown>, depth: number): string | typeof FALLBACK {
  const prototype = Object.getPrototypeOf(object);
  if ((prototype !== Object.prototype && prototype !== null) || typeof object.toJSON === 'function') return FALLBACK;
  const keys = Object.keys(object);
  // Object.keys lists array-index keys first, ascending; the copy kept them there and sorted the rest.
  let named = 0;
  while (named < keys.length && isArrayIndex(keys[named]!)) named++;
  const sortedNames = named === 0 ? keys.sort() : keys.slice(named).sort();
  let out = '{';
  let first = true;
  const write = (key: string): boolean => {
    if (key === '__proto__') return true;
    const written = writeValue(object[key], depth);
    if (written === FALLBACK) return false;
    if (written === undefined) return true;
    out += (first ? '' : ',') + JSON.stringify(key) + ':' + written;
    first = false;
    return true;
  };
  for (let index = 0; index < named; index++) if (!write(keys[index]!)) return FALLBACK;
  for (const key of sortedNames) if (!write(key)) return FALLBACK;
  return out + '}';
}
