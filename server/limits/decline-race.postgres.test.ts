import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { checkoutBody } from '../payments/payment.test-support';
import { startTemporaryPostgres, type TemporaryPostgres } from '../test/postgres';
import { startServerProcess, type ServerProcess } from '../test/server-process';

/**
 * Two server processes over one PostgreSQL: 60 declined checkouts from one address arriving at
 * once, split between them, must not get more than CARD_DECLINE_LIMIT charges to the gateway.
 */
const LIMIT = 5;
let postgres: TemporaryPostgres;
let databaseUrl: string;
let servers: ServerProcess[] = [];

beforeAll(async () => {
  postgres = await startTemporaryPostgres();
  databaseUrl = await postgres.createDatabase();
  const env = { DATABASE_URL: databaseUrl, CARD_DECLINE_LIMIT: String(LIMIT) };
  servers = await Promise.all([startServerProcess(env), startServerProcess(env)]);
}, 120_000);
afterAll(async () => {
  await Promise.all(servers.map((server) => server.stop()));
  await postgres?.stop();
}, 60_000);

it('lets at most the limit of 60 concurrent declines from one address through two processes', async () => {
  const answers = await Promise.all(
    Array.from({ length: 60 }, async (_, attempt) => {
      const response = await fetch(`${servers[attempt % 2]!.url}/api/checkout`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(checkoutBody(attempt % 3 === 0 ? 'pm_card_visa_chargeDeclined' : 'pm_card_chargeDeclinedExpiredCard')),
      });
      return response.status;
    }),
  );
  expect(answers.filter((status) => status === 402).length).toBeLessThanOrEqual(LIMIT);
  expect(answers).toContain(402);
  expect(answers.filter((status) => status !== 402 && status !== 429)).toEqual([]);
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: string }>('SELECT count(*) AS n FROM test_gateway.test_gateway_intents');
    expect(Number(rows[0]!.n)).toBeLessThanOrEqual(LIMIT);
  } finally {
    await client.end();
  }
});
