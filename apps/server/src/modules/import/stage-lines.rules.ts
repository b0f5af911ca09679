// The text of a document file's work tables (store.repo.ts): their columns, and each row, document and error as one line
// of COPY's text format. Pure, so the reader thread (stage.worker.ts) builds the lines and the main thread only sends
// them to the database.
import { copyText } from '../../db/copy-text';
import { IMPORTED_DOCUMENT_FIELDS, type ImportedDocumentFieldName } from '../documents';
import type { CellValue } from './columns.rules';
import { F, FIELDS, type Field, type ImportedDocument, type ParsedRow, type RowError } from './document-builder.rules';

type Kind = 'text' | 'bigint' | 'boolean';
/** The parsed cells of a row as staged: our column key, its work-table column, and its type. */
export const VALUE_COLUMNS: readonly (readonly [Field, string, Kind])[] = [
  ['documentType', 'document_type', 'text'],
  ['documentNumber', 'document_number', 'text'],
  ['documentDate', 'document_date', 'text'],
  ['counterpartyGstin', 'counterparty_gstin', 'text'],
  ['counterpartyName', 'counterparty_name', 'text'],
  ['placeOfSupply', 'place_of_supply', 'text'],
  ['supplyType', 'supply_type', 'text'],
  ['reverseCharge', 'reverse_charge', 'boolean'],
  ['originalDocumentNumber', 'original_document_number', 'text'],
  ['originalDocumentDate', 'original_document_date', 'text'],
  ['hsn', 'hsn', 'text'],
  ['description', 'description', 'text'],
  ['uqc', 'uqc', 'text'],
  ['quantity', 'quantity', 'bigint'],
  ['rate', 'rate', 'bigint'],
  ['taxable', 'taxable', 'bigint'],
  ['igst', 'igst', 'bigint'],
  ['cgst', 'cgst', 'bigint'],
  ['sgst', 'sgst', 'bigint'],
  ['cess', 'cess', 'bigint'],
  ['itcEligibility', 'itc_eligibility', 'text'],
];
export const ROW_COLUMNS = [
  'row_no',
  'key_hash',
  'line_no',
  'document_id',
  'ok',
  'entity_id',
  'location_gstin',
  'doc_key',
  ...VALUE_COLUMNS.map(([, column]) => column),
];

/** The documents work table's COPY columns: the document's key, its hash, id and row count, then the imported fields (documents module). */
export const DOCUMENT_COLUMNS = ['doc_key', 'key_hash', 'document_id', 'row_count', ...IMPORTED_DOCUMENT_FIELDS.map((f) => f.column)];
export const ERROR_COLUMNS = ['key_hash', 'row_number', 'column_name', 'value', 'code', 'message', 'type'];

/**
 * A 52-bit hash of a document key, so the import can remember every document it has seen in a few bytes each.
 * Two keys with the same hash only cost time: both are regrouped from the work table, by their real key.
 */
export const keyHash = (key: string): number => {
  let a = 0x811c9dc5;
  let b = 0x01000193;
  for (let i = 0; i < key.length; i++) {
    const c = key.charCodeAt(i);
    a = Math.imul(a ^ c, 0x01000193);
    b = Math.imul(b ^ c, 0x5bd1e995) ^ (b >>> 15);
  }
  return (a >>> 0) * 0x100000 + ((b >>> 0) & 0xfffff) + 1;
};

/**
 * One COPY line, without its line break. Built by join, which gives one flat string: text grown by += is a tree of
 * pieces that lives until the batch is sent, and a million rows of such trees cost more in garbage collection than
 * all the parsing.
 */
export const line = (values: readonly (string | number | boolean | null | undefined)[]): string => {
  const parts = new Array<string>(values.length);
  for (let i = 0; i < values.length; i++) parts[i] = copyText(values[i]);
  return parts.join('\t');
};

const VALUE_SLOTS = VALUE_COLUMNS.map(([field]) => F[field]);
const rowParts = new Array<string>(ROW_COLUMNS.length);

/** A parsed row, with the hash of its document key, its line number within its run of rows, and the run's id. */
export const rowLine = (row: ParsedRow, hash: number, lineNo: number, documentId: number): string => {
  rowParts[0] = String(row.row);
  rowParts[1] = String(hash);
  rowParts[2] = String(lineNo);
  rowParts[3] = String(documentId);
  rowParts[4] = row.ok ? 't' : 'f';
  rowParts[5] = copyText(row.entityId);
  rowParts[6] = copyText(row.locationGstin);
  rowParts[7] = copyText(row.key);
  for (let i = 0; i < VALUE_SLOTS.length; i++) rowParts[8 + i] = copyText(row.values[VALUE_SLOTS[i]!]);
  return rowParts.join('\t');
};

/** The sums of the document being written (documentLine): its items' amounts, added up once per document. */
const totals = { taxable: 0, igst: 0, cgst: 0, sgst: 0, cess: 0 };

