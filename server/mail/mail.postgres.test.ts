import { afterAll, describe } from 'vitest';
import { startTemporaryPostgres, type TemporaryPostgres } from '../test/postgres';
import { mailDeliveryScenarios } from './mail.scenarios';

let cluster: TemporaryPostgres | undefined;
afterAll(async () => {
  await cluster?.stop();
});

describe('transactional mail on PostgreSQL, delivered to a real SMTP server', () => {
  mailDeliveryScenarios(async () => {
    cluster ??= await startTemporaryPostgres();
    return cluster.createDatabase();
  });
});
