// What a run reconciles: the purchase register of its GSTINs and the portal's documents (GSTR-2B or 2A) stored for
// them, each over the run's periods widened by CROSS_PERIOD_MONTHS on both sides, so a bill booked in March that the
// supplier reported in April pairs across the periods (the job then keeps only rows touching the run's own periods).
import type { ReconcileDocument, ReportedDocument } from '@opengst/domain';
import { periodsBetween, shiftPeriod } from '@opengst/domain';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import type postgres from 'postgres';
import { rowsOf, type DbOrTx } from '../../db/database';
import { familyKey } from './row-record';

/** How far outside its periods a run looks for the other side of a pair: suppliers report late, buyers book late. */
export const CROSS_PERIOD_MONTHS = 3;

/** The document types the portal reports to a buyer (2A/2B: invoices, notes, bills of entry). */
const RECONCILED_TYPES = ['INV', 'CRN', 'DBN', 'BOE'];

export type RunScope = {
  subscriberId: number;
  entityIds: number[];
  fromPeriod: string;
  toPeriod: string;
  portalSource: 'GSTR2B' | 'GSTR2A' | 'IMS';
};

export const widenedPeriods = (scope: Pick<RunScope, 'fromPeriod' | 'toPeriod'>): string[] =>
  periodsBetween(shiftPeriod(scope.fromPeriod, -CROSS_PERIOD_MONTHS), shiftPeriod(scope.toPeriod, CROSS_PERIOD_MONTHS));

/** A books document as the engine reads it; its id is the document's id. */
export type BooksDocument = ReconcileDocument & { recipientGstin: string; returnPeriod: string };
/** A portal document as the engine reads it; its id is the portal_documents id, `key` its natural key. */
export type PortalDocument = ReconcileDocument & { recipientGstin: string; returnPeriod: string };

/** Documents read per round trip: the job reads a million a side in a few round trips. */
const BATCH = 200_000;

/** A literal for SQL text: COPY takes no parameters, so the values are written into the statement (all checked here). */
const integerList = (values: readonly number[]): string => {
  if (!values.every(Number.isSafeInteger)) throw new Error('ids must be integers');
  return values.length === 0 ? 'NULL' : values.join(', ');
};
const textList = (values: readonly string[]): string => values.map((v) => `'${v.replace(/'/g, "''")}'`).join(', ');

/** A field of COPY's text format: \N is null; backslash escapes undone. */
const COPY_ESCAPES: Record<string, string> = { b: '\b', f: '\f', n: '\n', r: '\r', t: '\t', v: '\v' };
const unescapeCopy = (field: string): string =>
  field.replace(/\\(?:([0-7]{1,3})|x([0-9a-fA-F]{1,2})|(.))/g, (_, octal?: string, hex?: string, char?: string) =>
    octal ? String.fromCharCode(parseInt(octal, 8)) : hex ? String.fromCharCode(parseInt(hex, 16)) : (COPY_ESCAPES[char!] ?? char!),
  );
const textOf = (field: string): string | null => (field === '\\N' ? null : field.includes('\\') ? unescapeCopy(field) : field);

type Raw = (string | null)[];

/** A value postgres.js decoded, as COPY's text would give it. */
const textOfValue = (v: unknown): string | null =>
  v === null || v === undefined ? null : typeof v === 'boolean' ? (v ? 't' : 'f') : String(v as string | number);

/**
 * Whole lines of COPY's text format in `text` (from `at`), each as its fields; answers where the unread rest begins.
 * The fields are handed in one array, filled again for each line (a million documents a side: no array per line).
 */
const readLines = (text: string, at: number, each: (row: Raw) => void): number => {
  const fields: Raw = [];
  for (;;) {
    const end = text.indexOf('\n', at);
    if (end < 0) return at;
    let n = 0;
    for (let from = at; ;) {
      const tab = text.indexOf('\t', from);
      if (tab < 0 || tab > end) {
        fields[n++] = textOf(text.slice(from, end));
        break;
      }
      fields[n++] = textOf(text.slice(from, tab));
      from = tab + 1;
    }
    fields.length = n;
    each(fields);
    at = end + 1;
  }
};

/** The client behind a database handle: PGlite or postgres.js (a transaction has none of its own: it reads row by row). */
const clientOf = (db: DbOrTx): PGlite | postgres.Sql | undefined => (db as unknown as { $client?: PGlite | postgres.Sql }).$client;

