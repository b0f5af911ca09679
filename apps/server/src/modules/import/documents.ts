// Rows to documents: rows with the same document key form one document (one row per item line); each document is
// checked by the domain's validateDocument, and every error is kept with its row, column, value and code.
import type { ImportColumn, ImportType, ITC_ELIGIBILITY } from '@opengst/contracts';
import { financialYearOf, formatRupees, returnPeriodOf, validateDocument, type DocumentInput } from '@opengst/domain';
import type { CellValue, HeaderMap } from './columns';
import { parseCell } from './columns';

type ItcEligibility = (typeof ITC_ELIGIBILITY)[number];

export type RowError = { row: number; column: string | null; value: string | null; code: string; message: string; type: 'Error' | 'Warning' };

export type ItemLine = {
  row: number; hsn: string | null; description: string | null; uqc: string | null; quantity: number; rate: number;
  taxable: number; igst: number; cgst: number; sgst: number; cess: number;
  itcEligibility: ItcEligibility | null;
};

/** A document ready to store (money in paise, rate in milli-percent, quantity in thousandths). */
export type ImportedDocument = {
  key: string; rows: number[]; valid: boolean; entityId: number; financialYear: string; returnPeriod: string;
  documentType: string; documentNumber: string; documentDate: string; supplyType: string; counterpartyGstin: string;
  counterpartyName: string | null; placeOfSupply: string; isReverseCharge: boolean; originalDocumentNumber: string | null;
  originalDocumentDate: string | null; items: ItemLine[];
};

/** Header values every row of a document must repeat identically. */
const HEADER_KEYS = ['documentDate', 'counterpartyGstin', 'counterpartyName', 'placeOfSupply', 'supplyType', 'reverseCharge', 'originalDocumentNumber', 'originalDocumentDate'] as const;

/** Domain property names to our column keys, for the column of an error. */
const PROPERTY_COLUMNS: Record<string, string> = {
  documentType: 'documentType', documentNumber: 'documentNumber', documentDate: 'documentDate', placeOfSupply: 'placeOfSupply',
  originalDocumentNumber: 'originalDocumentNumber', originalDocumentDate: 'originalDocumentDate', isReverseCharge: 'reverseCharge',
  hsn: 'hsn', uqc: 'uqc', quantity: 'quantity', taxable: 'taxable', ratePercent: 'rate', igst: 'igst', cgst: 'cgst', sgst: 'sgst', cess: 'cess',
};

export type Grouper = ReturnType<typeof createGrouper>;

/**
 * Collects rows into documents. `locations` maps each GSTIN the user may import for to its entity id.
 * Memory holds the parsed documents of one file until they are stored in one transaction: see store.ts.
 */
