import { buildServer } from './server-build';

/** `npm run build:server`: compiles the server into build/ whether or not it is stale. */
await buildServer(process.cwd());
