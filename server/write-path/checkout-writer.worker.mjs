// Entry of the checkout writer thread (checkout-writer.ts). A worker thread starts without the
// TypeScript loader of the thread that made it, so it registers tsx itself before loading its code.
import { register } from 'tsx/esm/api';

register();
await import('./checkout-writer.thread.ts');
