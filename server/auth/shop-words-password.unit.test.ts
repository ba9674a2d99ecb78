import { expect, it } from 'vitest';
import { assertStrongPassword } from './password-strength';

/** The shop's own name and the show's words fail the password check. */
it.each(['VillaPrints2026', 'villaprints!', 'Bombshell2026', 'MuggedOff123'])('refuses %s as too easy to guess', (password) => {
  expect(() => assertStrongPassword(password, [])).toThrow(expect.objectContaining({ status: 422, code: 'WEAK_PASSWORD' }));
});

it('still takes a few unrelated words', () => {
  expect(() => assertStrongPassword('Villa-Prints-Owner-2026', [])).not.toThrow();
});
