import fs from 'node:fs';
import path from 'node:path';
import { build, type Plugin } from 'esbuild';

/**
 * The server compiled for `npm start`: every module of server/ and shared/ that the entry points
 * reach, one .js file per .ts file under build/, in the same folders. Each module keeps its own
 * `import.meta.url`, so worker threads, fonts and the backup thread load from beside it as they
 * do under tsx; packages stay in node_modules.
 */
export const SERVER_BUILD_DIR = 'build';

/** What production starts: the shop, its worker threads and its command-line tools. */
function entryPoints(root: string): string[] {
  const workers = ['server', 'shared'].flatMap((folder) => filesUnder(root, folder).filter((file) => file.endsWith('.worker.ts')));
  return ['server/main.ts', 'server/seed.ts', 'server/backups/backup-cli.ts', 'server/backups/restore-cli.ts', ...workers];
}

/** Read at run time beside the code that uses them, not imported. */
function filesBeside(root: string): string[] {
  const workers = filesUnder(root, 'server').filter((file) => file.endsWith('.worker.mjs'));
  return [...workers, ...filesUnder(root, 'shared/render/fonts')];
}

function filesUnder(root: string, folder: string): string[] {
  const full = path.join(root, folder);
  if (!fs.existsSync(full)) return [];
  return fs.readdirSync(full, { recursive: true, encoding: 'utf8' }).map((name) => path.join(folder, name)).filter((file) => fs.statSync(path.join(root, file)).isFile());
}

/** The source modules the entry points import, found by letting esbuild follow them once. */
async function reachableModules(root: string): Promise<string[]> {
  const result = await build({ absWorkingDir: root, entryPoints: entryPoints(root), bundle: true, packages: 'external', platform: 'node', format: 'esm', write: false, metafile: true, outdir: 'unused', logLevel: 'error' });
  return Object.keys(result.metafile.inputs).filter((file) => /\.tsx?$/.test(file));
}

/**
 * Each relative import becomes an import of the compiled sibling (`./orders` → `./orders.js`),
 * which Node's ESM loader needs; JSON is inlined. esbuild compiles each module alone this way.
 */
const importCompiledSiblings: Plugin = {
  name: 'import-compiled-siblings',
  setup(builder) {
    builder.onResolve({ filter: /^\.\.?\// }, async (args) => {
      if (args.kind === 'entry-point' || args.pluginData === 'compiled-sibling' || args.path.endsWith('.json')) return undefined;
      const resolved = await builder.resolve(args.path, { kind: args.kind, resolveDir: args.resolveDir, pluginData: 'compiled-sibling' });
      if (resolved.errors.length) return { errors: resolved.errors };
      const relative = path.relative(args.resolveDir, resolved.path).replace(/\.tsx?$/, '.js').split(path.sep).join('/');
      return { path: relative.startsWith('.') ? relative : `./${relative}`, external: true };
    });
  },
};

/**
 * Compiles the server into `root`/`into` (build/ unless a test asks for another folder), replacing
 * what was there. The folder must be inside `root`: the compiled modules find the packages in its
 * node_modules. The new build is written beside it and swapped in whole, so a shop started from
 * the old one never finds a folder half written.
 */
export async function buildServer(root: string, into = SERVER_BUILD_DIR): Promise<void> {
  const target = path.join(root, into);
  const fresh = `${target}.new-${process.pid}`;
  const modules = await reachableModules(root);
  fs.rmSync(fresh, { recursive: true, force: true });
  await build({
    absWorkingDir: root,
    entryPoints: modules,
    outbase: '.',
    outdir: fresh,
    bundle: true,
    packages: 'external',
    plugins: [importCompiledSiblings],
    platform: 'node',
    format: 'esm',
    target: 'node20',
    logLevel: 'warning',
  });
  for (const file of filesBeside(root)) {
    fs.mkdirSync(path.dirname(path.join(fresh, file)), { recursive: true });
    fs.copyFileSync(path.join(root, file), path.join(fresh, file));
  }
  const old = `${target}.old-${process.pid}`;
  if (fs.existsSync(target)) fs.renameSync(target, old);
  fs.renameSync(fresh, target);
  fs.rmSync(old, { recursive: true, force: true });
}
