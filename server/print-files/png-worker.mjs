// Entry of the PNG worker thread (png-encoder.ts starts it). The server's code is TypeScript, run by
// tsx; a worker does not inherit the loader everywhere (vitest's workers, for one), so it is
// registered here before the TypeScript half is imported.
import { register } from 'tsx/esm/api';

register();
await import('./png-render.worker.ts');
