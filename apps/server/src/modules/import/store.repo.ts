// Staging and storing of one document file. While the file is read, every parsed row, every document that passed
// validation and every error are COPY-loaded into UNLOGGED work tables of this import (import_stage_<id>_*), outside
// any transaction: PGlite's one connection stays free for the progress poll, and nothing of the file is in memory.
// Each document gets its id while it is read (from blocks of the documents' sequence), and its rows carry it, so the
// store needs no join by document key. The documents table is then written in ONE transaction (storeStaged): a crash
// before COMMIT leaves none of the file's documents, and the work tables are dropped at the end, or at the next start
// for an import a crash interrupted. A document already there (same entity, financial year, type, number, and for a
// purchase the supplier's GSTIN) is updated and its items replaced: a re-import never duplicates.
import { sql, type SQL } from 'drizzle-orm';
import { copyIn, isServerDatabase, rowsOf, type CopyIn, type Db, type DbOrTx, type Tx } from '../../db/database';
import { dropIndexes, smallerThanLoad } from '../../db/bulk-load';
import { lockDocumentKeys } from '../../db/locks';
import { IMPORTED_DOCUMENT_FIELDS, type ImportedDocumentField } from '../documents';
import type { DocumentBuilder, ParsedRow } from './document-builder.rules';
import {
  createIdSource,
  DOCUMENT_COLUMNS,
  documentLine,
  ERROR_COLUMNS,
  errorLine,
  keyHash,
  line,
  parsedRowOf,
  ROW_COLUMNS,
  VALUE_COLUMNS,
} from './stage-lines.rules';
import type { StagedBatch } from './stage-read.service';

export type StoreTarget = { subscriberId: number; userId: number; importId: number; direction: 'Sales' | 'Purchase' };

// The document's fields in SQL, built once from the documents module's table (DOCUMENT_FIELDS, in its order).
const columnsOf = (fields: readonly ImportedDocumentField[], alias = '') => fields.map((f) => `${alias}${f.column}`).join(', ');
const IMPORTED = columnsOf(IMPORTED_DOCUMENT_FIELDS);
/** The documents work table's fields, after its own columns (as stage-lines.rules.ts DOCUMENT_COLUMNS). */
const STAGED_FIELD_DEFINITIONS = IMPORTED_DOCUMENT_FIELDS.map((f) => `${f.column} ${f.sqlType}`).join(', ');
/** What a stored document of each direction is found by (its unique key), stored (d) against staged (w). */
const keyMatch = (direction: StoreTarget['direction']) =>
  IMPORTED_DOCUMENT_FIELDS.filter((f) => f.imported === 'key' || (direction === 'Purchase' && f.imported === 'purchaseKey'))
    .map((f) => `d.${f.column} = w.${f.column}`)
    .join(' AND ');
const KEY_MATCH = { Sales: keyMatch('Sales'), Purchase: keyMatch('Purchase') };
/** The update of a stored document (d) from the staged one (w): what a filed one keeps, whether it changed as filed, what is replaced. */
const KEPT_ONCE_FILED = IMPORTED_DOCUMENT_FIELDS.filter((f) => f.imported === 'untilFiled')
  .map((f) => `${f.column} = CASE WHEN d.filed_return_id IS NULL THEN w.${f.column} ELSE d.${f.column} END`)
  .join(', ');
const AMENDS = IMPORTED_DOCUMENT_FIELDS.filter((f) => f.amends);
const CHANGED_AS_FILED = `(${columnsOf(AMENDS, 'd.')}) IS DISTINCT FROM (${columnsOf(AMENDS, 'w.')})`;
const REPLACED = IMPORTED_DOCUMENT_FIELDS.filter((f) => f.imported === 'replaced' || f.imported === 'purchaseKey')
  .map((f) => `${f.column} = w.${f.column}`)
  .join(', ');

/** Names of the work tables of an import (its id is an integer, so they need no quoting). */
const tablesOf = (importId: number) => {
  const name = (suffix: string) => `import_stage_${importId}_${suffix}`;
  return {
    rows: name('rows'),
    docs: name('docs'),
    errors: name('errors'),
    split: name('split'),
    splitRows: name('split_rows'),
    splitIds: name('split_ids'),
  };
};
export type StageTables = ReturnType<typeof tablesOf>;

