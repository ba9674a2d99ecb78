import { describe } from 'vitest';
import { mailDeliveryScenarios } from '../test/mail.scenarios';

// On SQLite in the `node` project, and on PostgreSQL in `node-pg` (vitest.config.ts).
describe('transactional mail, delivered to a real SMTP server', () => {
  mailDeliveryScenarios();
});