/**
 * The rows of `query` (ordered by its first column, an id) in batches of `BATCH` after the last id read, as arrays of
 * text (null for NULL), in the query's column order. PGlite decodes a query's rows in JavaScript, about 40 us a row of
 * 16 columns, so there each batch is one COPY (query) TO '/dev/blob' read as text (a tenth of the time); postgres.js
 * answers the query as arrays. In a transaction (a manual link's few documents) the query's rows are read.
 * `query(after)` is SQL text whose values are literals (COPY takes no parameters).
 */
const readBatches = async (db: DbOrTx, query: (after: number) => string, each: (row: Raw) => void): Promise<void> => {
  const client = clientOf(db);
  let after = 0;
  for (;;) {
    let n = 0;
    let last: string | null = null;
    const counted = (raw: Raw) => {
      each(raw);
      last = raw[0] ?? null;
      n++;
    };
    const text = `${query(after)} LIMIT ${BATCH}`;
    if (client instanceof PGlite) {
      const result = (await client.query(`COPY (${text}) TO '/dev/blob'`)) as { blob?: Blob };
      const copied = result.blob ? await result.blob.text() : '';
      readLines(copied, 0, counted); // every line of COPY's output ends with a newline
    } else if (client) {
      // Arrays rather than objects of the rows. (Not COPY TO STDOUT: postgres.js 3.4 leaves the connection's socket
      // paused when the last chunk filled the stream, and the next query on that pooled connection never answers.)
      for (const row of await client.unsafe(text).values()) counted(row.map(textOfValue));
    } else {
      const rows = await rowsOf<Record<string, unknown>>(db, sql.raw(text));
      for (const row of rows) counted(Object.values(row).map(textOfValue));
    }
    if (n < BATCH || last === null) return;
    after = Number(last);
  }
};

const numberOf = (field: string | null): number => Number(field ?? 0);

/**
 * Strings of a load: one copy of each GSTIN, name, date, period and code however many documents repeat it, and none
 * that is a slice of a batch's text (V8 keeps a whole batch alive for one slice of 13 characters or more). A million
 * documents a side took some 500 bytes each without it.
 */
const stringsOfLoad = () => {
  const seen = new Map<string, string>();
  /** A copy of its own: a slice of 13 characters or more would keep its batch's text alive. */
  const own = (text: string): string => (text.length < 13 ? text : (' ' + text).slice(1));
  const shared = (text: string): string => {
    let value = seen.get(text);
    if (value === undefined) {
      value = own(text);
      seen.set(value, value);
    }
    return value;
  };
  return { own, shared, optional: (text: string | null): string | undefined => (text === null ? undefined : shared(text)) };
};

/**
 * Suppliers of the families of these supplier GSTINs (row-record.ts#familyKey: a GSTIN's PAN), as a condition on a
 * column of supplier GSTINs.
 */
const ofFamily = (column: string, family: string | readonly string[] | undefined): string => {
  if (family === undefined) return 'true';
  const gstins = typeof family === 'string' ? [family] : family;
  const gstin = `upper(trim(${column}))`;
  const pans = [...new Set(gstins.filter((g) => g.trim().length === 15).map(familyKey))];
  const others = [...new Set(gstins.filter((g) => g.trim().length !== 15).map(familyKey))];
  const parts: string[] = [];
  if (pans.length > 0) parts.push(`(length(${gstin}) = 15 AND substr(${gstin}, 3, 10) IN (${textList(pans)}))`);
  if (others.length > 0) parts.push(`(length(${gstin}) <> 15 AND ${gstin} IN (${textList(others)}))`);
  return parts.length === 0 ? 'false' : `(${parts.join(' OR ')})`;
};

/**
 * Purchase documents from registered suppliers (final, not drafts) of the run's GSTINs and widened periods, or of
 * these ids (the documents of some rows, for a manual link); of the family of the supplier GSTIN `family` only, when
 * given (an unpaired row's candidates, row-detail.service.ts).
 */
