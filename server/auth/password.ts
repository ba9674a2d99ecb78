import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/**
 * Password hashing with scrypt (N=2^17, r=8, p=1: about 128 MiB and a few hundred ms per hash).
 * Stored as `scrypt$<log2 N>$<r>$<p>$<salt>$<hash>` (base64url), so the parameters can be raised
 * later without breaking existing hashes: verification reads them from the stored value.
 */
const CURRENT = { logN: 17, r: 8, p: 1 } as const;
const SALT_BYTES = 16;
const KEY_BYTES = 32;
/** scrypt needs 128·N·r bytes (128 MiB here); Node's default cap is 32 MiB. */
const MAX_MEMORY = 256 * 1024 * 1024;
/**
 * Hashes run on libuv's threadpool; at most this many at once, so a burst of logins neither
 * allocates 128 MiB per request nor takes every threadpool thread from the rest of the server.
 */
const MAX_CONCURRENT_HASHES = 2;

interface Params {
  logN: number;
  r: number;
  p: number;
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const key = await derive(password, salt, CURRENT);
  return ['scrypt', CURRENT.logN, CURRENT.r, CURRENT.p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

/**
 * True when the password matches the stored hash. A stored value that is not a hash of ours
 * (a test fixture, a damaged row) never matches but still costs one hash, like a real check.
 */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parsed = parseStoredHash(stored);
  if (!parsed) {
    await spendOneHash(password);
    return false;
  }
  const key = await derive(password, parsed.salt, parsed.params);
  return key.length === parsed.key.length && timingSafeEqual(key, parsed.key);
}

/** Costs what a verification costs, for unknown accounts: response time does not reveal them. */
export async function spendOneHash(password: string): Promise<void> {
  await derive(password, DUMMY_SALT, CURRENT);
}

/** A stored hash made with weaker parameters than today's, to be replaced after a good login. */
export function needsRehash(stored: string): boolean {
  const parsed = parseStoredHash(stored);
  return !parsed || parsed.params.logN !== CURRENT.logN || parsed.params.r !== CURRENT.r || parsed.params.p !== CURRENT.p;
}

const DUMMY_SALT = randomBytes(SALT_BYTES);

function parseStoredHash(stored: string): { params: Params; salt: Buffer; key: Buffer } | null {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return null;
  const [logN, r, p] = parts.slice(1, 4).map(Number);
  // Bounds keep a tampered row from asking for gigabytes or minutes of work.
  if (![logN, r, p].every(Number.isInteger) || logN < 10 || logN > 20 || r < 1 || r > 16 || p < 1 || p > 4) return null;
  const salt = Buffer.from(parts[4], 'base64url');
  const key = Buffer.from(parts[5], 'base64url');
  if (salt.length < 8 || key.length < 16) return null;
  return { params: { logN, r, p }, salt, key };
}

let running = 0;
const waiting: (() => void)[] = [];

async function derive(password: string, salt: Buffer, params: Params): Promise<Buffer> {
  // A finishing hash hands its slot straight to the next waiter, so the cap is never exceeded.
  if (running < MAX_CONCURRENT_HASHES) running++;
  else await new Promise<void>((resolve) => waiting.push(resolve));
  try {
    const options: ScryptOptions = { N: 2 ** params.logN, r: params.r, p: params.p, maxmem: MAX_MEMORY };
    return await new Promise<Buffer>((resolve, reject) => {
      scrypt(password.normalize('NFKC'), salt, KEY_BYTES, options, (error, key) => (error ? reject(error) : resolve(key)));
    });
  } finally {
    const next = waiting.shift();
    if (next) next();
    else running--;
  }
}
