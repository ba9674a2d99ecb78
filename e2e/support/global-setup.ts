import { execSync } from 'node:child_process';
import { chromiumPath } from './chromium';

/** Fails at once, with a clear message, when Chromium is missing; then builds the web app once. */
export default function setup(): void {
  chromiumPath();
  // vitest sets NODE_ENV=test, which would give a development React build: test what ships.
  execSync('npx vite build --logLevel error', { stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } });
}
