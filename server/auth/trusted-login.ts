import { createHash, randomBytes } from 'node:crypto';
import type { Context } from 'koa';
import type { AppContext } from '../app-context';
import { findTrustedLogin, isKnownDevice, rememberTrustedLogin, type TrustKey } from './trusted-login.repository';

/**
 * OWASP's device cookies: after a correct password the browser gets an HttpOnly cookie naming the
 * device; a later login from that device, or from an address the account signed in from, is
 * throttled on its own (a few wrong tries lock only that device), never by strangers' failures.
 * The token is stored by its SHA-256 in the database, so every process knows it.
 */
export const DEVICE_COOKIE = 'vp_device';
const TRUST_MS = 180 * 24 * 60 * 60 * 1000;

const sha256 = (value: string) => createHash('sha256').update(value).digest('base64url');

function keysOf(ctx: Context): TrustKey[] {
  const token = ctx.cookies.get(DEVICE_COOKIE);
  const keys: TrustKey[] = [];
  if (token && /^[\w-]{20,100}$/.test(token)) keys.push({ kind: 'device', keyHash: sha256(token) });
  keys.push({ kind: 'address', keyHash: sha256(ctx.ip) });
  return keys;
}

/** The throttle key of a client this account has signed in from before, or undefined for a stranger. */
export async function trustedClientKey(app: AppContext, ctx: Context, account: string): Promise<string | undefined> {
  const trusted = await findTrustedLogin(app.db, account, keysOf(ctx), app.now() - TRUST_MS);
  return trusted && `${trusted.kind}:${trusted.keyHash}`;
}

/** After a correct password: the device gets (or keeps) its cookie; device and address are remembered. */
export async function trustClient(app: AppContext, ctx: Context, userId: number): Promise<void> {
  // Only a token this server gave this account is kept: a value planted in the browser (or chosen
  // by a client) would otherwise become a trusted device whose holder the owner's lockout spares.
  const presented = ctx.cookies.get(DEVICE_COOKIE);
  const issuedBefore = !!presented && /^[\w-]{20,100}$/.test(presented) && (await isKnownDevice(app.db, userId, sha256(presented), app.now() - TRUST_MS));
  const token = issuedBefore ? presented : randomBytes(24).toString('base64url');
  ctx.cookies.set(DEVICE_COOKIE, token, {
    httpOnly: true,
    sameSite: 'strict',
    secure: ctx.secure,
    path: '/api/auth',
    maxAge: TRUST_MS,
    overwrite: true,
  });
  const keys: TrustKey[] = [{ kind: 'device', keyHash: sha256(token) }, { kind: 'address', keyHash: sha256(ctx.ip) }];
  await rememberTrustedLogin(app.db, userId, keys, app.now());
}