type ValueOf = (doc: ImportedDocument) => string | number | boolean | null;
/** Each imported field's value in a built document: every field of the table has one (a field added there fails to compile here). */
const VALUE_OF: { readonly [Name in ImportedDocumentFieldName]: ValueOf } = {
  entityId: (doc) => doc.entityId,
  financialYear: (doc) => doc.financialYear,
  returnPeriod: (doc) => doc.returnPeriod,
  documentType: (doc) => doc.documentType,
  documentNumber: (doc) => doc.documentNumber,
  documentDate: (doc) => doc.documentDate,
  supplyType: (doc) => doc.supplyType,
  counterpartyGstin: (doc) => doc.counterpartyGstin,
  counterpartyName: (doc) => doc.counterpartyName,
  counterpartyState: (doc) => (doc.counterpartyGstin ? doc.counterpartyGstin.slice(0, 2) : null),
  placeOfSupply: (doc) => doc.placeOfSupply,
  isReverseCharge: (doc) => doc.isReverseCharge,
  originalDocumentNumber: (doc) => doc.originalDocumentNumber,
  originalDocumentDate: (doc) => doc.originalDocumentDate,
  taxable: () => totals.taxable,
  igst: () => totals.igst,
  cgst: () => totals.cgst,
  sgst: () => totals.sgst,
  cess: () => totals.cess,
  documentValue: () => totals.taxable + totals.igst + totals.cgst + totals.sgst + totals.cess,
};
const DOCUMENT_VALUES = IMPORTED_DOCUMENT_FIELDS.map((f) => VALUE_OF[f.name]);
const documentParts = new Array<string>(DOCUMENT_COLUMNS.length);

/** A document that passed validation, with the id of its run: its values in DOCUMENT_COLUMNS' order. */
export const documentLine = (doc: ImportedDocument, hash: number, documentId: number): string => {
  totals.taxable = 0;
  totals.igst = 0;
  totals.cgst = 0;
  totals.sgst = 0;
  totals.cess = 0;
  for (const it of doc.items) {
    totals.taxable += it.taxable;
    totals.igst += it.igst;
    totals.cgst += it.cgst;
    totals.sgst += it.sgst;
    totals.cess += it.cess;
  }
  documentParts[0] = copyText(doc.key);
  documentParts[1] = String(hash);
  documentParts[2] = String(documentId);
  documentParts[3] = String(doc.rows.length);
  for (let i = 0; i < DOCUMENT_VALUES.length; i++) documentParts[4 + i] = copyText(DOCUMENT_VALUES[i]!(doc));
  return documentParts.join('\t');
};

/** An error of a row (hash null) or of a document (its key's hash: dropped if the document turns out to be split). */
export const errorLine = (e: RowError, hash: number | null): string =>
  line([hash, e.row, e.column, e.value === null ? null : e.value.slice(0, 500), e.code, e.message, e.type]);

/** A staged row as the document builder takes it (the regroup of a document whose rows are apart). */
export const parsedRowOf = (staged: Record<string, unknown>): ParsedRow => {
  const values = new Array<CellValue>(FIELDS.length).fill(null);
  for (const [field, column, kind] of VALUE_COLUMNS) {
    const value = staged[column];
    values[F[field]] = value === null || value === undefined ? null : kind === 'bigint' ? Number(value) : (value as string | boolean);
  }
  const entityId = staged.entity_id;
  return {
    row: Number(staged.row_no),
    key: String(staged.doc_key),
    ok: staged.ok === true,
    entityId: entityId === null || entityId === undefined ? null : Number(entityId),
    locationGstin: String(staged.location_gstin ?? ''),
    values,
    cells: null,
  };
};

/** COPY lines gathered between two sends. */
export const createLines = () => {
  let lines: string[] = [];
  return {
    push: (text: string) => {
      lines.push(text);
    },
    /** The lines as one text (each ended by a line break), and none kept. */
    take: (): string => {
      if (lines.length === 0) return '';
      const text = `${lines.join('\n')}\n`;
      lines = [];
      return text;
    },
  };
};

/** Ids are taken from the documents' sequence in blocks that grow with the file (a small file wastes few). */
const FIRST_ID_BLOCK = 100;
const MAX_ID_BLOCK = 20_000;

/**
 * Document ids for an import, fetched a block at a time (`fetch` answers that many fresh ids of the documents'
 * sequence: unique even with other writers, as every id comes from nextval, and rising from block to block). The next
 * block is fetched while this one is used: the reader thread's fetch waits on the main thread and the database.
 */
export const createIdSource = (fetch: (count: number) => Promise<number[]>) => {
  let ids: number[] = [];
  let at = 0;
  let block = FIRST_ID_BLOCK;
  let pending: Promise<void> | null = null;
  const refill = (count: number): Promise<void> => {
    pending ??= fetch(Math.max(block, count))
      .then((fresh) => {
        ids = ids.slice(at).concat(fresh);
        at = 0;
        block = Math.min(block * 4, MAX_ID_BLOCK);
      })
      .finally(() => {
        pending = null;
      });
    return pending;
  };
  return {
    /** Makes sure `count` ids are at hand, so that next() needs no round trip. */
    reserve: async (count: number): Promise<void> => {
      while (ids.length - at < count) await refill(count);
      // A failed fetch ahead is fetched again, and fails, when its ids are needed.
      if (ids.length - at < count + block / 2) refill(0).catch(() => {});
    },
    next: (): number => {
      if (at >= ids.length) throw new Error('document ids were not reserved');
      return ids[at++]!;
    },
  };
};
