// The reader thread of a document import (started by stage-thread.service.ts): reads, parses and validates the file
// (stage-read.service.ts) and posts the work tables' lines as UTF-8 bytes, while the main thread loads them into the database.
// On two cores the parsing no longer waits for the database, nor the database for the parsing.
import { parentPort, workerData } from 'node:worker_threads';
import { AppError } from '../../platform/errors';
import { createIdSource } from './stage-lines.rules';
import { readStaged, type StageReadOptions } from './stage-read.service';
import type { FromMain, FromReader } from './stage-thread.service';

/** Batches posted and not yet loaded by the main thread, before the reader waits: a few MB of lines at most. */
const IN_FLIGHT = 64;

const port = parentPort;
if (!port) throw new Error('stage.worker.ts runs as a worker thread');
const post = (message: FromReader, transfer: ArrayBuffer[] = []) => port.postMessage(message, transfer);

const idRequests = new Map<number, { resolve: (ids: number[]) => void; reject: (error: Error) => void }>();
let lastRequest = 0;
let loaded = 0;
let posted = 0;
let resume: (() => void) | null = null;
port.on('message', (message: FromMain) => {
  if (message.kind === 'loaded') {
    loaded++;
    resume?.();
    return;
  }
  const request = idRequests.get(message.request);
  idRequests.delete(message.request);
  if (message.error !== undefined) request?.reject(new Error(message.error));
  else request?.resolve(message.ids);
});

const ids = createIdSource(
  (count) =>
    new Promise<number[]>((resolve, reject) => {
      const request = ++lastRequest;
      idRequests.set(request, { resolve, reject });
      post({ kind: 'ids', request, count });
    }),
);

const encoder = new TextEncoder();

const run = async () => {
  const reading = readStaged((workerData as { options: StageReadOptions }).options, ids);
  for (;;) {
    const next = await reading.next();
    if (next.done) {
      post({ kind: 'end', end: next.value });
      return;
    }
    const { rows, documents, errors, ...counts } = next.value;
    const bytes = { rows: encoder.encode(rows), documents: encoder.encode(documents), errors: encoder.encode(errors) };
    post({ kind: 'batch', ...bytes, ...counts }, [bytes.rows.buffer, bytes.documents.buffer, bytes.errors.buffer] as ArrayBuffer[]);
    posted++;
    while (posted - loaded >= IN_FLIGHT) await new Promise<void>((wake) => (resume = wake));
    resume = null;
  }
};

run().catch((error: unknown) => {
  if (error instanceof AppError) post({ kind: 'failed', code: error.code, message: error.message });
  else post({ kind: 'failed', code: null, message: error instanceof Error ? (error.stack ?? error.message) : String(error) });
});
