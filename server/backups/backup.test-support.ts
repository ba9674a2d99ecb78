import { spawn } from 'node:child_process';
import path from 'node:path';
import { openDatabase } from '../db/database';
import { parseDatabaseUrl } from '../config/config';
import { checkoutBody } from '../payments/payment.test-support';

const SCRIPTS = { backup: 'backup-cli.ts', restore: 'restore-cli.ts' } as const;

export interface CliRun {
  code: number | null;
  stdout: string;
  stderr: string;
  /** stdout's last line. */
  lastLine: string;
}

/** Runs `npm run backup` / `npm run restore -- FILE` as npm would (the script through tsx), with `env` added. */
export function runBackupCli(name: keyof typeof SCRIPTS, env: Record<string, string>, args: string[] = []): Promise<CliRun> {
  const script = path.join(import.meta.dirname, SCRIPTS[name]);
  const child = spawn(process.execPath, ['--import', 'tsx', script, ...args], { env: { ...process.env, LOG_LEVEL: 'silent', ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => resolve({ code, stdout, stderr, lastLine: stdout.trim().split('\n').at(-1) ?? '' }));
  });
}

/** Every order with its lines, as stored (all columns), by id. */
export async function readOrders(databaseUrl: string): Promise<{ orders: Record<string, unknown>[]; items: Record<string, unknown>[] }> {
  const db = await openDatabase(parseDatabaseUrl(databaseUrl, process.cwd()));
  try {
    const orders = await db.selectFrom('orders').selectAll().orderBy('id').execute();
    const items = await db.selectFrom('order_items').selectAll().orderBy('order_id').orderBy('line_no').execute();
    return { orders, items };
  } finally {
    await db.destroy();
  }
}

/** Places a checkout with its own Idempotency-Key; resolves with the answer's order number. */
export async function checkOut(url: string, key: string, quantities: number[] = [1]): Promise<string> {
  const response = await fetch(`${url}/api/checkout`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'Idempotency-Key': key },
    body: JSON.stringify(checkoutBody('pm_card_visa', quantities)),
  });
  const body = (await response.json()) as { order?: { orderNumber: string } };
  if (response.status !== 201 || !body.order) throw new Error(`checkout ${key} answered ${response.status}: ${JSON.stringify(body)}`);
  return body.order.orderNumber;
}

/** Waits (bounded) until `check` holds. */
export async function eventually(check: () => boolean | Promise<boolean>, what: string, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
