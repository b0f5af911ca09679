// A worker thread of the server runs TypeScript as the server does, through tsx: this file registers tsx in the thread
// (Node 20 does not pass the main thread's loader on to workers) and then loads the module the thread is for.
import { workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
await import(workerData.entry);
