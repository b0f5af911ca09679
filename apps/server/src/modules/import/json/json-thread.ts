// The main thread's side of json-rows.worker.ts: the rows of an official JSON, which official JSON a file is, and a
// GSTR-2A/2B read, each in a thread of its own so that parsing a large file never holds the server's event loop (the
// upload check, the import, the error export and the header list all read JSON through this).
import type { ErrorCode } from '@opengst/contracts';
import { AppError } from '../../../platform/errors';
import { startTsThread } from '../../../platform/ts-thread';
import type { SourceRow } from '../readers.service';
import type { InwardJsonRead } from './inward-json.rules';
import type { OfficialJsonKind } from './official-json.rules';

export type JsonThreadMode = 'rows' | 'check' | 'inward';

export type FromJsonThread =
  | { kind: 'rows'; rows: SourceRow[] }
  | { kind: 'end' }
  | { kind: 'checked'; official: OfficialJsonKind; gstin: string | null; period: string | null }
  | { kind: 'inward'; read: InwardJsonRead }
  | { kind: 'failed'; code: string | null; message: string };

const ENTRY = new URL('./json-rows.worker.ts', import.meta.url);

const failureOf = (message: Extract<FromJsonThread, { kind: 'failed' }>): Error =>
  message.code ? new AppError(message.code as ErrorCode, { message: message.message }) : new Error(message.message);

export async function* jsonRowsInThread(path: string): AsyncGenerator<SourceRow> {
  const { worker, next } = startTsThread<FromJsonThread>(ENTRY, { path, mode: 'rows' satisfies JsonThreadMode });
  try {
    for (;;) {
      const event = await next();
      if (event.kind === 'error') throw event.error;
      if (event.kind === 'exit') throw new Error(`The JSON reader thread stopped (exit code ${event.code}).`);
      const message = event.message;
      if (message.kind === 'end') return;
      if (message.kind === 'failed') throw failureOf(message);
      if (message.kind === 'rows') yield* message.rows;
    }
  } finally {
    await worker.terminate();
  }
}

/** The one answer of a 'check' or 'inward' reading. */
const answerOf = async (path: string, mode: 'check' | 'inward'): Promise<FromJsonThread> => {
  const { worker, next } = startTsThread<FromJsonThread>(ENTRY, { path, mode });
  try {
    const event = await next();
    if (event.kind === 'error') throw event.error;
    if (event.kind === 'exit') throw new Error(`The JSON reader thread stopped (exit code ${event.code}).`);
    if (event.message.kind === 'failed') throw failureOf(event.message);
    return event.message;
  } finally {
    await worker.terminate();
  }
};

export type CheckedJson = { official: OfficialJsonKind; gstin: string | null; period: string | null };

/**
 * Which official JSON the file is (with the GSTIN and period of a GSTR-2A/2B); refuses one that is none, or a sales
 * file without any item (the upload check).
 */
export const checkJsonInThread = async (path: string): Promise<CheckedJson> => {
  const answer = await answerOf(path, 'check');
  if (answer.kind !== 'checked') throw new Error(`The JSON reader thread answered ${answer.kind}.`);
  return { official: answer.official, gstin: answer.gstin, period: answer.period };
};

/** A GSTR-2A/2B JSON read by the domain's readers (IMP0026 when the file is another official JSON). */
export const readInwardJsonInThread = async (path: string): Promise<InwardJsonRead> => {
  const answer = await answerOf(path, 'inward');
  if (answer.kind !== 'inward') throw new Error(`The JSON reader thread answered ${answer.kind}.`);
  return answer.read;
};
