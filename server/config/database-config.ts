/** Which database the shop runs on: a SQLite file (or ':memory:') or a PostgreSQL URL (DATABASE_URL). */
export type DatabaseConfig = { kind: 'sqlite'; path: string } | { kind: 'postgres'; url: string };
