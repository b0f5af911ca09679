// Rows to documents: rows with the same document key form one document (one row per item line); each document is
// checked by the domain's validateDocument, and every error is kept with its row, column, value and code.
// Two steps, so that the import never holds more than one document's rows: parse a row (createRowParser), and build
// and validate one document from all of its rows (createDocumentBuilder).
import type { ImportColumn, ImportType, ITC_ELIGIBILITY } from '@opengst/contracts';
import { financialYearOf, formatRupees, hsnTurnoverYear, returnPeriodOf, validateDocument, type DocumentInput } from '@opengst/domain';
import type { CellValue, HeaderMap } from './columns.rules';
import { parseCell } from './columns.rules';

type ItcEligibility = (typeof ITC_ELIGIBILITY)[number];

export type RowError = {
  row: number;
  column: string | null;
  value: string | null;
  code: string;
  message: string;
  type: 'Error' | 'Warning';
};

export type ItemLine = {
  row: number;
  hsn: string | null;
  description: string | null;
  uqc: string | null;
  quantity: number;
  rate: number;
  taxable: number;
  igst: number;
  cgst: number;
  sgst: number;
  cess: number;
  itcEligibility: ItcEligibility | null;
};

/** A document ready to store (money in paise, rate in milli-percent, quantity in thousandths). */
export type ImportedDocument = {
  key: string;
  rows: number[];
  valid: boolean;
  entityId: number;
  financialYear: string;
  returnPeriod: string;
  documentType: string;
  documentNumber: string;
  documentDate: string;
  supplyType: string;
  counterpartyGstin: string;
  counterpartyName: string | null;
  placeOfSupply: string;
  isReverseCharge: boolean;
  originalDocumentNumber: string | null;
  originalDocumentDate: string | null;
  items: ItemLine[];
};

/** Header values every row of a document must repeat identically. */
export const HEADER_KEYS = [
  'documentDate',
  'counterpartyGstin',
  'counterpartyName',
  'placeOfSupply',
  'supplyType',
  'reverseCharge',
  'originalDocumentNumber',
  'originalDocumentDate',
] as const;
export type HeaderKey = (typeof HEADER_KEYS)[number];

/** The fields of a document row (the columns of both document import types), and each one's place in a row's values. */
export const FIELDS = [
  'locationGstin',
  'documentType',
  'documentNumber',
  'documentDate',
  'counterpartyGstin',
  'counterpartyName',
  'placeOfSupply',
  'supplyType',
  'reverseCharge',
  'originalDocumentNumber',
  'originalDocumentDate',
  'hsn',
  'description',
  'uqc',
  'quantity',
  'rate',
  'taxable',
  'igst',
  'cgst',
  'sgst',
  'cess',
  'itcEligibility',
] as const;
export type Field = (typeof FIELDS)[number];
export const F = Object.fromEntries(FIELDS.map((field, i) => [field, i])) as { readonly [K in Field]: number };

/**
 * One data row by its columns. `values` holds the parsed cells by field (F): an array, not an object keyed by name,
 * because a million rows of keyed objects spend a fifth of the import in lookups and garbage. A blank cell and one
 * that failed to parse are both null; `ok` is false when any cell failed or the location is not the user's. `cells`
 * are the row as written (null once staged), for the value of an IMP0017 error.
 */
export type ParsedRow = {
  row: number;
  key: string;
  ok: boolean;
  entityId: number | null;
  locationGstin: string;
  values: CellValue[];
  cells: readonly string[] | null;
};

const textOf = (value: CellValue): string | null => value as string | null;
const numberOf = (value: CellValue): number => (value as number | null) ?? 0;

/** The text of a column's cell in the row. */
const cellOf = (header: HeaderMap, cells: readonly string[], key: string): string => cells[header.indexOf.get(key) ?? -1] ?? '';

/** What the user wrote in a header column: the cell, or for a staged row its value as text. */
const headerTextOf = (header: HeaderMap, row: ParsedRow, key: HeaderKey): string => {
  if (row.cells) return cellOf(header, row.cells, key);
  const value = row.values[F[key]];
  return value === true ? 'Y' : value === false ? 'N' : value === null || value === undefined ? '' : String(value);
};