export const loadBooks = async (db: DbOrTx, scope: RunScope, ids?: readonly number[], family?: string): Promise<BooksDocument[]> => {
  const out: BooksDocument[] = [];
  const { own, shared, optional } = stringsOfLoad();
  const where = `d.subscriber_id = ${integerList([scope.subscriberId])} AND d.direction = 'Purchase' AND d.is_draft_document = false
    AND d.entity_id IN (${integerList(scope.entityIds)})
    AND ${ids ? `d.id IN (${integerList(ids)})` : `d.return_period IN (${textList(widenedPeriods(scope))})`}
    AND d.document_type IN (${textList(RECONCILED_TYPES)}) AND length(d.counterparty_gstin) = 15
    AND ${ofFamily('d.counterparty_gstin', family)}`;
  await readBatches(
    db,
    (after) => `SELECT d.id, e.gstin, d.counterparty_gstin, d.counterparty_name, d.document_type, d.document_number, d.document_date,
        d.return_period, d.place_of_supply, d.is_reverse_charge, d.taxable, d.igst, d.cgst, d.sgst, d.cess, d.document_value
      FROM documents d JOIN entities e ON e.id = d.entity_id
      WHERE ${where} AND d.id > ${integerList([after])} ORDER BY d.id`,
    (f) => {
      out.push({
        id: own(f[0]!),
        recipientGstin: shared(f[1] ?? ''),
        supplierGstin: shared(f[2]!),
        supplierName: optional(f[3] ?? null),
        documentType: shared(f[4]!) as ReconcileDocument['documentType'],
        documentNumber: own(f[5]!),
        documentDate: shared(f[6]!),
        returnPeriod: shared(f[7]!),
        placeOfSupply: optional(f[8] ?? null),
        isReverseCharge: f[9] === 't',
        taxable: numberOf(f[10]!),
        igst: numberOf(f[11]!),
        cgst: numberOf(f[12]!),
        sgst: numberOf(f[13]!),
        cess: numberOf(f[14]!),
        invoiceValue: numberOf(f[15]!),
      });
    },
  );
  return out;
};

/** A 2B's rejected records (rejected in IMS) and ITC reversals are not the supplier's documents to claim. */
const CLAIMABLE = `(listing IS NULL OR listing = 'available')`;

/**
 * The portal's documents of the run's source stored for its GSTINs and widened periods, or of these ids (as loadBooks);
 * of the families of the supplier GSTINs `family` only, and of these document numbers (trimmed, upper case) only,
 * when given.
 */
export const loadPortal = async (
  db: DbOrTx,
  scope: RunScope,
  ids?: readonly number[],
  family?: string | readonly string[],
  numbers?: readonly string[],
): Promise<PortalDocument[]> =>
  readPortal(
    db,
    `subscriber_id = ${integerList([scope.subscriberId])} AND entity_id IN (${integerList(scope.entityIds)})
    AND source = ${textList([scope.portalSource])}
    AND ${ids ? `id IN (${integerList(ids)})` : `return_period IN (${textList(widenedPeriods(scope))})`}
    AND ${CLAIMABLE} AND ${ofFamily('supplier_gstin', family)}
    AND ${numbers ? (numbers.length > 0 ? `upper(trim(document_number)) IN (${textList(numbers)})` : 'false') : 'true'}`,
    false,
  );

/** A portal document of the run's own periods as the filing summary reads it (summaries.repo.ts#filingTotals). */
export type FilingDocument = {
  supplierGstin: string;
  supplierName: string | null;
  returnPeriod: string;
  /** The supplier's GSTR-1 filed (null: not said). */
  filed: boolean | null;
  filedOn: string | null;
  tax: number;
};

/**
 * The job's read of the portal: loadPortal's documents of the run (all its widened periods), and in the same scan every
 * document of the run's own periods, whatever its listing (a rejected record too, which is not among the documents
 * answered), handed to `filing` for the filing summary.
 */
export const loadPortalWithFilings = (db: DbOrTx, scope: RunScope, filing: (d: FilingDocument) => void): Promise<PortalDocument[]> => {
  const own = periodsBetween(scope.fromPeriod, scope.toPeriod);
  return readPortal(
    db,
    `subscriber_id = ${integerList([scope.subscriberId])} AND entity_id IN (${integerList(scope.entityIds)})
    AND source = ${textList([scope.portalSource])} AND return_period IN (${textList(widenedPeriods(scope))})
    AND (${CLAIMABLE} OR return_period IN (${textList(own)}))`,
    false,
    { periods: new Set(own), add: filing },
  );
};

