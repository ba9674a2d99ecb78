import { useEffect, useState } from 'react';
import type { ResponseOf } from '../../../shared/api/routes';
import { MAX_TEXT_LENGTH, TEXT_MESSAGES } from '../../../shared/catalog';
import { characterCount } from '../../../shared/text-length';
import { call } from '../../api/client';

export type TextCheck = ResponseOf<'validateText'>;

/** Waits this long after the last keystroke before asking the server. */
export const TEXT_CHECK_DEBOUNCE_MS = 300;

/** spec.md §5: when the server's check fails, 1 to 20 characters are valid. */
export function fallbackTextCheck(text: string): TextCheck {
  const length = characterCount(text);
  return length >= 1 && length <= MAX_TEXT_LENGTH ? { valid: true, message: TEXT_MESSAGES.valid } : { valid: false, message: TEXT_MESSAGES.tooLong };
}

/** POST /api/products/validate-text, or the fallback when the call fails (offline, timeout, 5xx). */
export async function checkText(text: string, font?: string): Promise<TextCheck> {
  try {
    const answer = await call('validateText', { body: font ? { text, font } : { text } }, { timeoutMs: 5000, ignoreUnauthorized: true });
    // A page the service worker answers in place of the API parses as nothing: use the local rule.
    if (typeof answer?.valid === 'boolean' && typeof answer.message === 'string') return answer;
  } catch {
    // fall through to the local rule
  }
  return fallbackTextCheck(text);
}

/** The server's verdict on the text, debounced; null while the text is empty or being checked. */
export function useTextCheck(text: string, font?: string): TextCheck | null {
  const [result, setResult] = useState<{ text: string; font?: string; check: TextCheck } | null>(null);
  useEffect(() => {
    if (!text.trim()) return;
    let alive = true;
    const timer = setTimeout(() => {
      void checkText(text, font).then((check) => alive && setResult({ text, font, check }));
    }, TEXT_CHECK_DEBOUNCE_MS);
    return () => {
      alive = false;
      clearTimeout(timer);
    };
  }, [text, font]);
  return text.trim() && result?.text === text && result.font === font ? result.check : null;
}
