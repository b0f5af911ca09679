// An official JSON as a sales documents file: each invoice or note becomes the rows the sales template has (one row
// per item, our documented columns), so that header mapping, validation, errors, upsert and audit are the import's
// own. The location of each row is the file's GSTIN (GSTR-1) or the invoice's seller (e-invoice); the row parser
// refuses it with IMP0014 when it is not one of the user's locations. A GSTR-2A/2B JSON has no rows: it is the portal's
// data of a recipient, imported as purchase documents (inward-json.rules.ts).
import { IMPORT_COLUMNS } from '@opengst/contracts';
import { stat } from 'node:fs/promises';
import { AppError } from '../../../platform/errors';
import type { SourceRow } from '../readers.service';
import { einvoiceLines } from './einvoice-lines.rules';
import { gstr1Lines } from './gstr1-lines.rules';
import { INWARD_JSON_NAMES, readOfficialJson, type OfficialJson } from './official-json.rules';

const COLUMNS = IMPORT_COLUMNS.SalesDocuments;

/** A GSTR-2A/2B uploaded as sales documents: said so, with what to do. */
export const inwardAsSalesError = (json: Extract<OfficialJson, { kind: 'gstr2a' | 'gstr2b' }>): AppError =>
  new AppError('IMP0026', {
    message: `This is the GST portal's ${INWARD_JSON_NAMES[json.kind]} JSON of ${json.gstin} for ${json.period}: import it as Purchase documents.`,
  });

/**
 * A header row of our column names (row 0: it is not in the file), then one row per item numbered from 1 in the
 * file's order, so an error's row is the item line's position in the file; each row carries its item's JSON path
 * (the error export shows it).
 */
export function* rowsOfJson(json: OfficialJson): Generator<SourceRow> {
  if (json.kind === 'gstr2a' || json.kind === 'gstr2b') throw inwardAsSalesError(json);
  const lines = json.kind === 'gstr1' ? gstr1Lines(json.file) : einvoiceLines(json.invoices, json.single);
  yield { row: 0, cells: COLUMNS.map((c) => c.name) };
  let row = 0;
  for (const { path: at, values } of lines) yield { row: ++row, cells: COLUMNS.map((c) => values[c.key] ?? ''), path: at };
  // A JSON has no header row: "no data rows under the header row" would not say what is wrong with it.
  if (row === 0)
    throw new AppError('IMP0026', {
      message:
        json.kind === 'gstr1'
          ? `The GSTR-1 JSON of ${String(json.file.gstin)} for ${String(json.file.fp)} holds no invoice or note in a section OpenGST reads (b2b, b2cl, cdnr, cdnur, exp, and their amendments), each with its items.`
          : 'The e-invoice JSON holds no item (ItemList) to import.',
    });
}

export async function* jsonRows(path: string): AsyncGenerator<SourceRow> {
  yield* rowsOfJson(await readOfficialJson(path, (await stat(path)).size));
}
