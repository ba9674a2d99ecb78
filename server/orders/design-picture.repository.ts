import type { Db } from '../db/database';
import './design-picture.table';

const keys = new WeakMap<Db, Promise<Buffer>>();

/** The secret the design-picture links are signed with, read once per process (a migration drew it). */
export function designPictureKey(db: Db): Promise<Buffer> {
  let key = keys.get(db);
  if (!key) {
    key = db
      .selectFrom('design_picture_key')
      .select('secret')
      .where('id', '=', 1)
      .executeTakeFirstOrThrow()
      .then((row) => Buffer.from(row.secret, 'base64url'));
    // A failed read (the database away for a moment) is tried again by the next caller.
    key.catch(() => keys.delete(db));
    keys.set(db, key);
  }
  return key;
}
