import type { CompiledShopOptions } from './compiled-shop';

/**
 * BENCH_VARIANTS: several compiled shops measured in one run, so a change is judged beside what it
 * replaces under the same load on the machine. Variants are separated by `;`, each `name: tokens`
 * where a token is a Node flag (`--max-semi-space-size=16`), `none` (no Node flags at all), an
 * environment variable (`KEY=value`) or `root=DIR` (another checkout, compiled and run the same
 * way). A variant without flags gets the start script's. BENCH_ROUNDS=N (1) runs the variants N
 * times, every other round in reverse order, so a drift in the machine's load falls on each alike.
 *
 * Example: BENCH_VARIANTS='semi 32; semi 16: --max-semi-space-size=16; V8 default: none'
 */
export interface BenchVariant {
  name: string;
  env: Record<string, string>;
  shop: CompiledShopOptions;
}

export function variantsRequested(): BenchVariant[] | null {
  const text = process.env.BENCH_VARIANTS?.trim();
  if (!text) return null;
  return text
    .split(';')
    .map((part) => part.trim())
    .filter(Boolean)
    .map(parseVariant);
}

function parseVariant(text: string): BenchVariant {
  const colon = text.indexOf(':');
  const name = (colon < 0 ? text : text.slice(0, colon)).trim();
  const tokens = colon < 0 ? [] : text.slice(colon + 1).trim().split(/\s+/).filter(Boolean);
  const env: Record<string, string> = {};
  const shop: CompiledShopOptions = {};
  const flags: string[] = [];
  let noFlags = false;
  for (const token of tokens) {
    if (token === 'none') noFlags = true;
    else if (token.startsWith('--')) flags.push(token);
    else if (token.startsWith('root=')) shop.codeRoot = token.slice('root='.length);
    else if (/^[A-Z_][A-Z0-9_]*=/.test(token)) env[token.slice(0, token.indexOf('='))] = token.slice(token.indexOf('=') + 1);
    else throw new Error(`BENCH_VARIANTS: "${token}" in "${text}" is no Node flag, none, KEY=value or root=DIR`);
  }
  if (noFlags || flags.length) shop.nodeFlags = flags;
  return { name, env, shop };
}

/** The variants in the order they run: every other round reversed (A B, B A, A B, …). */
export function roundsOf<T>(variants: readonly T[]): T[][] {
  const rounds = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 1));
  return Array.from({ length: rounds }, (_, round) => (round % 2 === 0 ? [...variants] : [...variants].reverse()));
}
