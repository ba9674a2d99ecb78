import { execSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { main } from './main';

/**
 * `npm start`: builds the web app when the build is missing or older than its sources, then
 * starts the server (which migrates the database on start-up).
 */
const root = process.cwd();
const dist = path.join(root, 'dist', 'index.html');
const sources = ['web', 'sw', 'shared', 'index.html', 'vite.config.ts', 'package.json'];

function newestMtime(entry: string): number {
  const full = path.join(root, entry);
  if (!fs.existsSync(full)) return 0;
  const stat = fs.statSync(full);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const child of fs.readdirSync(full)) newest = Math.max(newest, newestMtime(path.join(entry, child)));
  return newest;
}

const builtAt = fs.existsSync(dist) ? fs.statSync(dist).mtimeMs : 0;
const sourcesAt = Math.max(...sources.map(newestMtime));
if (builtAt < sourcesAt) {
  console.log(builtAt ? 'Web app sources changed: rebuilding…' : 'Building the web app (first start)…');
  // Warnings and errors only: the asset table is for developers (`npm run build` prints it).
  execSync('npx vite build --logLevel warn', { stdio: 'inherit' });
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
