// On PostgreSQL a document file is stored while it is still being read. The file's transaction is opened before the
// read, on a connection of its own; each time the read has staged another chunk of documents (a range of their ids,
// which grow in file order), that range is inserted from the transaction while the read's COPY streams go on. The
// database then writes on one core while the JS reads on the other, instead of one after the other.
// Only documents new to the subscriber are stored early; one whose key is already stored (an update, with the
// amendment rules) is left to the final store, and one whose rows turn out to be apart in the file is taken out again
// before it is regrouped. A crash or a refusal rolls the transaction back: still all of the file or none of it.
import { sql } from 'drizzle-orm';
import { rowsOf, type Tx } from '../../db/database';
import { lockDocumentKeys } from '../../db/locks';
import { insertItems, insertNewDocuments, type StageTables, type StoreTarget } from './store.repo';

/** Documents per chunk: the read is at most this far ahead of the database, and the final store has at most this many left. */
export const EARLY_CHUNK_DOCUMENTS = 20_000;

export type EarlyStore = Awaited<ReturnType<typeof createEarlyStore>>;

/** Index look-ups only (no hash or merge join, no sequential scan) for the rest of the transaction, or back to normal. */
const planByIndex = async (tx: Tx, only: boolean) => {
  for (const setting of ['enable_hashjoin', 'enable_mergejoin', 'enable_seqscan'])
    await tx.execute(sql.raw(`SET LOCAL ${setting} = ${only ? 'off' : 'on'}`));
};

export const createEarlyStore = async (tx: Tx, t: StageTables, target: StoreTarget) => {
  const stored = `import_early_${target.importId}`;
  // Held to the commit: no document save adds one of the file's keys after the look-up that found it new.
  await lockDocumentKeys(tx, target.subscriberId);
  await tx.execute(sql.raw(`CREATE TEMP TABLE ${stored} (document_id bigint PRIMARY KEY) ON COMMIT DROP`));
  let from = 0;
  let pending: Promise<void> = Promise.resolve();

  /**
   * Inserts the staged documents with ids in [lo, hi) whose key is not stored yet, and their items. The documents'
   * unique keys decide what is new (ON CONFLICT DO NOTHING), not a look-up the planner would plan: its figures for
   * documents lag behind what this transaction inserts, and it scanned every stored document of the subscriber for
   * each one of a chunk. The work tables are read by their document id index, for the same reason.
   */
  const storeRange = async (lo: number, hi: number | null) => {
    const range = (alias: string) => `${alias}.document_id >= ${lo}${hi === null ? '' : ` AND ${alias}.document_id < ${hi}`}`;
    await planByIndex(tx, true);
    await tx.execute(sql`WITH inserted AS (${insertNewDocuments(target, sql.raw(`FROM ${t.docs} w WHERE ${range('w')} ON CONFLICT DO NOTHING RETURNING id`))})
      INSERT INTO ${sql.raw(stored)} SELECT id FROM inserted`);
    // Rows of a document that failed, or that was not stored here, have an id the stored list does not hold.
    await tx.execute(
      insertItems(
        'r.document_id',
        `FROM ${t.rows} r WHERE ${range('r')} AND EXISTS (SELECT 1 FROM ${stored} s WHERE s.document_id = r.document_id)`,
      ),
    );
    await planByIndex(tx, false);
  };

  return {
    /**
     * The read has staged (and its COPY ended) every document with an id below `to`: they are stored in the background.
     * Waits for the chunk before, so the read is never more than a chunk ahead; its failure surfaces here.
     */
    chunk: async (to: number): Promise<void> => {
      await pending;
      const lo = from;
      from = to;
      pending = storeRange(lo, to);
      pending.catch(() => {}); // awaited by the next chunk or by finish
    },

    /** Takes out the documents stored early whose rows turn out apart in the file (their key hashes): they are regrouped. */
    unstoreSplit: async (hashes: readonly number[]): Promise<void> => {
      await pending;
      if (hashes.length === 0) return;
      await tx.execute(sql`WITH split AS (
          DELETE FROM ${sql.raw(stored)} s USING ${sql.raw(t.docs)} w
          WHERE w.document_id = s.document_id AND w.key_hash = ANY(string_to_array(${hashes.join(',')}, ',')::bigint[])
          RETURNING s.document_id)
        DELETE FROM documents WHERE id IN (SELECT document_id FROM split)`);
    },

    /**
     * Stores the rest once the file is read and regrouped: the last chunk and the regrouped documents (their ids are
     * the newest). Answers whether documents are left for the final store (keys already stored): only they stay in
     * the work table.
     */
    finish: async (stagedDocuments: number): Promise<boolean> => {
      await pending;
      await storeRange(from, null);
      const [count] = await rowsOf<{ n: unknown }>(tx, sql.raw(`SELECT count(*) AS n FROM ${stored}`));
      if (Number(count?.n) === stagedDocuments) return false;
      await tx.execute(sql.raw(`DELETE FROM ${t.docs} w USING ${stored} s WHERE w.document_id = s.document_id`));
      return true;
    },
  };
};
