// The workbook of /data-mapper's export: one row per template column of an import type, with what the reader matches
// it by (its name, the known headers of other programs' exports) and the subscriber's own column names for it.
import { IMPORT_COLUMNS, type ImportAlias, type ImportColumn, type ImportType } from '@opengst/contracts';
import { writeXlsx, type XlsxColumn } from '../../files/xlsx-writer';

type Line = { column: ImportColumn; aliases: string[] };

const COLUMNS: readonly XlsxColumn<Line>[] = [
  { header: 'Template column', width: 28, value: (r) => r.column.name },
  { header: 'Required', width: 10, value: (r) => (r.column.required ? 'Yes' : 'No') },
  { header: 'Format', width: 12, value: (r) => r.column.format },
  { header: 'Your column names', width: 40, value: (r) => r.aliases.join('; ') },
  { header: 'Also read', width: 40, value: (r) => r.column.aliases.join('; ') },
];

export const aliasesWorkbook = (importType: ImportType, aliases: readonly ImportAlias[]): Promise<Buffer> =>
  writeXlsx(
    'Column names',
    COLUMNS,
    IMPORT_COLUMNS[importType].map((column) => ({
      column,
      aliases: aliases.filter((a) => a.column === column.key).map((a) => a.alias),
    })),
  );
