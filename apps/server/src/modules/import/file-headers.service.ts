// The header row of an uploaded file, for the "Map columns" dialog: the user picks which of the file's own headers
// stands for each of our columns instead of typing it.
import type { ImportAlias, ImportFileHeaders, ImportType } from '@opengst/contracts';
import { access } from 'node:fs/promises';
import { join } from 'node:path';
import { AppError } from '../../platform/errors';
import type { ImportRow } from './import.repo';
import { mapHeader } from './columns.rules';
import { readRows } from './readers.service';
import type { FileFormat } from './sniff.rules';

/** A header row longer than this is not a register's: the rest is left out of the choice. */
const MAX_HEADERS = 300;
const MAX_HEADER_LENGTH = 200;

export const fileHeaders = async (dataDir: string, row: ImportRow, aliases: readonly ImportAlias[]): Promise<ImportFileHeaders> => {
  const path = join(dataDir, row.storagePath);
  try {
    await access(path);
  } catch {
    throw new AppError('GEN0003', { message: 'The file of this import is no longer kept: upload it again to map its columns.' });
  }
  const importType = row.importType as ImportType;
  // A GSTR-2A/2B JSON (purchase documents) is read whole by the domain's readers: it has no columns to map.
  if (row.fileFormat === 'json' && importType === 'PurchaseDocuments') return { importId: row.id, importType, headers: [], matched: {} };
  let cells: string[] = [];
  const rows = readRows(path, (row.fileFormat ?? 'csv') as FileFormat);
  try {
    for await (const candidate of rows) {
      if (candidate.cells.some((cell) => cell.trim() !== '')) {
        cells = candidate.cells.slice(0, MAX_HEADERS).map((cell) => cell.trim().slice(0, MAX_HEADER_LENGTH));
        break;
      }
    }
  } finally {
    await rows.return(undefined);
  }
  const mapped = mapHeader(importType, cells, aliases);
  const matched: Record<string, string> = {};
  for (const [key, index] of mapped.indexOf) matched[key] = cells[index] ?? '';
  return { importId: row.id, importType, headers: [...new Set(cells.filter((cell) => cell !== ''))], matched };
};
