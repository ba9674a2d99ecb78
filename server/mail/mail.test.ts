import { describe } from 'vitest';
import { mailDeliveryScenarios } from './mail.scenarios';

describe('transactional mail on SQLite, delivered to a real SMTP server', () => {
  mailDeliveryScenarios(async () => undefined);
});