/**
 * What suppliers reported to the run's GSTINs in its widened periods outside the GSTR-2B: the stored GSTR-2A documents
 * and IMS records of the families of these supplier GSTINs (a run against GSTR-2B reads only its PR only rows'
 * suppliers'), each with its source (domain awaiting.ts). Left out: a 2A document of a GSTR-1 the supplier has not
 * filed, and an IMS record not filed or that the buyer rejected; no GSTR-2B will bring their credit as they stand.
 */
export const loadReported = async (db: DbOrTx, scope: RunScope, family: readonly string[]): Promise<ReportedDocument[]> =>
  family.length === 0
    ? []
    : readPortal(
        db,
        `subscriber_id = ${integerList([scope.subscriberId])} AND entity_id IN (${integerList(scope.entityIds)})
    AND source IN ('GSTR2A', 'IMS') AND return_period IN (${textList(widenedPeriods(scope))})
    AND supplier_filed IS DISTINCT FROM false AND ims_action IS DISTINCT FROM 'Rejected'
    AND ${ofFamily('supplier_gstin', family)}`,
        true,
      );

/** What readPortal hands the filing summary: the documents of these periods, whatever their listing. */
type FilingRead = { periods: ReadonlySet<string>; add: (d: FilingDocument) => void };

/**
 * portal_documents matching `where` (SQL text of literals), with their source when `withSource`. With `filing`, the
 * documents of its periods go to it too, and only those claimable (CLAIMABLE) are answered.
 */
async function readPortal(db: DbOrTx, where: string, withSource: false, filing?: FilingRead): Promise<PortalDocument[]>;
async function readPortal(db: DbOrTx, where: string, withSource: true): Promise<(PortalDocument & ReportedDocument)[]>;
async function readPortal(db: DbOrTx, where: string, withSource: boolean, filing?: FilingRead): Promise<PortalDocument[]> {
  const out: PortalDocument[] = [];
  const { own, shared, optional } = stringsOfLoad();
  await readBatches(
    db,
    (after) => `SELECT id, gstin, supplier_gstin, supplier_name, document_type, document_number, document_date, return_period,
        place_of_supply, is_reverse_charge, taxable, igst, cgst, sgst, cess, document_value, itc_availability${withSource ? ', source' : ''}
        ${filing ? ', listing, supplier_filed, supplier_filing_date' : ''}
      FROM portal_documents WHERE ${where} AND id > ${integerList([after])} ORDER BY id`,
    (f) => {
      if (filing) {
        const period = f[7]!;
        if (filing.periods.has(period))
          filing.add({
            supplierGstin: shared(f[2]!),
            supplierName: optional(f[3] ?? null) ?? null,
            returnPeriod: shared(period),
            filed: f[18] === 't' ? true : f[18] === 'f' ? false : null,
            filedOn: f[19] == null ? null : shared(f[19]),
            tax: numberOf(f[11]!) + numberOf(f[12]!) + numberOf(f[13]!) + numberOf(f[14]!),
          });
        if (f[17] != null && f[17] !== 'available') return; // rejected in IMS, or an ITC reversal: CLAIMABLE
      }
      const d: PortalDocument = {
        id: own(f[0]!),
        recipientGstin: shared(f[1]!),
        supplierGstin: shared(f[2]!),
        supplierName: optional(f[3] ?? null),
        documentType: shared(f[4]!) as ReconcileDocument['documentType'],
        documentNumber: own(f[5]!),
        documentDate: shared(f[6]!),
        returnPeriod: shared(f[7]!),
        placeOfSupply: optional(f[8] ?? null),
        isReverseCharge: f[9] === 't',
        taxable: numberOf(f[10]!),
        igst: numberOf(f[11]!),
        cgst: numberOf(f[12]!),
        sgst: numberOf(f[13]!),
        cess: numberOf(f[14]!),
        invoiceValue: numberOf(f[15]!),
        itcAvailability: (optional(f[16] ?? null) as ReconcileDocument['itcAvailability']) ?? null,
      };
      if (withSource) (d as PortalDocument & ReportedDocument).source = shared(f[17]!) as ReportedDocument['source'];
      out.push(d);
    },
  );
  return out;
}
