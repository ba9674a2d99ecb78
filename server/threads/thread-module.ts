import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';

/** Where a worker thread's code is and how Node loads it, as piscina takes them. */
export interface ThreadModule {
  filename: string;
  execArgv: string[];
}

/**
 * The worker module `name` (without extension) beside the module at `callerUrl`: the compiled .js
 * when the caller is compiled (`npm start` runs build/), else the .ts through tsx's loader
 * (development, tests, benches).
 */
export function threadModule(callerUrl: string, name: string): ThreadModule {
  if (callerUrl.endsWith('.js')) return { filename: new URL(`./${name}.js`, callerUrl).href, execArgv: [] };
  // By its path: `--import tsx` would look for the package from the working directory, wherever the shop was started.
  const tsxLoader = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
  return { filename: new URL(`./${name}.ts`, callerUrl).href, execArgv: ['--import', tsxLoader] };
}
