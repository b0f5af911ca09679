// Streams the rows of a stored upload as arrays of text cells, whatever its format: the spreadsheet and text readers
// of files/, and the official JSON turned into template rows by json/ (in a thread of its own).
import type { TextRow } from '../../files/cell-text';
import { csvRowBatches } from '../../files/csv';
import { xlsRows, xlsxRowBatches } from '../../files/first-sheet-rows';
import { jsonRowsInThread } from './json/json-thread';
import type { FileFormat } from './sniff.rules';

/**
 * One row of the file (`row` counts from 1 as a spreadsheet shows it). A row made from a JSON item line also says
 * where that item is in the file (`path`, e.g. "b2b[0].inv[2].itms[1]").
 */
export type SourceRow = TextRow & { path?: string };

async function* unbatched(batches: AsyncGenerator<TextRow[]>): AsyncGenerator<SourceRow> {
  for await (const rows of batches) yield* rows;
}

const READERS: Record<FileFormat, (path: string) => AsyncGenerator<SourceRow>> = {
  xlsx: (path) => unbatched(xlsxRowBatches(path)),
  xls: xlsRows,
  csv: (path) => unbatched(csvRowBatches(path)),
  json: jsonRowsInThread,
};

export const readRows = (path: string, format: FileFormat): AsyncGenerator<SourceRow> => READERS[format](path);

const BATCH_ROWS = 2000;

/** The rows in batches, so that a reader of a million rows awaits a few hundred times, not a million. */
export async function* readRowBatches(path: string, format: FileFormat): AsyncGenerator<SourceRow[]> {
  if (format === 'csv' || format === 'xlsx') {
    yield* format === 'csv' ? csvRowBatches(path) : xlsxRowBatches(path);
    return;
  }
  let batch: SourceRow[] = [];
  for await (const row of READERS[format](path)) {
    batch.push(row);
    if (batch.length === BATCH_ROWS) {
      yield batch;
      batch = [];
    }
  }
  if (batch.length > 0) yield batch;
}
