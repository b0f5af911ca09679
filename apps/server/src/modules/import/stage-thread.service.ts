// The main thread's side of the import's reader thread (stage.worker.ts): starts it on a file, answers its requests
// for document ids, and hands over its batches one by one, telling it when each is loaded so that it reads at most a
// few batches ahead. The thread ends with the file, or is stopped when the import fails.
import type { ErrorCode } from '@opengst/contracts';
import { setImmediate } from 'node:timers/promises';
import { Worker } from 'node:worker_threads';
import { AppError } from '../../platform/errors';
import type { StagedBatch, StagedEnd, StageReadOptions } from './stage-read.service';

export type StagedBytes = StagedBatch<Uint8Array>;

export type FromReader =
  | ({ kind: 'batch' } & StagedBytes)
  | { kind: 'ids'; request: number; count: number }
  | { kind: 'end'; end: StagedEnd }
  | { kind: 'failed'; code: string | null; message: string };
export type FromMain =
  { kind: 'loaded' } | { kind: 'ids'; request: number; ids: number[]; error?: undefined } | { kind: 'ids'; request: number; error: string };

type Event = Exclude<FromReader, { kind: 'ids' }> | { kind: 'exit'; code: number } | { kind: 'error'; error: Error };

const TS_WORKER = new URL('../../ts-worker.mjs', import.meta.url);
const ENTRY = new URL('./stage.worker.ts', import.meta.url).href;

/**
 * Reads a document file in a thread of its own. `fetchIds` answers that many fresh ids of the documents' sequence.
 * Yields the batches; answers the end of the file, or throws what the reading threw (an AppError as itself).
 */
export async function* readInThread(
  options: StageReadOptions,
  fetchIds: (count: number) => Promise<number[]>,
): AsyncGenerator<StagedBytes, StagedEnd> {
  const worker = new Worker(TS_WORKER, { workerData: { entry: ENTRY, options } });
  const events: Event[] = [];
  let wake: (() => void) | null = null;
  const push = (event: Event) => {
    events.push(event);
    wake?.();
  };
  const answerIds = (request: number, count: number) => {
    fetchIds(count).then(
      (ids) => worker.postMessage({ kind: 'ids', request, ids } satisfies FromMain),
      (error: unknown) => worker.postMessage({ kind: 'ids', request, error: String(error) } satisfies FromMain),
    );
  };
  worker.on('message', (message: FromReader) => (message.kind === 'ids' ? answerIds(message.request, message.count) : push(message)));
  worker.on('error', (error) => push({ kind: 'error', error }));
  worker.on('exit', (code) => push({ kind: 'exit', code }));
  try {
    for (;;) {
      while (events.length === 0) await new Promise<void>((resolve) => (wake = resolve));
      wake = null;
      const event = events.shift()!;
      switch (event.kind) {
        case 'batch': {
          const { kind: _, ...batch } = event;
          yield batch;
          worker.postMessage({ kind: 'loaded' } satisfies FromMain);
          // Batches already queued would be taken one after the other in microtasks, never letting the event loop
          // serve a request (the progress poll) until the queue is empty.
          await setImmediate();
          break;
        }
        case 'end':
          return event.end;
        case 'failed':
          throw event.code
            ? new AppError(event.code as ErrorCode, { message: event.message })
            : new Error(`the import's reader thread failed: ${event.message}`);
        case 'error':
          throw event.error;
        case 'exit':
          throw new Error(`the import's reader thread stopped (exit code ${event.code})`);
      }
    }
  } finally {
    await worker.terminate();
  }
}
