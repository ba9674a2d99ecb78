/**
 * The print room's first cut-job list after a day of orders: with every design worked out by the
 * list itself (CUT_DESIGNS_AT_PAYMENT=off, the baseline) against designs worked out in the
 * background as each order is paid. The same decals are placed through POST /api/checkout on both
 * apps, so the checkout's own time is measured beside them.
 *
 *   npm run bench -- cut-designs-at-payment        (BENCH_DECALS=N, default 500)
 */
import { createBenchAdmin, startBenchApp, type BenchApp } from './support/bench-app';
import { machineLine, ms, percentile, printTable } from './support/stats';
import { checkoutBody } from '../server/payments/payment.test-support';

const DECALS = Number(process.env.BENCH_DECALS ?? 500);
const LIST = '/api/fulfillment/cut-jobs';
const LIMITS = { PAYMENT_INTENT_LIMIT: '100000', CARD_DECLINE_LIMIT: '100000' };

async function health(url: string): Promise<number> {
  const started = performance.now();
  await (await fetch(`${url}/api/health`)).arrayBuffer();
  return performance.now() - started;
}

/** Places DECALS one-line orders (distinct texts, one colour) one after another; each checkout's time. */
async function placeOrders(bench: BenchApp, run: string): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < DECALS; i++) {
    const body = checkoutBody('pm_card_visa', [1]);
    body.items = body.items.map((item) => ({ ...item, text: `Bombshell ${i}`, color: 'Teal' }));
    const started = performance.now();
    const response = await fetch(`${bench.url}/api/checkout`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Idempotency-Key': `${run}-${i}` },
      body: JSON.stringify(body),
    });
    await response.arrayBuffer();
    times.push(performance.now() - started);
    if (response.status !== 201) throw new Error(`checkout ${i} answered ${response.status}`);
  }
  return times;
}

const storedDesigns = async (bench: BenchApp) =>
  Number((await bench.app.context.db.selectFrom('cut_designs').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);

/** The first list of the queue, with GET /api/health polled meanwhile: time, health p99. */
async function firstList(bench: BenchApp, token: string): Promise<{ elapsed: number; healthP99: number }> {
  let done = false;
  const started = performance.now();
  const answer = fetch(bench.url + LIST, { headers: { Authorization: `Bearer ${token}` } })
    .then(async (response) => {
      if (response.status !== 200) throw new Error(`${LIST} answered ${response.status}`);
      await response.arrayBuffer();
      return performance.now() - started;
    })
    .finally(() => (done = true));
  answer.catch(() => {});
  const samples: number[] = [];
  while (!done) samples.push(await health(bench.url));
  return { elapsed: await answer, healthP99: percentile(samples, 99) };
}

async function run(warm: boolean): Promise<(string | number)[][]> {
  const bench = await startBenchApp(undefined, { ...LIMITS, CUT_DESIGNS_AT_PAYMENT: warm ? 'on' : 'off' });
  try {
    const token = await createBenchAdmin(bench.app);
    const idle: number[] = [];
    for (let i = 0; i < 200; i++) idle.push(await health(bench.url));
    const checkouts = await placeOrders(bench, warm ? 'warm' : 'lazy');
    const placed = performance.now();
    // The background passes end a short while after the last payment; the list is asked for once they have.
    while (warm && (await storedDesigns(bench)) < DECALS) await new Promise((resolve) => setTimeout(resolve, 50));
    const caughtUp = performance.now() - placed;
    const list = await firstList(bench, token);
    const label = warm ? 'designs worked out at payment' : 'baseline: designs worked out by the list';
    return [
      [`POST /api/checkout ×${DECALS}, ${label}`, `p50 ${ms(percentile(checkouts, 50))}, p95 ${ms(percentile(checkouts, 95))}`, '', ''],
      ...(warm ? [[`  background caught up after the last checkout`, ms(caughtUp), '', '']] : []),
      [`first GET ${LIST}, ${DECALS} decals, ${label}`, ms(list.elapsed), `${ms(list.healthP99)} (idle ${ms(percentile(idle, 99))})`, warm ? 'faster than baseline' : ''],
    ];
  } finally {
    await bench.close();
  }
}

console.log(machineLine());
const rows: (string | number)[][] = [['measurement', 'time', 'health p99 meanwhile', 'budget']];
rows.push(...(await run(false)), ...(await run(true)));
printTable(rows);
