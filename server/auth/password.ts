import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { DEFAULT_HASH_COST } from '../config/config';

/**
 * Password hashing with scrypt (OWASP's N=2^17, r=8, p=1: about 128 MiB and a few hundred ms per
 * hash). Stored as `scrypt$<log2 N>$<r>$<p>$<salt>$<hash>` (base64url), so the parameters can be
 * raised later without breaking existing hashes: verification reads them from the stored value.
 * `PASSWORD_HASH_COST` (log2 N) lowers the cost for tests only; production keeps 17.
 */
const CURRENT = { logN: DEFAULT_HASH_COST, r: 8, p: 1 } as const;
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

/**
 * Who a hash is for, so that no client can starve the others of the two hashing slots: sign-ins
 * are served before sign-ups (their own budget, as a registration flood once made a login take
 * 17 s), and within each lane clients take turns, one hash each, rather than first come first served.
 */
export interface HashRequest {
  /** log2 N for new hashes (config.passwordHashCost); defaults to OWASP's 17. */
  cost?: number;
  /** The client's address (or any key): its hashes queue behind one another, not in front of others'. */
  client?: string;
  lane?: HashLane;
}

export type HashLane = 'login' | 'signup';

export async function hashPassword(password: string, request: HashRequest = {}): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const params = paramsFor(request);
  const key = await derive(password, salt, params, request);
  return ['scrypt', params.logN, params.r, params.p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

function paramsFor(request: HashRequest): Params {
  return request.cost ? { ...CURRENT, logN: request.cost } : CURRENT;
}

/**
 * True when the password matches the stored hash. A stored value that is not a hash of ours
 * (a test fixture, a damaged row) never matches but still costs one hash, like a real check.
 */
export async function verifyPassword(password: string, stored: string, request: HashRequest = {}): Promise<boolean> {
  const parsed = parseStoredHash(stored);
  if (!parsed) {
    await spendOneHash(password, request);
    return false;
  }
  const key = await derive(password, parsed.salt, parsed.params, request);
  return key.length === parsed.key.length && timingSafeEqual(key, parsed.key);
}

/** Costs what a verification costs, for unknown accounts: response time does not reveal them. */
export async function spendOneHash(password: string, request: HashRequest = {}): Promise<void> {
  await derive(password, DUMMY_SALT, paramsFor(request), request);
}

/** A stored hash made with other parameters than today's, to be replaced after a good login. */
export function needsRehash(stored: string, cost = DEFAULT_HASH_COST): boolean {
  const parsed = parseStoredHash(stored);
  return !parsed || parsed.params.logN !== cost || parsed.params.r !== CURRENT.r || parsed.params.p !== CURRENT.p;
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
/** Waiters by lane, then by client; a Map keeps the order in which clients started waiting. */
const waiting: Record<HashLane, Map<string, (() => void)[]>> = { login: new Map(), signup: new Map() };

/** The next waiter: the login lane first; within a lane the client at the front, who then goes to the back. */
function nextWaiter(): (() => void) | undefined {
  for (const lane of [waiting.login, waiting.signup]) {
    const first = lane.entries().next();
    if (first.done) continue;
    const [client, queue] = first.value;
    const resolve = queue.shift()!;
    lane.delete(client);
    if (queue.length) lane.set(client, queue);
    return resolve;
  }
  return undefined;
}

/** Test and benchmark support: how many hashes wait for a slot. */
export function waitingHashes(): number {
  let count = 0;
  for (const lane of Object.values(waiting)) for (const queue of lane.values()) count += queue.length;
  return count;
}

async function derive(password: string, salt: Buffer, params: Params, request: HashRequest): Promise<Buffer> {
  // A finishing hash hands its slot straight to the next waiter, so the cap is never exceeded.
  if (running < MAX_CONCURRENT_HASHES) running++;
  else {
    const lane = waiting[request.lane ?? 'signup'];
    const client = request.client ?? '';
    await new Promise<void>((resolve) => {
      const queue = lane.get(client);
      if (queue) queue.push(resolve);
      else lane.set(client, [resolve]);
    });
  }
  try {
    const options: ScryptOptions = { N: 2 ** params.logN, r: params.r, p: params.p, maxmem: MAX_MEMORY };
    return await new Promise<Buffer>((resolve, reject) => {
      scrypt(password.normalize('NFKC'), salt, KEY_BYTES, options, (error, key) => (error ? reject(error) : resolve(key)));
    });
  } finally {
    const next = nextWaiter();
    if (next) next();
    else running--;
  }
}
