// A worker thread that runs one of the server's TypeScript modules (through ts-worker.mjs, which registers tsx in the
// thread), with its messages, its error and its exit as one queue the main thread awaits in order. The import's reader
// thread and the JSON reader thread use it.
import { Worker } from 'node:worker_threads';

const TS_WORKER = new URL('../ts-worker.mjs', import.meta.url);

export type ThreadEvent<M> = { kind: 'message'; message: M } | { kind: 'error'; error: Error } | { kind: 'exit'; code: number };

/**
 * Starts `entry` in a thread with `data` as its workerData (beside `entry`). `intercept` may take a message out of
 * the queue (it answers it itself) by returning true. Terminate the worker when done with it.
 */
export const startTsThread = <M>(entry: URL, data: Record<string, unknown>, intercept?: (message: M) => boolean) => {
  const worker = new Worker(TS_WORKER, { workerData: { ...data, entry: entry.href } });
  const events: ThreadEvent<M>[] = [];
  let wake: (() => void) | null = null;
  const push = (event: ThreadEvent<M>) => {
    events.push(event);
    wake?.();
  };
  worker.on('message', (message: M) => {
    if (!intercept?.(message)) push({ kind: 'message', message });
  });
  worker.on('error', (error) => push({ kind: 'error', error }));
  worker.on('exit', (code) => push({ kind: 'exit', code }));
  const next = async (): Promise<ThreadEvent<M>> => {
    while (events.length === 0) await new Promise<void>((resolve) => (wake = resolve));
    wake = null;
    return events.shift()!;
  };
  return { worker, next };
};
