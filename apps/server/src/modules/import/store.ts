// Staging and storing of one document file. While the file is read, every parsed row, every document that passed
// validation and every error are COPY-loaded into UNLOGGED work tables of this import (import_stage_<id>_*), outside
// any transaction: PGlite's one connection stays free for the progress poll, and nothing of the file is in memory.
// Each document gets its id while it is read (from blocks of the documents' sequence), and its rows carry it, so the
// store needs no join by document key. The documents table is then written in ONE transaction (storeStaged): a crash
// before COMMIT leaves none of the file's documents, and the work tables are dropped at the end, or at the next start
// for an import a crash interrupted. A document already there (same entity, financial year, type, number, and for a
// purchase the supplier's GSTIN) is updated and its items replaced: a re-import never duplicates.
import { sql, type SQL } from 'drizzle-orm';
import { copyIn, copyText, isServerDatabase, rowsOf, type CopyIn, type Db, type DbOrTx, type Tx } from '../../db/database';
import { dropIndexes, smallerThanLoad } from '../../db/bulk-load';
import { lockDocumentKeys } from '../../db/locks';
import type { CellValue } from './columns';
import { F, FIELDS, type DocumentBuilder, type Field, type ImportedDocument, type ParsedRow, type RowError } from './documents';

export type StoreTarget = { subscriberId: number; userId: number; importId: number; direction: 'Sales' | 'Purchase' };

type Kind = 'text' | 'bigint' | 'boolean';
/** The parsed cells of a row as staged: our column key, its work-table column, and its type. */
const VALUE_COLUMNS: readonly (readonly [Field, string, Kind])[] = [
  ['documentType', 'document_type', 'text'], ['documentNumber', 'document_number', 'text'], ['documentDate', 'document_date', 'text'],
  ['counterpartyGstin', 'counterparty_gstin', 'text'], ['counterpartyName', 'counterparty_name', 'text'], ['placeOfSupply', 'place_of_supply', 'text'],
  ['supplyType', 'supply_type', 'text'], ['reverseCharge', 'reverse_charge', 'boolean'], ['originalDocumentNumber', 'original_document_number', 'text'],
  ['originalDocumentDate', 'original_document_date', 'text'], ['hsn', 'hsn', 'text'], ['description', 'description', 'text'], ['uqc', 'uqc', 'text'],
  ['quantity', 'quantity', 'bigint'], ['rate', 'rate', 'bigint'], ['taxable', 'taxable', 'bigint'], ['igst', 'igst', 'bigint'], ['cgst', 'cgst', 'bigint'],
  ['sgst', 'sgst', 'bigint'], ['cess', 'cess', 'bigint'], ['itcEligibility', 'itc_eligibility', 'text'],
];
const ROW_COLUMNS = ['row_no', 'key_hash', 'line_no', 'document_id', 'ok', 'entity_id', 'location_gstin', 'doc_key', ...VALUE_COLUMNS.map(([, column]) => column)];

const DOCUMENT_COLUMNS = [
  'doc_key', 'key_hash', 'document_id', 'row_count', 'entity_id', 'financial_year', 'return_period', 'document_type', 'document_number', 'document_date', 'supply_type',
  'counterparty_gstin', 'counterparty_name', 'counterparty_state', 'place_of_supply', 'is_reverse_charge', 'original_document_number', 'original_document_date',
  'taxable', 'igst', 'cgst', 'sgst', 'cess', 'document_value',
];
const ERROR_COLUMNS = ['key_hash', 'row_number', 'column_name', 'value', 'code', 'message', 'type'];

/** Names of the work tables of an import (its id is an integer, so they need no quoting). */
const tablesOf = (importId: number) => {
  const name = (suffix: string) => `import_stage_${importId}_${suffix}`;
  return { rows: name('rows'), docs: name('docs'), errors: name('errors'), split: name('split'), splitRows: name('split_rows'), splitIds: name('split_ids') };
};
export type StageTables = ReturnType<typeof tablesOf>;

/** Drops the work tables of an import: at its end, and at start for imports a crash interrupted. */
export const dropStaging = async (db: DbOrTx, importId: number): Promise<void> => {
  const t = tablesOf(importId);
  await db.execute(sql.raw(`DROP TABLE IF EXISTS ${[t.rows, t.docs, t.errors, t.split, t.splitRows, t.splitIds].join(', ')}`));
};

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

