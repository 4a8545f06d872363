// The file worker run from TypeScript sources (vitest, `npm run dev`): a worker thread does not
// inherit the parent's tsx loader, so it registers its own before importing the worker. The bundled
// server runs dist/server/file-worker.js directly and never loads this file.
import { workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
await import(workerData.entry);
