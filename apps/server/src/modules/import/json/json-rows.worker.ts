// The thread that reads an official JSON (json-thread.ts starts it): JSON.parse of a file of up to 32 MB takes seconds,
// and on the main thread it held every request of every tenant (issue 16). Posts the rows in batches.
import { parentPort, workerData } from 'node:worker_threads';
import { AppError } from '../../../platform/errors';
import type { SourceRow } from '../readers.service';
import { jsonRows } from './json-rows.rules';
import type { FromJsonThread } from './json-thread';

const BATCH_ROWS = 2000;

const port = parentPort;
if (!port) throw new Error('json-rows.worker.ts runs as a worker thread');
const post = (message: FromJsonThread) => port.postMessage(message);

try {
  let batch: SourceRow[] = [];
  for await (const row of jsonRows((workerData as { path: string }).path)) {
    batch.push(row);
    if (batch.length === BATCH_ROWS) {
      post({ kind: 'rows', rows: batch });
      batch = [];
    }
  }
  post({ kind: 'rows', rows: batch });
  post({ kind: 'end' });
} catch (error) {
  post(
    error instanceof AppError
      ? { kind: 'failed', code: error.code, message: error.message }
      : { kind: 'failed', code: null, message: error instanceof Error ? error.message : String(error) },
  );
}