/** A set of key hashes in typed arrays (open addressing): a million documents take about 16 MB. */
export const createHashSet = () => {
  let slots = new Float64Array(1 << 16);
  let size = 0;
  const place = (table: Float64Array, hash: number): number => {
    const mask = table.length - 1;
    let at = hash % table.length & mask;
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

/**
 * One COPY line, without its line break. Built by join, which gives one flat string: text grown by += is a tree of
 * pieces that lives until the batch is sent, and a million rows of such trees cost more in garbage collection than
 * all the parsing.
 */
const line = (values: readonly (string | number | boolean | null | undefined)[]): string => {
  const parts = new Array<string>(values.length);
  for (let i = 0; i < values.length; i++) parts[i] = copyText(values[i]);
  return parts.join('\t');
};

/** COPY lines gathered between two sends. */
const createLines = () => {
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

const VALUE_SLOTS = VALUE_COLUMNS.map(([field]) => F[field]);

const sum = (doc: ImportedDocument, field: 'taxable' | 'igst' | 'cgst' | 'sgst' | 'cess') => doc.items.reduce((total, it) => total + it[field], 0);

/** Ids are taken from the documents' sequence in blocks that grow with the file (a small file wastes few). */
const FIRST_ID_BLOCK = 100;
/** A load from which on the store on PGlite may rebuild indexes rather than keep them up (storeStaged). */
const BULK_LOAD = 10_000;
const MAX_ID_BLOCK = 20_000;

/** Document ids for this import: unique even with other writers, as every id comes from nextval. */
const createIdSource = (db: Db) => {
  let ids: number[] = [];
  let at = 0;
  let block = FIRST_ID_BLOCK;
  return {
    /** Makes sure `count` ids are at hand, so that next() needs no round trip. */
    reserve: async (count: number): Promise<void> => {
      while (ids.length - at < count) {
        const size = Math.max(block, count);
        const fresh = await rowsOf<{ id: unknown }>(db, sql`SELECT nextval('documents_id_seq') AS id FROM generate_series(1, ${size})`);
        ids = ids.slice(at).concat(fresh.map((r) => Number(r.id)));
        at = 0;
        block = Math.min(block * 4, MAX_ID_BLOCK);
      }
    },
    next: (): number => {
      if (at >= ids.length) throw new Error('document ids were not reserved');
      return ids[at++] as number;
    },
  };
};

export type Staging = Awaited<ReturnType<typeof createStaging>>;

/**
 * Creates the work tables of an import and the COPY streams into them. `byDocumentId`: the documents and rows are
 * indexed by document id, for a store that takes them a range of ids at a time while the file is read (store-early.ts).
 */
export const createStaging = async (db: Db, importId: number, { byDocumentId = false, bulkLoad = BULK_LOAD }: { byDocumentId?: boolean; bulkLoad?: number | undefined } = {}) => {
  const t = tablesOf(importId);
  await dropStaging(db, importId);
  const valueDefinitions = VALUE_COLUMNS.map(([, column, kind]) => `${column} ${kind}`).join(', ');
  await db.execute(sql.raw(`CREATE UNLOGGED TABLE ${t.rows} (row_no integer, key_hash bigint, line_no integer, document_id bigint, ok boolean, entity_id integer, location_gstin text, doc_key text, ${valueDefinitions})`));
  // existing_id: the stored document of the same key, found by the store.
  await db.execute(sql.raw(`CREATE UNLOGGED TABLE ${t.docs} (doc_key text, key_hash bigint, document_id bigint, existing_id bigint, row_count integer, entity_id integer, financial_year text, return_period text,
    document_type text, document_number text, document_date text, supply_type text, counterparty_gstin text, counterparty_name text, counterparty_state text,
    place_of_supply text, is_reverse_charge boolean, original_document_number text, original_document_date text,
    taxable bigint, igst bigint, cgst bigint, sgst bigint, cess bigint, document_value bigint)`));
  await db.execute(sql.raw(`CREATE UNLOGGED TABLE ${t.errors} (key_hash bigint, row_number integer, column_name text, value text, code text, message text, type text)`));
  await db.execute(sql.raw(`CREATE UNLOGGED TABLE ${t.split} (key_hash bigint)`));
  if (byDocumentId) {
    await db.execute(sql.raw(`CREATE INDEX ON ${t.docs} (document_id)`));
    await db.execute(sql.raw(`CREATE INDEX ON ${t.rows} (document_id)`));
  }
  const streams: CopyIn[] = [];
  const open = async (table: string, columns: readonly string[]) => {
    const stream = await copyIn(db, table, columns);
    streams.push(stream);
    return stream;
  };
  let rows = await open(t.rows, ROW_COLUMNS);
  let docs = await open(t.docs, DOCUMENT_COLUMNS);
  let errors = await open(t.errors, ERROR_COLUMNS);

  const ids = createIdSource(db);
  // What the adds gather between two flushes.
  const rowLines = createLines();
  const documentLines = createLines();
  const errorLines = createLines();
  const rowParts = new Array<string>(ROW_COLUMNS.length);

  const documentLine = (doc: ImportedDocument, hash: number, documentId: number): string => {
    const [taxable, igst, cgst, sgst, cess] = [sum(doc, 'taxable'), sum(doc, 'igst'), sum(doc, 'cgst'), sum(doc, 'sgst'), sum(doc, 'cess')];
    return line([
      doc.key, hash, documentId, doc.rows.length, doc.entityId, doc.financialYear, doc.returnPeriod, doc.documentType, doc.documentNumber, doc.documentDate, doc.supplyType,
      doc.counterpartyGstin, doc.counterpartyName, doc.counterpartyGstin ? doc.counterpartyGstin.slice(0, 2) : null, doc.placeOfSupply, doc.isReverseCharge,
      doc.originalDocumentNumber, doc.originalDocumentDate, taxable, igst, cgst, sgst, cess, taxable + igst + cgst + sgst + cess,
    ]);
  };
  const errorLine = (e: RowError, hash: number | null): string => line([hash, e.row, e.column, e.value === null ? null : e.value.slice(0, 500), e.code, e.message, e.type]);

  /** Sends what the adds gathered to the COPY streams. */
  const flush = async () => {
    const [r, d, e] = [rowLines.take(), documentLines.take(), errorLines.take()];
    if (r) await rows.write(r);
    if (d) await docs.write(d);
    if (e) await errors.write(e);
  };

  /** Ends the COPY of rows and documents so far (their data is then in the work tables), and starts new ones. */
  const cut = async () => {
    await flush();
    for (const stream of [rows, docs]) {
      streams.splice(streams.indexOf(stream), 1);
      await stream.end();
    }
    rows = await open(t.rows, ROW_COLUMNS);
    docs = await open(t.docs, DOCUMENT_COLUMNS);
  };

  /** Closes the COPY streams (their data is then in the work tables). */
  const endStreams = async () => {
    await flush();
    for (const stream of streams.splice(0)) await stream.end();
  };

  return {
    /** The names of the work tables. */
    tables: t,
    /** Makes sure ids for `count` more runs are at hand. */
    reserveIds: ids.reserve,
    /** An id for the next run of rows (a document as far as the file has shown it). */
    nextDocumentId: ids.next,

    // The adds only gather text (no await per row); flush() sends it.
    /** A parsed row, with the hash of its document key, its line number within its run of rows, and the run's id. */
    addRow: (row: ParsedRow, hash: number, lineNo: number, documentId: number): void => {
      rowParts[0] = String(row.row);
      rowParts[1] = String(hash);
      rowParts[2] = String(lineNo);
      rowParts[3] = String(documentId);
      rowParts[4] = row.ok ? 't' : 'f';
      rowParts[5] = copyText(row.entityId);
      rowParts[6] = copyText(row.locationGstin);
      rowParts[7] = copyText(row.key);
      for (let i = 0; i < VALUE_SLOTS.length; i++) rowParts[8 + i] = copyText(row.values[VALUE_SLOTS[i] as number]);
      rowLines.push(rowParts.join('\t'));
    },
    /** A document that passed validation, with the id of its run. */
    addDocument: (doc: ImportedDocument, hash: number, documentId: number): void => {
      documentLines.push(documentLine(doc, hash, documentId));
    },
    /** Errors of a row (hash null) or of a document (its key's hash: dropped if the document turns out to be split). */
    addErrors: (list: readonly RowError[], hash: number | null): void => {
      for (const e of list) errorLines.push(errorLine(e, hash));
    },
    flush,
    cut,
    endStreams,

    /**
     * Documents whose rows are not adjacent in the file were checked run by run while reading; here each is rebuilt from
     * all of its rows (read back ordered by key, a page at a time) and checked again, replacing what the runs gave. Its
     * rows get the rebuilt document's id and their line numbers in file order (no id when it failed: they store nothing).
     */
    regroupSplit: async (hashes: readonly number[], builder: DocumentBuilder, pageSize = 5000): Promise<number> => {
      await endStreams();
      const split = await copyIn(db, t.split, ['key_hash']);
      for (const hash of hashes) await split.write(`${hash}\n`);
      await split.end();
      await db.execute(sql.raw(`DELETE FROM ${t.docs} WHERE key_hash IN (SELECT key_hash FROM ${t.split})`));
      await db.execute(sql.raw(`DELETE FROM ${t.errors} WHERE key_hash IN (SELECT key_hash FROM ${t.split})`));
      await db.execute(sql.raw(`CREATE UNLOGGED TABLE ${t.splitRows} AS SELECT r.* FROM ${t.rows} r WHERE r.key_hash IN (SELECT key_hash FROM ${t.split})`));
      await db.execute(sql.raw(`CREATE INDEX ON ${t.splitRows} (doc_key, row_no)`));
      await db.execute(sql.raw(`CREATE UNLOGGED TABLE ${t.splitIds} (row_no integer, line_no integer, document_id bigint)`));
      docs = await open(t.docs, DOCUMENT_COLUMNS);
      errors = await open(t.errors, ERROR_COLUMNS);
      const splitIds = await open(t.splitIds, ['row_no', 'line_no', 'document_id']);
      let after: { key: string; row: number } = { key: '', row: -1 };
      let current: ParsedRow[] = [];
      let documents = 0;
      const finish = async () => {
        const first = current[0];
        if (!first) return;
        const hash = keyHash(first.key);
        const { doc, errors: found } = builder.build(current);
        await ids.reserve(1);
        const documentId = ids.next();
        if (found.length > 0) await errors.write(`${found.map((e) => errorLine(e, hash)).join('\n')}\n`);
        if (doc.valid) await docs.write(`${documentLine(doc, hash, documentId)}\n`);
        await splitIds.write(`${current.map((row, i) => line([row.row, i + 1, doc.valid ? documentId : null])).join('\n')}\n`);
        documents++;
        current = [];
      };
      for (;;) {
        const page = await rowsOf<Record<string, unknown>>(db, sql`SELECT * FROM ${sql.raw(t.splitRows)} WHERE (doc_key, row_no) > (${after.key}, ${after.row}) ORDER BY doc_key, row_no LIMIT ${pageSize}`);
        for (const staged of page) {
          const row = parsedRowOf(staged);
          if (current[0] && current[0].key !== row.key) await finish();
          current.push(row);
          after = { key: row.key, row: row.row };
        }
        if (page.length < pageSize) break;
      }
      await finish();
      await endStreams();
      await db.transaction(async (tx) => {
        await wholeTableJoins(tx);
        await tx.execute(sql.raw(`UPDATE ${t.rows} r SET line_no = s.line_no, document_id = s.document_id FROM ${t.splitIds} s WHERE r.row_no = s.row_no`));
      });
      return documents;
    },

    /** Documents that passed, and the rows they hold. */
    validCounts: async (): Promise<{ documents: number; rows: number }> => {
      const [counts] = await rowsOf<{ documents: unknown; rows: unknown }>(db, sql.raw(`SELECT count(*) AS documents, coalesce(sum(row_count), 0) AS rows FROM ${t.docs}`));
      return { documents: Number(counts?.documents ?? 0), rows: Number(counts?.rows ?? 0) };
    },

    /** Moves the errors into import_errors (their own statement: they describe the import whatever happens next). */
    publishErrors: async (): Promise<void> => {
      await db.execute(sql.raw(`INSERT INTO import_errors (import_id, row_number, column_name, value, code, message, type)
        SELECT ${importId}, row_number, column_name, value, code, message, type FROM ${t.errors} ORDER BY row_number`));
    },

    /** Upserts the valid documents and replaces their items; call inside the file's transaction. */
    store: (tx: Tx, target: StoreTarget) => storeStaged(tx, t, target, isServerDatabase(db) ? null : bulkLoad),

    /**
     * Stops any COPY still open and drops the work tables; in the file's transaction when given, so the final status
     * and the cleanup are seen together (a user, or a test, who sees the import end finds no work table left).
     */
    drop: async (tx?: Tx): Promise<void> => {
      for (const stream of streams.splice(0)) stream.abort();
      await dropStaging(tx ?? db, importId);
    },
  };
};

/** A staged row as the document builder takes it. */
const parsedRowOf = (staged: Record<string, unknown>): ParsedRow => {
  const values = new Array<CellValue>(FIELDS.length).fill(null);
  for (const [field, column, kind] of VALUE_COLUMNS) {
    const value = staged[column];
    values[F[field]] = value === null || value === undefined ? null : kind === 'bigint' ? Number(value) : (value as string | boolean);
  }
  const entityId = staged.entity_id;
  return {
    row: Number(staged.row_no), key: String(staged.doc_key), ok: staged.ok === true, entityId: entityId === null || entityId === undefined ? null : Number(entityId),
    locationGstin: String(staged.location_gstin ?? ''), values, cells: null,
  };
};

/**
 * Whole-table joins over the work tables: PGlite ships with enable_seqscan off, which would turn them into nested
 * loops over an index; and hashing a million rows needs more than the default 4 MB.
 */
const wholeTableJoins = async (tx: Tx): Promise<void> => {
  await tx.execute(sql.raw(`SET LOCAL enable_seqscan = on`));
  await tx.execute(sql.raw(`SET LOCAL work_mem = '64MB'`));
};

/**
 * Inserts staged documents (the documents work table's columns, unqualified) as new ones, with the ids reserved for them while reading;
 * `rest` is the FROM and what follows it.
 */
export const insertNewDocuments = (target: StoreTarget, rest: SQL): SQL => sql`INSERT INTO documents (id, subscriber_id, entity_id, direction, financial_year,
    return_period, document_type, document_number, document_date, supply_type, counterparty_gstin, counterparty_name, counterparty_state, place_of_supply,
    is_reverse_charge, original_document_number, original_document_date, taxable, igst, cgst, sgst, cess, document_value, status, is_draft_document, source,
    import_id, created_by, updated_by)
  SELECT document_id, ${target.subscriberId}, entity_id, ${target.direction}, financial_year, return_period, document_type, document_number, document_date,
    supply_type, counterparty_gstin, counterparty_name, counterparty_state, place_of_supply, is_reverse_charge, original_document_number, original_document_date,
    taxable, igst, cgst, sgst, cess, document_value, 'YetNotGenerated', false, 'Import', ${target.importId}, ${target.userId}, ${target.userId}
  ${rest}`;

/** Inserts staged rows (alias r) as items of the document `documentId` names; `rest` is the FROM and what follows it. */
export const insertItems = (documentId: string, rest: string): SQL => sql.raw(`INSERT INTO document_items (document_id, line_number, hsn, description, uqc,
    quantity, rate, taxable, igst, cgst, sgst, cess, itc_eligibility)
  SELECT ${documentId}, r.line_no, r.hsn, r.description, r.uqc, coalesce(r.quantity, 0), coalesce(r.rate, 0), coalesce(r.taxable, 0),
    coalesce(r.igst, 0), coalesce(r.cgst, 0), coalesce(r.sgst, 0), coalesce(r.cess, 0), r.itc_eligibility
  ${rest}`);

/**
 * Looks the file's documents up by key, inserts the new ones (plain inserts with their ids: no conflict handling per
 * row) and updates the others, replacing their items. The subscriber's document keys are locked for the transaction,
 * so no document save adds a key between the look-up and the insert.
 * `bulkLoad`, when the transaction has the database to itself (PGlite): from that many documents (or items) on, a load
 * larger than the table rebuilds its indexes instead of keeping them up (db/bulk-load.ts; the million rows of the
 * bench: 54 s of storing became 42 s).
 */
const storeStaged = async (tx: Tx, t: ReturnType<typeof tablesOf>, target: StoreTarget, bulkLoad: number | null): Promise<void> => {
  const isSales = target.direction === 'Sales';
  await wholeTableJoins(tx);
  await lockDocumentKeys(tx, target.subscriberId);
  // The direction a literal, so PostgreSQL can use its partial unique key.
  await tx.execute(sql`UPDATE ${sql.raw(t.docs)} w SET existing_id = d.id FROM documents d
    WHERE d.subscriber_id = ${target.subscriberId} AND d.direction = ${sql.raw(isSales ? "'Sales'" : "'Purchase'")} AND d.document_number = w.document_number
      AND d.entity_id = w.entity_id AND d.financial_year = w.financial_year AND d.document_type = w.document_type
      ${sql.raw(isSales ? '' : 'AND d.counterparty_gstin = w.counterparty_gstin')}`);
  const [load] = await rowsOf<{ documents: unknown; items: unknown }>(tx, sql.raw(`SELECT count(*) FILTER (WHERE existing_id IS NULL) AS documents,
    coalesce(sum(row_count), 0) AS items FROM ${t.docs}`));
  const [newDocuments, items] = [Number(load?.documents ?? 0), Number(load?.items ?? 0)];
  const rebuildDocumentIndexes = bulkLoad !== null && newDocuments >= bulkLoad && (await smallerThanLoad(tx, 'documents', newDocuments))
    ? await dropIndexes(tx, 'documents', { primaryKey: false }) : null;
  await tx.execute(insertNewDocuments(target, sql.raw(`FROM ${t.docs} WHERE existing_id IS NULL`)));
  // SET reads the stored row (d.*) as it was before this statement.
  await tx.execute(sql`UPDATE documents d SET
      -- A document a filed return reported stays in its period; a change to it is an amendment for a later return
      -- (Section 37(3) CGST Act).
      return_period = CASE WHEN d.filed_return_id IS NULL THEN w.return_period ELSE d.return_period END,
      amendment_pending = d.amendment_pending OR (d.filed_return_id IS NOT NULL AND (d.document_date, d.supply_type, d.counterparty_gstin, d.place_of_supply,
        d.is_reverse_charge, d.taxable, d.igst, d.cgst, d.sgst, d.cess, d.document_value) IS DISTINCT FROM (w.document_date, w.supply_type,
        w.counterparty_gstin, w.place_of_supply, w.is_reverse_charge, w.taxable, w.igst, w.cgst, w.sgst, w.cess, w.document_value)),
      document_date = w.document_date, supply_type = w.supply_type, counterparty_gstin = w.counterparty_gstin, counterparty_name = w.counterparty_name,
      counterparty_state = w.counterparty_state, place_of_supply = w.place_of_supply, is_reverse_charge = w.is_reverse_charge,
      original_document_number = w.original_document_number, original_document_date = w.original_document_date,
      taxable = w.taxable, igst = w.igst, cgst = w.cgst, sgst = w.sgst, cess = w.cess, document_value = w.document_value,
      is_draft_document = false, source = 'Import', import_id = ${target.importId}, updated_by = ${target.userId}, updated_at = now()
    FROM ${sql.raw(t.docs)} w WHERE w.existing_id IS NOT NULL AND d.id = w.existing_id`);
  await tx.execute(sql.raw(`DELETE FROM document_items i USING ${t.docs} w WHERE w.existing_id IS NOT NULL AND i.document_id = w.existing_id`));
  const rebuildItemKey = bulkLoad !== null && items >= bulkLoad && (await smallerThanLoad(tx, 'document_items', items))
    ? await dropIndexes(tx, 'document_items', { primaryKey: true }) : null;
  // Rows of a document that failed carry an id no staged document has: the join leaves them out.
  await tx.execute(insertItems('coalesce(w.existing_id, w.document_id)', `FROM ${t.rows} r JOIN ${t.docs} w ON w.document_id = r.document_id`));
  await rebuildItemKey?.();
  await rebuildDocumentIndexes?.();
};