export const createGrouper = (importType: ImportType, header: HeaderMap, locations: ReadonlyMap<string, number>, today: string) => {
  const documents = new Map<string, ImportedDocument>();
  /** The header values of each document's first row, which later rows must repeat. */
  const firstValues = new Map<string, Record<string, CellValue>>();
  const errors: RowError[] = [];
  const columnByKey = new Map(header.columns.map((c) => [c.key, c]));
  const nameOf = (key: string): string | null => columnByKey.get(key)?.name ?? null;
  const isPurchase = importType === 'PurchaseDocuments';

  const addRow = (row: number, cells: readonly string[]): void => {
    const values: Record<string, CellValue> = {};
    const raw = (key: string) => cells[header.indexOf.get(key) ?? -1] ?? '';
    let rowValid = true;
    for (const column of header.columns) {
      const index = header.indexOf.get(column.key);
      const text = index === undefined ? '' : (cells[index] ?? '');
      const parsed = parseCell(column, text);
      if ('error' in parsed) {
        rowValid = false;
        errors.push({ row, column: column.name, value: text, code: parsed.error.code, message: parsed.error.message, type: 'Error' });
      } else values[column.key] = parsed.value;
    }
    const locationGstin = (values.locationGstin as string | null) ?? raw('locationGstin').trim().toUpperCase();
    const entityId = locations.get(locationGstin);
    if (values.locationGstin && entityId === undefined) {
      rowValid = false;
      errors.push({ row, column: nameOf('locationGstin'), value: raw('locationGstin'), code: 'IMP0014', message: 'This GSTIN is not one of your locations, or you have no access to it.', type: 'Error' });
    }
    const date = values.documentDate as string | null;
    const counterpartyGstin = (values.counterpartyGstin as string | null) ?? '';
    const key = [locationGstin, date ? financialYearOf(date) : '?', raw('documentType').trim().toUpperCase(), isPurchase ? counterpartyGstin : '', raw('documentNumber').trim()].join('|');
    let doc = documents.get(key);
    if (!doc) {
      doc = {
        key, rows: [], valid: true, entityId: entityId ?? 0, financialYear: date ? financialYearOf(date) : '', returnPeriod: date ? returnPeriodOf(date) : '',
        documentType: (values.documentType as string | null) ?? '', documentNumber: (values.documentNumber as string | null) ?? '', documentDate: date ?? '',
        supplyType: (values.supplyType as string | null) ?? (counterpartyGstin && counterpartyGstin !== 'URP' ? 'B2B' : 'B2C'),
        counterpartyGstin: counterpartyGstin === 'URP' ? '' : counterpartyGstin, counterpartyName: values.counterpartyName as string | null,
        placeOfSupply: (values.placeOfSupply as string | null) ?? '', isReverseCharge: values.reverseCharge === true,
        originalDocumentNumber: values.originalDocumentNumber as string | null, originalDocumentDate: values.originalDocumentDate as string | null, items: [],
      };
      firstValues.set(key, values);
      documents.set(key, doc);
    } else {
      const first = firstValues.get(key) ?? {};
      for (const k of HEADER_KEYS) {
        if (rowValid && values[k] !== first[k]) {
          rowValid = false;
          errors.push({ row, column: nameOf(k), value: raw(k), code: 'IMP0017', message: `${nameOf(k)} differs from the document's first row (row ${doc.rows[0]}).`, type: 'Error' });
        }
      }
    }
    doc.rows.push(row);
    if (!rowValid) doc.valid = false;
    doc.items.push({
      row, hsn: values.hsn as string | null, description: values.description as string | null, uqc: values.uqc as string | null,
      quantity: (values.quantity as number | null) ?? 0, rate: (values.rate as number | null) ?? 0, taxable: (values.taxable as number | null) ?? 0,
      igst: (values.igst as number | null) ?? 0, cgst: (values.cgst as number | null) ?? 0, sgst: (values.sgst as number | null) ?? 0, cess: (values.cess as number | null) ?? 0,
      itcEligibility: (values.itcEligibility as ItcEligibility | null | undefined) ?? null,
    });
  };

  /** Runs the domain's validation over every document whose rows all parsed; returns the documents and the errors. */
  const finish = (): { documents: ImportedDocument[]; errors: RowError[] } => {
    const context = { today };
    for (const doc of documents.values()) if (doc.valid) validateOne(doc, context);
    firstValues.clear();
    return { documents: [...documents.values()], errors };
  };

  const validateOne = (doc: ImportedDocument, context: { today: string }) => {
    const locationGstin = doc.key.split('|')[0] ?? '';
    const input: DocumentInput = {
      documentType: doc.documentType, documentNumber: doc.documentNumber, documentDate: doc.documentDate,
      supplierGstin: isPurchase ? doc.counterpartyGstin || null : locationGstin,
      counterpartyGstin: isPurchase ? locationGstin : doc.counterpartyGstin || null,
      placeOfSupply: doc.placeOfSupply, isReverseCharge: doc.isReverseCharge,
      isSez: doc.supplyType.startsWith('SEZ'), sezType: doc.supplyType === 'SEZWOP' ? 'WOPAY' : doc.supplyType === 'SEZWP' ? 'WPAY' : null,
      exportType: doc.supplyType === 'EXPWOP' ? 'WOPAY' : doc.supplyType === 'EXPWP' ? 'WPAY' : null,
      isImport: doc.supplyType === 'IMPG' || doc.supplyType === 'IMPS',
      originalDocumentNumber: doc.originalDocumentNumber, originalDocumentDate: doc.originalDocumentDate,
      items: doc.items.map((it) => ({ hsn: it.hsn, uqc: it.uqc, quantity: it.quantity / 1000, taxable: it.taxable, ratePercent: it.rate / 1000, igst: it.igst, cgst: it.cgst, sgst: it.sgst, cess: it.cess })),
    };
    for (const issue of validateDocument(input, { ...context, returnPeriod: doc.returnPeriod })) {
      const itemMatch = /^items\[(\d+)\](?:\.(\w+))?$/.exec(issue.propertyName);
      const item = itemMatch ? doc.items[Number(itemMatch[1])] : undefined;
      const property = itemMatch ? (itemMatch[2] ?? '') : issue.propertyName;
      const key = PROPERTY_COLUMNS[property] ?? gstinColumn(property, isPurchase);
      const column = key ? header.columns.find((c) => c.key === key) : undefined;
      errors.push({ row: item?.row ?? doc.rows[0] ?? 0, column: column?.name ?? null, value: column ? valueOf(doc, item, column) : null, code: issue.code, message: issue.message, type: issue.type });
      if (issue.type === 'Error') doc.valid = false;
    }
  };

  return { addRow, finish, documentCount: () => documents.size };
};

/** The domain speaks of supplier and counterparty; our columns of location and counterparty swap for purchases. */
const gstinColumn = (property: string, isPurchase: boolean): string | undefined => {
  if (property === 'supplierGstin' || property === 'supplierState') return isPurchase ? 'counterpartyGstin' : 'locationGstin';
  if (property === 'counterpartyGstin' || property === 'counterpartyState') return isPurchase ? 'locationGstin' : 'counterpartyGstin';
  return undefined;
};

const valueOf = (doc: ImportedDocument, item: ItemLine | undefined, column: ImportColumn): string | null => {
  const source = (item && column.key in item ? item : doc) as unknown as Record<string, unknown>;
  const value = column.key === 'locationGstin' ? doc.key.split('|')[0] : source[column.key];
  if (value === null || value === undefined) return null;
  if (column.format === 'amount') return formatRupees(Number(value));
  if (column.format === 'percent' || column.format === 'quantity') return String(Number(value) / 1000);
  return String(value);
};
