// The main thread's side of json-rows.worker.ts: the rows of an official JSON, read in a thread of their own so that
// parsing a large file never holds the server's event loop (the upload check, the import, the error export and the
// header list all read JSON through this).
import type { ErrorCode } from '@opengst/contracts';
import { Worker } from 'node:worker_threads';
import { AppError } from '../../../platform/errors';
import type { SourceRow } from '../readers.service';

export type FromJsonThread =
  { kind: 'rows'; rows: SourceRow[] } | { kind: 'end' } | { kind: 'failed'; code: string | null; message: string };

type Event = FromJsonThread | { kind: 'error'; error: Error } | { kind: 'exit'; code: number };

const TS_WORKER = new URL('../../../ts-worker.mjs', import.meta.url);
const ENTRY = new URL('./json-rows.worker.ts', import.meta.url).href;

export async function* jsonRowsInThread(path: string): AsyncGenerator<SourceRow> {
  const worker = new Worker(TS_WORKER, { workerData: { entry: ENTRY, path } });
  const events: Event[] = [];
  let wake: (() => void) | null = null;
  const push = (event: Event) => {
    events.push(event);
    wake?.();
  };
  worker.on('message', push);
  worker.on('error', (error) => push({ kind: 'error', error }));
  worker.on('exit', (code) => push({ kind: 'exit', code }));
  try {
    for (;;) {
      while (events.length === 0) await new Promise<void>((resolve) => (wake = resolve));
      wake = null;
      const event = events.shift();
      if (!event) continue;
      switch (event.kind) {
        case 'rows':
          yield* event.rows;
          break;
        case 'end':
          return;
        case 'failed':
          throw event.code ? new AppError(event.code as ErrorCode, { message: event.message }) : new Error(event.message);
        case 'error':
          throw event.error;
        case 'exit':
          throw new Error(`The JSON reader thread stopped (exit code ${event.code}).`);
      }
    }
  } finally {
    await worker.terminate();
  }
}
