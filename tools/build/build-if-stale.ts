import { execSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { buildServer, SERVER_BUILD_DIR } from './server-build';

/**
 * The first half of `npm start`: builds the web app into dist/ and the server into build/ when
 * either is missing or older than its sources, quietly; then package.json's script runs the
 * compiled server with plain `node`.
 */
const root = process.cwd();

function newestMtime(entry: string): number {
  const full = path.join(root, entry);
  if (!fs.existsSync(full)) return 0;
  const stat = fs.statSync(full);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const child of fs.readdirSync(full)) newest = Math.max(newest, newestMtime(path.join(entry, child)));
  return newest;
}

function builtAt(file: string): number {
  const full = path.join(root, file);
  return fs.existsSync(full) ? fs.statSync(full).mtimeMs : 0;
}

const webBuiltAt = builtAt('dist/index.html');
if (webBuiltAt < Math.max(...['web', 'sw', 'shared', 'public', 'index.html', 'vite.config.ts', 'tools/pwa', 'tools/vite', 'package.json'].map(newestMtime))) {
  console.log(webBuiltAt ? 'Web app sources changed: rebuilding…' : 'Building the web app (first start)…');
  // Warnings and errors only: the asset table is for developers (`npm run build` prints it).
  execSync('npx vite build --logLevel warn', { stdio: 'inherit' });
}

if (builtAt(path.join(SERVER_BUILD_DIR, 'server', 'main.js')) < Math.max(...['server', 'shared', 'tools/build', 'package.json'].map(newestMtime))) {
  await buildServer(root);
}
