// The PDF worker's entry (see pdf-worker.ts). A worker thread starts without the loader that runs
// the API's TypeScript (tsx hooks the API's own thread only), so it registers it first.
import { register } from 'tsx/esm/api';

register();
await import('./pdf-worker.ts');
