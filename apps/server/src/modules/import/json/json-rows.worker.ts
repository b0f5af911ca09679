// The thread that reads an official JSON (json-thread.ts starts it): JSON.parse of a file of up to 32 MB takes seconds,
// and on the main thread it held every request of every tenant (issue 16). In 'rows' mode it posts the rows of a sales
// documents file in batches; in 'check' mode (the upload) it answers which official JSON it is, having read a sales
// file's first item; in 'inward' mode it answers a GSTR-2A/2B read by the domain's readers.
import { stat } from 'node:fs/promises';
import { parentPort, workerData } from 'node:worker_threads';
import { AppError } from '../../../platform/errors';
import type { SourceRow } from '../readers.service';
import { readInwardJson } from './inward-json.rules';
import { jsonRows, rowsOfJson } from './json-rows.rules';
import type { FromJsonThread, JsonThreadMode } from './json-thread';
import { readOfficialJson } from './official-json.rules';

const BATCH_ROWS = 2000;

const port = parentPort;
if (!port) throw new Error('json-rows.worker.ts runs as a worker thread');
const post = (message: FromJsonThread) => port.postMessage(message);
const { path, mode } = workerData as { path: string; mode: JsonThreadMode };

const postRows = async () => {
  let batch: SourceRow[] = [];
  for await (const row of jsonRows(path)) {
    batch.push(row);
    if (batch.length === BATCH_ROWS) {
      post({ kind: 'rows', rows: batch });
      batch = [];
    }
  }
  post({ kind: 'rows', rows: batch });
  post({ kind: 'end' });
};

const check = async () => {
  const json = await readOfficialJson(path, (await stat(path)).size);
  if (json.kind === 'gstr1' || json.kind === 'einvoice') {
    const rows = rowsOfJson(json);
    rows.next(); // the header row of our names
    rows.next(); // the first item: a JSON without any is refused now, not after the upload
  }
  const inward = json.kind === 'gstr2a' || json.kind === 'gstr2b';
  post({ kind: 'checked', official: json.kind, gstin: inward ? json.gstin : null, period: inward ? json.period : null });
};

try {
  if (mode === 'inward') post({ kind: 'inward', read: await readInwardJson(path) });
  else if (mode === 'check') await check();
  else await postRows();
} catch (error) {
  post(
    error instanceof AppError
      ? { kind: 'failed', code: error.code, message: error.message }
      : { kind: 'failed', code: null, message: error instanceof Error ? error.message : String(error) },
  );
}
