import type { DbOrTrx } from '../db/transaction';
import type { TrustedLoginTable } from './user.table';

export interface TrustKey {
  kind: TrustedLoginTable['kind'];
  keyHash: string;
}

/** Which of `keys` the account with `email` has signed in from since `since`, a device before an address. */
export async function findTrustedLogin(db: DbOrTrx, email: string, keys: TrustKey[], since: number): Promise<TrustKey | undefined> {
  if (!keys.length) return undefined;
  const row = await db
    .selectFrom('trusted_logins')
    .innerJoin('users', 'users.id', 'trusted_logins.user_id')
    .select(['trusted_logins.kind', 'trusted_logins.key_hash'])
    .where('users.email', '=', email)
    .where('trusted_logins.last_used_at', '>=', since)
    .where((eb) => eb.or(keys.map((key) => eb.and([eb('trusted_logins.kind', '=', key.kind), eb('trusted_logins.key_hash', '=', key.keyHash)]))))
    .orderBy('trusted_logins.kind', 'desc')
    .executeTakeFirst();
  return row && { kind: row.kind, keyHash: row.key_hash };
}

/** Records (or refreshes) where a user just signed in from. */
export async function rememberTrustedLogin(db: DbOrTrx, userId: number, keys: TrustKey[], now: number): Promise<void> {
  for (const key of keys) {
    await db
      .insertInto('trusted_logins')
      .values({ user_id: userId, kind: key.kind, key_hash: key.keyHash, last_used_at: now })
      .onConflict((oc) => oc.columns(['key_hash', 'kind', 'user_id']).doUpdateSet({ last_used_at: now }))
      .execute();
  }
}

/** Whether the user signed in from the device with this token hash since `since`: a cookie the server issued it. */
export async function isKnownDevice(db: DbOrTrx, userId: number, keyHash: string, since: number): Promise<boolean> {
  const row = await db
    .selectFrom('trusted_logins')
    .select('user_id')
    .where('user_id', '=', userId)
    .where('kind', '=', 'device')
    .where('key_hash', '=', keyHash)
    .where('last_used_at', '>=', since)
    .executeTakeFirst();
  return row !== undefined;
}
