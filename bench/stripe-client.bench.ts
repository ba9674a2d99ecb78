import { execFileSync } from 'node:child_process';
import { startChildServer } from './support/child-server';
import { processCpuMs } from './support/process-cpu';

/**
 * The `stripe` package's transport: the shop's undici client (server/payments/stripe-http-client.ts)
 * beside the package's default `node:http` client, in the same run, against the local stand-in in
 * its own process, 32 charges in flight (`paymentIntents.create` with `confirm: true`, as the
 * checkout sends). Each client runs in its own process, so the CPU figures are its own; the rounds
 * alternate the two. Options: BENCH_SECONDS (5), BENCH_ROUNDS (2).
 */
const rounds = Number(process.env.BENCH_ROUNDS ?? 2);
const standIn = await startChildServer('bench/support/serve-stripe-stand-in.ts');
try {
  console.log('client               charges/s   client CPU us/charge (system)   stand-in CPU us/charge');
  for (let round = 1; round <= rounds; round++) {
    for (const client of ['node', 'undici'] as const) {
      const before = processCpuMs(standIn.pid);
      const output = execFileSync(process.execPath, ['--import', 'tsx', 'bench/support/stripe-charges.ts'], {
        env: { ...process.env, CLIENT: client, STAND_IN_URL: standIn.url },
        encoding: 'utf8',
      });
      const figures = JSON.parse(output.trim().split('\n').at(-1)!) as { perSecond: number; cpuPerCharge: number; systemPerCharge: number };
      const charges = figures.perSecond * Number(process.env.BENCH_SECONDS ?? 5);
      // The stand-in's CPU over the whole child run (warm-up included), per measured charge: an upper bound, for comparison only.
      const standInPerCharge = ((processCpuMs(standIn.pid) - before) * 1000) / charges;
      const label = client === 'node' ? 'node:http (baseline)' : 'undici (the shop)';
      console.log(
        `${label.padEnd(20)} ${figures.perSecond.toFixed(0).padStart(9)}   ${figures.cpuPerCharge.toFixed(1).padStart(10)} (${figures.systemPerCharge.toFixed(1)})${''.padStart(17)}${standInPerCharge.toFixed(0).padStart(6)}`,
      );
    }
  }
} finally {
  await standIn.stop();
}
