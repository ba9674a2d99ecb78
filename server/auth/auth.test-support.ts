import type { Role, User } from '../../shared/api/types';
import type { TestApp } from '../test/test-app';
import { startSession, toUser } from './session.service';

let counter = 0;

/**
 * Test-only: a user of the given role with a live session token, written through the repository
 * layer (no password hashing, so tests stay fast). Use the real endpoints to test auth itself.
 */
export async function createUserWithToken(
  t: TestApp,
  role: Role,
  overrides: Partial<{ email: string; firstName: string; lastName: string }> = {},
): Promise<{ user: User; token: string }> {
  counter++;
  const row = await t.app.context.db
    .insertInto('users')
    .values({
      email: overrides.email ?? `${role}-${counter}-${Date.now()}@example.com`,
      password_hash: 'test-only:no-login',
      role,
      first_name: overrides.firstName ?? (role === 'customer' ? 'Casey' : 'Ada'),
      last_name: overrides.lastName ?? (role === 'customer' ? 'Customer' : 'Admin'),
      phone: null,
      created_at: Date.now(),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  const token = await startSession(t.app.context, row.id);
  return { user: toUser(row), token };
}
