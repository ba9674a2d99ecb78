import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import * as common from '@zxcvbn-ts/language-common';
import * as en from '@zxcvbn-ts/language-en';
import { HttpError } from '../errors/http-error';

/**
 * Refuses passwords that appear in zxcvbn's lists of common and leaked passwords, words and
 * patterns (score 0 or 1: under a million guesses), as NIST SP 800-63B asks for new passwords.
 * Score 2 and up passes: the login throttle makes a hundred million online guesses impractical,
 * and a stricter rule mostly pushes people to write passwords down. Offline, no breach API call.
 */
export const MIN_PASSWORD_SCORE = 2;
export const WEAK_PASSWORD_MESSAGE = 'This password is too common or easy to guess. Please choose a longer one, such as a few unrelated words.';

/**
 * The shop's own name and the show's words: the first guesses against a fan shop's accounts
 * ("VillaPrints2026" passed). Each counts as a very common word for zxcvbn.
 */
export const SHOP_WORDS = [
  'villaprints', 'villa', 'prints', 'loveisland', 'islander', 'islanders', 'bombshell', 'casaamor', 'recoupling',
  'recouple', 'grafting', 'muggedoff', 'mytypeonpaper', 'typeonpaper', 'thevilla', 'lovebomb', 'decal', 'vinyl',
];

let checker: ZxcvbnFactory | undefined;

function strengthChecker(): ZxcvbnFactory {
  // The dictionaries take ~100 ms to load: only when the first account is created.
  checker ??= new ZxcvbnFactory({
    dictionary: { ...common.dictionary, ...en.dictionary, shop: SHOP_WORDS },
    graphs: common.adjacencyGraphs,
    translations: en.translations,
    // Past this length a password is long enough; the check's cost grows with it.
    maxLength: 64,
  });
  return checker;
}

/** 422 with the field's message when `password` is common or guessable, also from the person's own details. */
export function assertStrongPassword(password: string, personal: string[]): void {
  const result = strengthChecker().check(password, personal.filter(Boolean));
  if (result.score >= MIN_PASSWORD_SCORE) return;
  throw new HttpError(422, 'WEAK_PASSWORD', WEAK_PASSWORD_MESSAGE, [{ path: 'password', message: WEAK_PASSWORD_MESSAGE }]);
}