/** Domain property names to our column keys, for the column of an error. */
const PROPERTY_COLUMNS: Record<string, string> = {
  documentType: 'documentType',
  documentNumber: 'documentNumber',
  documentDate: 'documentDate',
  placeOfSupply: 'placeOfSupply',
  originalDocumentNumber: 'originalDocumentNumber',
  originalDocumentDate: 'originalDocumentDate',
  isReverseCharge: 'reverseCharge',
  hsn: 'hsn',
  uqc: 'uqc',
  quantity: 'quantity',
  taxable: 'taxable',
  ratePercent: 'rate',
  igst: 'igst',
  cgst: 'cgst',
  sgst: 'sgst',
  cess: 'cess',
};

/**
 * The key of a row's document: location, financial year, type, number (and for a purchase the supplier's GSTIN), as
 * written. Rows with the same key are one document wherever they are in the file.
 */
export const documentKey = (
  locationGstin: string,
  date: string | null,
  documentType: string,
  counterpartyGstin: string,
  documentNumber: string,
  isPurchase: boolean,
): string =>
  `${locationGstin}|${date ? financialYearOf(date) : '?'}|${documentType}|${isPurchase ? counterpartyGstin : ''}|${documentNumber}`;

/** Formats whose cells repeat down a file (GSTINs, dates, states, choices, rates): each column remembers their parse. */
const REPEATING_FORMATS: ReadonlySet<ImportColumn['format']> = new Set([
  'gstin',
  'date',
  'stateCode',
  'yesNo',
  'choice',
  'percent',
  'quantity',
]);
const REMEMBERED_CELLS = 4096;

/** parseCell, remembered per distinct text (a column starts afresh when it has seen too many). */
const rememberingParser = (column: ImportColumn): ((text: string) => ReturnType<typeof parseCell>) => {
  if (!REPEATING_FORMATS.has(column.format)) return (text) => parseCell(column, text);
  let seen = new Map<string, ReturnType<typeof parseCell>>();
  return (text) => {
    let parsed = seen.get(text);
    if (parsed === undefined) {
      if (seen.size === REMEMBERED_CELLS) seen = new Map();
      parsed = parseCell(column, text);
      seen.set(text, parsed);
    }
    return parsed;
  };
};

/** Parses rows one by one. `locations` maps each GSTIN the user may import for to its entity id. */
export const createRowParser = (importType: ImportType, header: HeaderMap, locations: ReadonlyMap<string, number>) => {
  const columnByKey = new Map(header.columns.map((c) => [c.key, c]));
  const nameOf = (key: string): string | null => columnByKey.get(key)?.name ?? null;
  const isPurchase = importType === 'PurchaseDocuments';
  const parsers = header.columns.map((column) => {
    const slot = (F as Record<string, number>)[column.key];
    if (slot === undefined) throw new Error(`column ${column.key} is not a document field`);
    return { column, slot, index: header.indexOf.get(column.key), parse: rememberingParser(column) };
  });
  const noErrors: RowError[] = [];

  return (row: number, cells: readonly string[]): { parsed: ParsedRow; errors: RowError[] } => {
    const values = new Array<CellValue>(FIELDS.length).fill(null);
    let errors = noErrors;
    let ok = true;
    for (const { column, slot, index, parse } of parsers) {
      const text = index === undefined ? '' : (cells[index] ?? '');
      const parsed = parse(text);
      if ('error' in parsed) {
        ok = false;
        if (errors === noErrors) errors = [];
        errors.push({ row, column: column.name, value: text, code: parsed.error.code, message: parsed.error.message, type: 'Error' });
      } else values[slot] = parsed.value;
    }
    const locationGstin = textOf(values[F.locationGstin] ?? null) ?? cellOf(header, cells, 'locationGstin').trim().toUpperCase();
    const entityId = locations.get(locationGstin) ?? null;
    if (values[F.locationGstin] && entityId === null) {
      ok = false;
      if (errors === noErrors) errors = [];
      errors.push({
        row,
        column: nameOf('locationGstin'),
        value: cellOf(header, cells, 'locationGstin'),
        code: 'IMP0014',
        message: 'This GSTIN is not one of your locations, or you have no access to it.',
        type: 'Error',
      });
    }
    const key = documentKey(
      locationGstin,
      textOf(values[F.documentDate] ?? null),
      cellOf(header, cells, 'documentType').trim().toUpperCase(),
      textOf(values[F.counterpartyGstin] ?? null) ?? '',
      cellOf(header, cells, 'documentNumber').trim(),
      isPurchase,
    );
    return { parsed: { row, key, ok, entityId, locationGstin, values, cells }, errors };
  };
};

