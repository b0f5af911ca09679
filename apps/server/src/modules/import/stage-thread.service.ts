// The main thread's side of the import's reader thread (stage.worker.ts): starts it on a file, answers its requests
// for document ids, and hands over its batches one by one, telling it when each is loaded so that it reads at most a
// few batches ahead. The thread ends with the file, or is stopped when the import fails.
import type { ErrorCode } from '@opengst/contracts';
import { setImmediate } from 'node:timers/promises';
import { AppError } from '../../platform/errors';
import { startTsThread } from '../../platform/ts-thread';
import type { StagedBatch, StagedEnd, StageReadOptions } from './stage-read.service';

export type StagedBytes = StagedBatch<Uint8Array>;

export type FromReader =
  | ({ kind: 'batch' } & StagedBytes)
  | { kind: 'ids'; request: number; count: number }
  | { kind: 'end'; end: StagedEnd }
  | { kind: 'failed'; code: string | null; message: string };
export type FromMain =
  { kind: 'loaded' } | { kind: 'ids'; request: number; ids: number[]; error?: undefined } | { kind: 'ids'; request: number; error: string };

const ENTRY = new URL('./stage.worker.ts', import.meta.url);

/**
 * Reads a document file in a thread of its own. `fetchIds` answers that many fresh ids of the documents' sequence.
 * Yields the batches; answers the end of the file, or throws what the reading threw (an AppError as itself).
 */
export async function* readInThread(
  options: StageReadOptions,
  fetchIds: (count: number) => Promise<number[]>,
): AsyncGenerator<StagedBytes, StagedEnd> {
  // The thread's requests for ids are answered at once, never queued behind its batches.
  const { worker, next } = startTsThread<FromReader>(ENTRY, { options }, (message) => {
    if (message.kind !== 'ids') return false;
    fetchIds(message.count).then(
      (ids) => worker.postMessage({ kind: 'ids', request: message.request, ids } satisfies FromMain),
      (error: unknown) => worker.postMessage({ kind: 'ids', request: message.request, error: String(error) } satisfies FromMain),
    );
    return true;
  });
  try {
    for (;;) {
      const event = await next();
      if (event.kind === 'error') throw event.error;
      if (event.kind === 'exit') throw new Error(`the import's reader thread stopped (exit code ${event.code})`);
      const message = event.message;
      switch (message.kind) {
        case 'batch': {
          const { kind: _, ...batch } = message;
          yield batch;
          worker.postMessage({ kind: 'loaded' } satisfies FromMain);
          // Batches already queued would be taken one after the other in microtasks, never letting the event loop
          // serve a request (the progress poll) until the queue is empty.
          await setImmediate();
          break;
        }
        case 'end':
          return message.end;
        case 'failed':
          throw message.code
            ? new AppError(message.code as ErrorCode, { message: message.message })
            : new Error(`the import's reader thread failed: ${message.message}`);
        case 'ids':
          break; // answered by the intercept above
      }
    }
  } finally {
    await worker.terminate();
  }
}