/** Drops the work tables of an import: at its end, and at start for imports a crash interrupted. */
export const dropStaging = async (db: DbOrTx, importId: number): Promise<void> => {
  const t = tablesOf(importId);
  await db.execute(sql.raw(`DROP TABLE IF EXISTS ${[t.rows, t.docs, t.errors, t.split, t.splitRows, t.splitIds].join(', ')}`));
};

/** A load from which on the store on PGlite may rebuild indexes rather than keep them up (storeStaged). */
const BULK_LOAD = 10_000;

export type Staging = Awaited<ReturnType<typeof createStaging>>;

/**
 * Creates the work tables of an import and the COPY streams into them. `byDocumentId`: the documents and rows are
 * indexed by document id, for a store that takes them a range of ids at a time while the file is read (store-early.repo.ts).
 */
export const createStaging = async (
  db: Db,
  importId: number,
  { byDocumentId = false, bulkLoad = BULK_LOAD }: { byDocumentId?: boolean; bulkLoad?: number | undefined } = {},
) => {
  const t = tablesOf(importId);
  await dropStaging(db, importId);
  const valueDefinitions = VALUE_COLUMNS.map(([, column, kind]) => `${column} ${kind}`).join(', ');
  await db.execute(
    sql.raw(
      `CREATE UNLOGGED TABLE ${t.rows} (row_no integer, key_hash bigint, line_no integer, document_id bigint, ok boolean, entity_id integer, location_gstin text, doc_key text, ${valueDefinitions})`,
    ),
  );
  // existing_id: the stored document of the same key, found by the store.
  await db.execute(
    sql.raw(
      `CREATE UNLOGGED TABLE ${t.docs} (doc_key text, key_hash bigint, document_id bigint, existing_id bigint, row_count integer, ${STAGED_FIELD_DEFINITIONS})`,
    ),
  );
  await db.execute(
    sql.raw(
      `CREATE UNLOGGED TABLE ${t.errors} (key_hash bigint, row_number integer, column_name text, value text, code text, message text, type text)`,
    ),
  );
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

  /** Fresh ids of the documents' sequence: for the runs of rows the reader thread finds, then the regroup's documents. */
  const fetchIds = async (count: number): Promise<number[]> => {
    const fresh = await rowsOf<{ id: unknown }>(db, sql`SELECT nextval('documents_id_seq') AS id FROM generate_series(1, ${count})`);
    return fresh.map((r) => Number(r.id));
  };
  const ids = createIdSource(fetchIds);
  /** Ends the COPY of rows and documents so far (their data is then in the work tables), and starts new ones. */
  const cut = async () => {
    for (const stream of [rows, docs]) {
      streams.splice(streams.indexOf(stream), 1);
      await stream.end();
    }
    rows = await open(t.rows, ROW_COLUMNS);
    docs = await open(t.docs, DOCUMENT_COLUMNS);
  };

  /** Closes the COPY streams (their data is then in the work tables). */
  const endStreams = async () => {
    for (const stream of streams.splice(0)) await stream.end();
  };

  return {
    /** The names of the work tables. */
    tables: t,
    fetchIds,
    /** Loads a batch of the reader's lines (stage-read.service.ts) into the work tables. */
    write: async (batch: StagedBatch<string | Uint8Array>): Promise<void> => {
      if (batch.rows.length > 0) await rows.write(batch.rows);
      if (batch.documents.length > 0) await docs.write(batch.documents);
      if (batch.errors.length > 0) await errors.write(batch.errors);
    },
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
      await db.execute(
        sql.raw(
          `CREATE UNLOGGED TABLE ${t.splitRows} AS SELECT r.* FROM ${t.rows} r WHERE r.key_hash IN (SELECT key_hash FROM ${t.split})`,
        ),
      );
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
        const page = await rowsOf<Record<string, unknown>>(
          db,
          sql`SELECT * FROM ${sql.raw(t.splitRows)} WHERE (doc_key, row_no) > (${after.key}, ${after.row}) ORDER BY doc_key, row_no LIMIT ${pageSize}`,
        );
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
        await tx.execute(
          sql.raw(`UPDATE ${t.rows} r SET line_no = s.line_no, document_id = s.document_id FROM ${t.splitIds} s WHERE r.row_no = s.row_no`),
        );
      });
      return documents;
    },

    /** Documents that passed, and the rows they hold. */
    validCounts: async (): Promise<{ documents: number; rows: number }> => {
      const [counts] = await rowsOf<{ documents: unknown; rows: unknown }>(
        db,
        sql.raw(`SELECT count(*) AS documents, coalesce(sum(row_count), 0) AS rows FROM ${t.docs}`),
      );
      return { documents: Number(counts?.documents ?? 0), rows: Number(counts?.rows ?? 0) };
    },

    /** Moves the errors into import_errors (their own statement: they describe the import whatever happens next). */
    publishErrors: async (): Promise<void> => {
      await db.execute(
        sql.raw(`INSERT INTO import_errors (import_id, row_number, column_name, value, code, message, type)
        SELECT ${importId}, row_number, column_name, value, code, message, type FROM ${t.errors} ORDER BY row_number`),
      );
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
export const insertNewDocuments = (
  target: StoreTarget,
  rest: SQL,
): SQL => sql`INSERT INTO documents (id, subscriber_id, direction, ${sql.raw(IMPORTED)}, status,
    is_draft_document, source, import_id, created_by, updated_by)
  SELECT document_id, ${target.subscriberId}, ${target.direction}, ${sql.raw(IMPORTED)}, 'YetNotGenerated', false, 'Import', ${target.importId}, ${target.userId},
    ${target.userId}
  ${rest}`;

/** Inserts staged rows (alias r) as items of the document `documentId` names; `rest` is the FROM and what follows it. */
export const insertItems = (documentId: string, rest: string): SQL =>
  sql.raw(`INSERT INTO document_items (document_id, line_number, hsn, description, uqc,
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
    WHERE d.subscriber_id = ${target.subscriberId} AND d.direction = ${sql.raw(isSales ? "'Sales'" : "'Purchase'")} AND ${sql.raw(KEY_MATCH[target.direction])}`);
  const [load] = await rowsOf<{ documents: unknown; items: unknown }>(
    tx,
    sql.raw(`SELECT count(*) FILTER (WHERE existing_id IS NULL) AS documents,
    coalesce(sum(row_count), 0) AS items FROM ${t.docs}`),
  );
  const [newDocuments, items] = [Number(load?.documents ?? 0), Number(load?.items ?? 0)];
  const rebuildDocumentIndexes =
    bulkLoad !== null && newDocuments >= bulkLoad && (await smallerThanLoad(tx, 'documents', newDocuments))
      ? await dropIndexes(tx, 'documents', { primaryKey: false })
      : null;
  await tx.execute(insertNewDocuments(target, sql.raw(`FROM ${t.docs} WHERE existing_id IS NULL`)));
  // SET reads the stored row (d.*) as it was before this statement.
  await tx.execute(sql`UPDATE documents d SET
      -- A document a filed return reported stays in its period; a change to it is an amendment for a later return
      -- (Section 37(3) CGST Act).
      ${sql.raw(KEPT_ONCE_FILED)},
      amendment_pending = d.amendment_pending OR (d.filed_return_id IS NOT NULL AND ${sql.raw(CHANGED_AS_FILED)}),
      ${sql.raw(REPLACED)},
      is_draft_document = false, source = 'Import', import_id = ${target.importId}, updated_by = ${target.userId}, updated_at = now()
    FROM ${sql.raw(t.docs)} w WHERE w.existing_id IS NOT NULL AND d.id = w.existing_id`);
  await tx.execute(
    sql.raw(`DELETE FROM document_items i USING ${t.docs} w WHERE w.existing_id IS NOT NULL AND i.document_id = w.existing_id`),
  );
  const rebuildItemKey =
    bulkLoad !== null && items >= bulkLoad && (await smallerThanLoad(tx, 'document_items', items))
      ? await dropIndexes(tx, 'document_items', { primaryKey: true })
      : null;
  // Rows of a document that failed carry an id no staged document has: the join leaves them out.
  await tx.execute(
    insertItems('coalesce(w.existing_id, w.document_id)', `FROM ${t.rows} r JOIN ${t.docs} w ON w.document_id = r.document_id`),
  );
  await rebuildItemKey?.();
  await rebuildDocumentIndexes?.();
};
