/**
 * Child process for bench/products.bench.ts: the baseline, a bare Koa app answering the same
 * path with the same JSON bytes and nothing else (no logging, errors, auth, router).
 */
import Koa from 'koa';
import { catalogSeed } from '../../server/db/catalog.seed';

// The seeded catalogue's devices, as the app answers them on a fresh database.
const seed = catalogSeed();
const productTypes = seed.productTypes.map((type) => ({ id: type.id, name: type.name, variants: seed.variants.filter((v) => v.productType === type.id).map((v) => v.name) }));
const body = JSON.stringify({ productTypes });
const koa = new Koa();
koa.use((ctx) => {
  if (ctx.path !== '/api/products/devices') return;
  ctx.type = 'application/json';
  ctx.body = body;
});
const server = koa.listen(0, '127.0.0.1', () => {
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  console.log(JSON.stringify({ url: `http://127.0.0.1:${port}` }));
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
