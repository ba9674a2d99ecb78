import { expect, it } from 'vitest';
import { LOGGED_PATH_MAX, loggedPath } from './request-log';

it('keeps the shop\'s paths whole and cuts a probe\'s 7 KB path to a bounded length', () => {
  expect(loggedPath('/api/orders/ord_123/status')).toBe('/api/orders/ord_123/status');
  const probe = `/api/${'a'.repeat(7 * 1024)}`;
  const logged = loggedPath(probe);
  expect(logged.length).toBeLessThan(LOGGED_PATH_MAX + 32);
  expect(logged).toContain(`(${probe.length} chars)`);
});
