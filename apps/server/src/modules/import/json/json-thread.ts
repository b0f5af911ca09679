// The main thread's side of json-rows.worker.ts: the rows of an official JSON, read in a thread of their own so that
// parsing a large file never holds the server's event loop (the upload check, the import, the error export and the
// header list all read JSON through this).
import type { ErrorCode } from '@opengst/contracts';
import { AppError } from '../../../platform/errors';
import { startTsThread } from '../../../platform/ts-thread';
import type { SourceRow } from '../readers.service';

export type FromJsonThread =
  { kind: 'rows'; rows: SourceRow[] } | { kind: 'end' } | { kind: 'failed'; code: string | null; message: string };

const ENTRY = new URL('./json-rows.worker.ts', import.meta.url);

export async function* jsonRowsInThread(path: string): AsyncGenerator<SourceRow> {
  const { worker, next } = startTsThread<FromJsonThread>(ENTRY, { path });
  try {
    for (;;) {
      const event = await next();
      if (event.kind === 'error') throw event.error;
      if (event.kind === 'exit') throw new Error(`The JSON reader thread stopped (exit code ${event.code}).`);
      const message = event.message;
      if (message.kind === 'end') return;
      if (message.kind === 'failed')
        throw message.code ? new AppError(message.code as ErrorCode, { message: message.message }) : new Error(message.message);
      yield* message.rows;
    }
  } finally {
    await worker.terminate();
  }
}
