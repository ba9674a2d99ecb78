import SQLite from 'better-sqlite3';

/**
 * Bench-only preload (`node --import`): memoises better-sqlite3's `prepare` per SQL text, to
 * measure what a prepared-statement cache in server/db/database.ts would give (Kysely's SQLite
 * driver prepares every query anew). Not used by the server; see docs/benchmarks/payments.md.
 */
const proto = (SQLite as unknown as { prototype: { prepare(sql: string): unknown } }).prototype;
const prepare = proto.prepare;
const caches = new WeakMap<object, Map<string, unknown>>();
proto.prepare = function cachedPrepare(this: object, sql: string) {
  let cache = caches.get(this);
  if (!cache) caches.set(this, (cache = new Map()));
  let statement = cache.get(sql);
  if (!statement) {
    statement = prepare.call(this, sql);
    if (cache.size < 1000) cache.set(sql, statement);
  }
  return statement;
};
