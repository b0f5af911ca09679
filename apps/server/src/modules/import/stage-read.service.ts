// Reading a document file into the text of its work tables: streamed, parsed, grouped into documents and validated.
// Pure (no database): it runs in the reader thread (stage.worker.ts) while the main thread loads what it gives.
import type { ImportType } from '@opengst/contracts';
import { AppError } from '../../platform/errors';
import { mapHeader } from './columns.rules';
import { createDocumentBuilder, createRowParser, type DocumentBuilder, type ParsedRow } from './document-builder.rules';
import { readRowBatches } from './readers.service';
import type { FileFormat } from './sniff.rules';
import { createLines, documentLine, errorLine, keyHash, rowLine, type createIdSource } from './stage-lines.rules';

/** The turnovers the HSN digits are checked against; none for an official JSON (see createDocumentBuilder). */
export const hsnTurnoversOf = (o: Pick<StageReadOptions, 'format' | 'turnovers'>) => (o.format === 'json' ? null : o.turnovers);

export type StageReadOptions = {
  importType: ImportType;
  path: string;
  format: FileFormat;
  maxRows: number;
  aliases: readonly { column: string; alias: string }[];
  locations: ReadonlyMap<string, number>;
  /** Each location's aggregate turnover by financial year (paise): the HSN digits its sales need. */
  turnovers: ReadonlyMap<number, ReadonlyMap<string, number>>;
  today: string;
};
/**
 * Lines for the work tables (each ended by a line break; as UTF-8 bytes from the reader thread), the data rows read so
 * far, the runs of rows started in the batch, and the id of the run still open at its end (every run with a lower id
 * has ended: its document is staged).
 */
export type StagedBatch<Lines extends string | Uint8Array = string> = {
  rows: Lines;
  documents: Lines;
  errors: Lines;
  dataRows: number;
  runs: number;
  openRunId: number;
};
/** The end of the file: its data rows, the hashes of documents whose rows are apart, and the header row as written. */
export type StagedEnd = { dataRows: number; split: number[]; header: string[] };

/** A set of key hashes in typed arrays (open addressing): a million documents take about 16 MB. */
export const createHashSet = () => {
  let slots = new Float64Array(1 << 16);
  let size = 0;
  const place = (table: Float64Array, hash: number): number => {
    const mask = table.length - 1;
    let at = (hash % table.length) & mask;
    while (table[at] !== 0 && table[at] !== hash) at = (at + 1) & mask;
    return at;
  };
  const grow = () => {
    const next = new Float64Array(slots.length * 2);
    for (const hash of slots) if (hash !== 0) next[place(next, hash)] = hash;
    slots = next;
  };
  /** Adds the hash; answers whether it was there already. */
  const add = (hash: number): boolean => {
    const at = place(slots, hash);
    if (slots[at] === hash) return true;
    slots[at] = hash;
    if (++size * 2 > slots.length) grow();
    return false;
  };
  return { add };
};

const isBlankRow = (cells: readonly string[]): boolean => {
  for (const cell of cells) if (cell !== '' && cell.trim() !== '') return false;
  return true;
};

/**
 * Reads the file streamed, a batch of rows at a time. Rows of one document usually follow each other: such a run is
 * built and validated as soon as the next document starts, so memory holds one document at a time. A document whose
 * rows come back later in the file is noticed by its key's hash and left to the regroup at the end (its hash in
 * `split`; store.repo.ts regroupSplit).
 */
export async function* readStaged(o: StageReadOptions, ids: ReturnType<typeof createIdSource>): AsyncGenerator<StagedBatch, StagedEnd> {
  let header: string[] | null = null;
  let parseRow: ReturnType<typeof createRowParser> | undefined;
  let builder: DocumentBuilder | undefined;
  const seen = createHashSet();
  const split = new Set<number>();
  const [rows, documents, errors] = [createLines(), createLines(), createLines()];
  let run: ParsedRow[] = [];
  let runHash = 0;
  let runId = 0;
  let runs = 0;
  let dataRows = 0;
  const endRun = () => {
    if (run.length === 0 || !builder) return;
    if (seen.add(runHash)) split.add(runHash);
    else {
      const built = builder.build(run);
      for (const e of built.errors) errors.push(errorLine(e, runHash));
      if (built.doc.valid) documents.push(documentLine(built.doc, runHash, runId));
    }
    run = [];
  };
  // A batch at a time: the rows of a batch are parsed, checked and turned into lines without an await between them.
  for await (const batch of readRowBatches(o.path, o.format)) {
    // A row starts at most one run.
    await ids.reserve(batch.length);
    for (const { row, cells } of batch) {
      if (isBlankRow(cells)) continue;
      if (!parseRow) {
        const mapped = mapHeader(o.importType, cells, o.aliases);
        if (mapped.missing.length > 0)
          throw new AppError('IMP0008', {
            message: `Required columns missing from the header row: ${mapped.missing.map((c) => c.name).join(', ')}.`,
          });
        header = cells;
        parseRow = createRowParser(o.importType, mapped, o.locations);
        builder = createDocumentBuilder(o.importType, mapped, o.today, o.locations, hsnTurnoversOf(o));
        continue;
      }
      if (++dataRows > o.maxRows)
        throw new AppError('IMP0007', { message: `The file has more than ${o.maxRows} rows, the limit of your import settings.` });
      const { parsed, errors: found } = parseRow(row, cells);
      for (const e of found) errors.push(errorLine(e, null));
      if (run[0] && run[0].key !== parsed.key) endRun();
      if (run.length === 0) {
        runHash = keyHash(parsed.key);
        runId = ids.next();
        runs++;
      }
      run.push(parsed);
      rows.push(rowLine(parsed, runHash, run.length, runId));
    }
    yield { rows: rows.take(), documents: documents.take(), errors: errors.take(), dataRows, runs, openRunId: runId };
    runs = 0;
  }
  if (!header || dataRows === 0) throw new AppError('IMP0022');
  endRun();
  yield { rows: rows.take(), documents: documents.take(), errors: errors.take(), dataRows, runs, openRunId: runId };
  return { dataRows, split: [...split], header };
}
