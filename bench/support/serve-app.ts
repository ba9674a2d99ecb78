/** Child process for bench/products.bench.ts: the real app over a fresh temporary SQLite file. */
import { startBenchApp } from './bench-app';

const bench = await startBenchApp();
console.log(JSON.stringify({ url: bench.url }));
process.on('SIGTERM', () => {
  void bench.close().then(() => process.exit(0));
});
