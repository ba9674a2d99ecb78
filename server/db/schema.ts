/**
 * Every table of the database, as Kysely types them. Each domain's `*.table.ts` adds its own tables
 * here (`declare module '../db/schema'`), so db/ knows no domain and every domain imports db/ only.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by each domain's *.table.ts
export interface Database {}