export type DocumentBuilder = ReturnType<typeof createDocumentBuilder>;

/** Builds one document from all of its rows (in file order), checks that they agree, and validates it. */
export const createDocumentBuilder = (
  importType: ImportType,
  header: HeaderMap,
  today: string,
  /**
   * GSTIN → location id, and each location's turnover by financial year: the HSN digits a sale needs. null: the digits
   * are not checked (an official JSON: a GSTR-1 carries no HSN on its invoices, an e-invoice's the IRP checked).
   */
  locations: ReadonlyMap<string, number> = new Map(),
  turnovers: ReadonlyMap<number, ReadonlyMap<string, number>> | null = new Map(),
) => {
  const columnByKey = new Map(header.columns.map((c) => [c.key, c]));
  const nameOf = (key: string): string | null => columnByKey.get(key)?.name ?? null;
  const isPurchase = importType === 'PurchaseDocuments';
  const context = { today };

  const build = (rows: readonly ParsedRow[]): { doc: ImportedDocument; errors: RowError[] } => {
    const errors: RowError[] = [];
    const first = rows[0];
    if (!first) throw new Error('a document has at least one row');
    const values = first.values;
    const field = (f: Field): string | null => textOf(values[F[f]] ?? null);
    const date = field('documentDate');
    const counterpartyGstin = field('counterpartyGstin') ?? '';
    const supplyType = field('supplyType');
    const doc: ImportedDocument = {
      key: first.key,
      rows: [],
      valid: true,
      entityId: first.entityId ?? 0,
      financialYear: date ? financialYearOf(date) : '',
      returnPeriod: date ? returnPeriodOf(date) : '',
      documentType: field('documentType') ?? '',
      documentNumber: field('documentNumber') ?? '',
      documentDate: date ?? '',
      supplyType: supplyType ?? (counterpartyGstin && counterpartyGstin !== 'URP' ? 'B2B' : 'B2C'),
      counterpartyGstin: counterpartyGstin === 'URP' ? '' : counterpartyGstin,
      counterpartyName: field('counterpartyName'),
      placeOfSupply: field('placeOfSupply') ?? '',
      isReverseCharge: values[F.reverseCharge] === true,
      originalDocumentNumber: field('originalDocumentNumber'),
      originalDocumentDate: field('originalDocumentDate'),
      items: [],
    };
    for (const row of rows) {
      let rowValid = row.ok;
      if (row !== first) {
        for (const k of HEADER_KEYS) {
          if (rowValid && (row.values[F[k]] ?? null) !== (values[F[k]] ?? null)) {
            rowValid = false;
            errors.push({
              row: row.row,
              column: nameOf(k),
              value: headerTextOf(header, row, k),
              code: 'IMP0017',
              message: `${nameOf(k)} differs from the document's first row (row ${first.row}).`,
              type: 'Error',
            });
          }
        }
      }
      if (!rowValid) doc.valid = false;
      doc.rows.push(row.row);
      const v = row.values;
      doc.items.push({
        row: row.row,
        hsn: textOf(v[F.hsn] ?? null),
        description: textOf(v[F.description] ?? null),
        uqc: textOf(v[F.uqc] ?? null),
        quantity: numberOf(v[F.quantity] ?? null),
        rate: numberOf(v[F.rate] ?? null),
        taxable: numberOf(v[F.taxable] ?? null),
        igst: numberOf(v[F.igst] ?? null),
        cgst: numberOf(v[F.cgst] ?? null),
        sgst: numberOf(v[F.sgst] ?? null),
        cess: numberOf(v[F.cess] ?? null),
        itcEligibility: (v[F.itcEligibility] ?? null) as ItcEligibility | null,
      });
    }
    if (doc.valid) validateOne(doc, first.locationGstin, errors);
    return { doc, errors };
  };

  const validateOne = (doc: ImportedDocument, locationGstin: string, errors: RowError[]) => {
    const input: DocumentInput = {
      documentType: doc.documentType,
      documentNumber: doc.documentNumber,
      documentDate: doc.documentDate,
      supplierGstin: isPurchase ? doc.counterpartyGstin || null : locationGstin,
      // An unregistered supplier's State is taken as the location's (supplierStateOf).
      supplierState: isPurchase && !doc.counterpartyGstin ? locationGstin.slice(0, 2) : null,
      counterpartyGstin: isPurchase ? locationGstin : doc.counterpartyGstin || null,
      isInward: isPurchase,
      placeOfSupply: doc.placeOfSupply,
      isReverseCharge: doc.isReverseCharge,
      isSez: doc.supplyType.startsWith('SEZ'),
      sezType: doc.supplyType === 'SEZWOP' ? 'WOPAY' : doc.supplyType === 'SEZWP' ? 'WPAY' : null,
      exportType: doc.supplyType === 'EXPWOP' ? 'WOPAY' : doc.supplyType === 'EXPWP' ? 'WPAY' : null,
      isImport: doc.supplyType === 'IMPG' || doc.supplyType === 'IMPS',
      originalDocumentNumber: doc.originalDocumentNumber,
      originalDocumentDate: doc.originalDocumentDate,
      items: doc.items.map((it) => ({
        hsn: it.hsn,
        uqc: it.uqc,
        quantity: it.quantity / 1000,
        taxable: it.taxable,
        ratePercent: it.rate / 1000,
        igst: it.igst,
        cgst: it.cgst,
        sgst: it.sgst,
        cess: it.cess,
      })),
    };
    // A sale's HSN digits follow its location's turnover (none recorded: the smallest's rule); a supplier's is not known.
    const location = locations.get(locationGstin);
    const supplierTurnover =
      isPurchase || turnovers === null ? undefined : (turnovers.get(location ?? 0)?.get(hsnTurnoverYear(doc.documentDate)) ?? 0);
    for (const issue of validateDocument(input, {
      ...context,
      returnPeriod: doc.returnPeriod,
      ...(supplierTurnover === undefined ? {} : { supplierTurnover }),
    })) {
      const itemMatch = /^items\[(\d+)\](?:\.(\w+))?$/.exec(issue.propertyName);
      const item = itemMatch ? doc.items[Number(itemMatch[1])] : undefined;
      const property = itemMatch ? (itemMatch[2] ?? '') : issue.propertyName;
      const key = PROPERTY_COLUMNS[property] ?? gstinColumn(property, isPurchase);
      const column = key ? columnByKey.get(key) : undefined;
      errors.push({
        row: item?.row ?? doc.rows[0] ?? 0,
        column: column?.name ?? null,
        value: column ? valueOf(doc, locationGstin, item, column) : null,
        code: issue.code,
        message: issue.message,
        type: issue.type,
      });
      if (issue.type === 'Error') doc.valid = false;
    }
  };

  return { build };
};

/** The domain speaks of supplier and counterparty; our columns of location and counterparty swap for purchases. */
const gstinColumn = (property: string, isPurchase: boolean): string | undefined => {
  if (property === 'supplierGstin' || property === 'supplierState') return isPurchase ? 'counterpartyGstin' : 'locationGstin';
  if (property === 'counterpartyGstin' || property === 'counterpartyState') return isPurchase ? 'locationGstin' : 'counterpartyGstin';
  return undefined;
};

const valueOf = (doc: ImportedDocument, locationGstin: string, item: ItemLine | undefined, column: ImportColumn): string | null => {
  const source = (item && column.key in item ? item : doc) as unknown as Record<string, unknown>;
  const value = column.key === 'locationGstin' ? locationGstin : source[column.key];
  if (value === null || value === undefined) return null;
  if (column.format === 'amount') return formatRupees(Number(value));
  if (column.format === 'percent' || column.format === 'quantity') return String(Number(value) / 1000);
  return String(value);
};
