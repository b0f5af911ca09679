// The fields of a sales or purchase document, listed once. The import stages them (its work table and COPY columns) and
// writes them into documents, inserting a new document or updating a stored one by the rules below; the return builders
// read them. A module adding a column to documents (IRN, e-way bill, match status) adds it to db/schema/documents.ts
// and here, and the type checker holds each entry to the schema: its name, SQL column and type.
// Data only, no database code: the import's reader thread loads this list to build its COPY lines.
import type { documents } from '../../db/schema';

type Columns = (typeof documents)['_']['columns'];
type SqlTypeOf<ColumnType> = ColumnType extends 'PgText'
  ? 'text'
  : ColumnType extends 'PgBigInt53'
    ? 'bigint'
    : ColumnType extends 'PgBoolean'
      ? 'boolean'
      : ColumnType extends 'PgInteger'
        ? 'integer'
        : never;

type FieldOf<Name extends keyof Columns> = {
  /** The field's key in db/schema's documents (and in the import's built document). */
  name: Name;
  column: Columns[Name]['_']['name'];
  /** Its SQL type, as the import's work table declares it; COPY's text format follows from it (db/copy-text.ts). */
  sqlType: SqlTypeOf<Columns[Name]['_']['columnType']>;
  /**
   * Whether the import writes it, and how a re-import of a stored document treats it. 'key': identifies the document
   * (documents_sales_key, documents_purchase_key): looked up by, never changed. 'purchaseKey': identifies a purchase
   * only (its supplier's GSTIN, as two suppliers may use the same number), replaced on a sale. 'untilFiled': replaced
   * until a filed return reported the document, kept from then on (it stays in the period it was filed in).
   * 'replaced': always replaced. false: the import does not write it.
   */
  imported: 'key' | 'purchaseKey' | 'untilFiled' | 'replaced' | false;
  /** A change after a filed return reported the document makes it an amendment (amendment_pending; Section 37(3) CGST Act). */
  amends: boolean;
  /** Read by the return builders (GSTR-1's loader), besides the document's id, items and filed state. */
  inReturns: boolean;
};
export type DocumentField = { [Name in keyof Columns]: FieldOf<Name> }[keyof Columns];

/** In the order of the documents table; the import's COPY lines follow it. */
export const DOCUMENT_FIELDS = [
  { name: 'entityId', column: 'entity_id', sqlType: 'integer', imported: 'key', amends: false, inReturns: false },
  { name: 'financialYear', column: 'financial_year', sqlType: 'text', imported: 'key', amends: false, inReturns: false },
  { name: 'returnPeriod', column: 'return_period', sqlType: 'text', imported: 'untilFiled', amends: false, inReturns: false },
  { name: 'documentType', column: 'document_type', sqlType: 'text', imported: 'key', amends: false, inReturns: true },
  { name: 'documentNumber', column: 'document_number', sqlType: 'text', imported: 'key', amends: false, inReturns: true },
  { name: 'documentDate', column: 'document_date', sqlType: 'text', imported: 'replaced', amends: true, inReturns: true },
  { name: 'supplyType', column: 'supply_type', sqlType: 'text', imported: 'replaced', amends: true, inReturns: true },
  { name: 'counterpartyGstin', column: 'counterparty_gstin', sqlType: 'text', imported: 'purchaseKey', amends: true, inReturns: true },
  { name: 'counterpartyName', column: 'counterparty_name', sqlType: 'text', imported: 'replaced', amends: false, inReturns: false },
  { name: 'counterpartyState', column: 'counterparty_state', sqlType: 'text', imported: 'replaced', amends: false, inReturns: true },
  { name: 'placeOfSupply', column: 'place_of_supply', sqlType: 'text', imported: 'replaced', amends: true, inReturns: true },
  { name: 'isReverseCharge', column: 'is_reverse_charge', sqlType: 'boolean', imported: 'replaced', amends: true, inReturns: true },
  { name: 'ecommerceGstin', column: 'ecommerce_gstin', sqlType: 'text', imported: false, amends: false, inReturns: true },
  { name: 'portCode', column: 'port_code', sqlType: 'text', imported: false, amends: false, inReturns: true },
  { name: 'shippingBillNumber', column: 'shipping_bill_number', sqlType: 'text', imported: false, amends: false, inReturns: true },
  { name: 'shippingBillDate', column: 'shipping_bill_date', sqlType: 'text', imported: false, amends: false, inReturns: true },
  {
    name: 'originalDocumentNumber',
    column: 'original_document_number',
    sqlType: 'text',
    imported: 'replaced',
    amends: false,
    inReturns: true,
  },
  { name: 'originalDocumentDate', column: 'original_document_date', sqlType: 'text', imported: 'replaced', amends: false, inReturns: true },
  { name: 'taxable', column: 'taxable', sqlType: 'bigint', imported: 'replaced', amends: true, inReturns: false },
  { name: 'igst', column: 'igst', sqlType: 'bigint', imported: 'replaced', amends: true, inReturns: false },
  { name: 'cgst', column: 'cgst', sqlType: 'bigint', imported: 'replaced', amends: true, inReturns: false },
  { name: 'sgst', column: 'sgst', sqlType: 'bigint', imported: 'replaced', amends: true, inReturns: false },
  { name: 'cess', column: 'cess', sqlType: 'bigint', imported: 'replaced', amends: true, inReturns: false },
  { name: 'documentValue', column: 'document_value', sqlType: 'bigint', imported: 'replaced', amends: true, inReturns: true },
] as const satisfies readonly DocumentField[];

type Listed = (typeof DOCUMENT_FIELDS)[number];
export type ImportedDocumentField = Exclude<Listed, { imported: false }>;
export type ImportedDocumentFieldName = ImportedDocumentField['name'];
type ReturnDocumentFieldName = Extract<Listed, { inReturns: true }>['name'];

/** The fields the import writes, in the table's order. */
export const IMPORTED_DOCUMENT_FIELDS: readonly ImportedDocumentField[] = DOCUMENT_FIELDS.filter(
  (f): f is ImportedDocumentField => f.imported !== false,
);

/** The fields the return builders read, in the table's order. */
export const RETURN_DOCUMENT_FIELDS: readonly ReturnDocumentFieldName[] = DOCUMENT_FIELDS.filter(
  (f): f is Extract<Listed, { inReturns: true }> => f.inReturns,
).map((f) => f.name);

/**
 * The Drizzle columns of some fields, for a select. The table (db/schema's documents) is passed in, so that this list
 * loads no database code.
 */
export const documentColumnsOf = <Name extends keyof Columns>(table: Columns, names: readonly Name[]): Pick<Columns, Name> =>
  Object.fromEntries(names.map((name) => [name, table[name]])) as Pick<Columns, Name>;
