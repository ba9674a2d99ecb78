/** Mail providers that ignore dots in the local part (Gmail, under both of its domains). */
const DOT_BLIND_DOMAINS = new Set(['gmail.com', 'googlemail.com']);

/**
 * One customer's address however it is written, for per-customer limits: case, a `+tag` after the
 * local part (delivered to the same mailbox by Gmail, Outlook, iCloud, Fastmail…) and, at Gmail,
 * dots. Only for counting: mail still goes to the address as typed.
 */
export function canonicalEmail(email: string): string {
  const trimmed = email.trim().toLowerCase();
  const at = trimmed.lastIndexOf('@');
  if (at <= 0) return trimmed;
  let local = trimmed.slice(0, at);
  let domain = trimmed.slice(at + 1);
  const plus = local.indexOf('+');
  if (plus > 0) local = local.slice(0, plus);
  if (DOT_BLIND_DOMAINS.has(domain)) {
    local = local.replaceAll('.', '');
    domain = 'gmail.com';
  }
  return `${local}@${domain}`;
}
