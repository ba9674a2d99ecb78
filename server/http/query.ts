import type { Context } from 'koa';

/** Koa's query values are string | string[]; a repeated parameter keeps its last value. */
export function queryOf(ctx: Context): Record<string, string> {
  const query: Record<string, string> = {};
  for (const [key, value] of Object.entries(ctx.query)) {
    if (value !== undefined) query[key] = Array.isArray(value) ? value[value.length - 1]! : value;
  }
  return query;
}
