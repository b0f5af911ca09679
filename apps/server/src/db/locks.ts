// Transaction-scoped advisory locks (released at COMMIT or ROLLBACK), each class a number of its own.
import { sql } from 'drizzle-orm';
import type { DbOrTx } from './database';

const DOCUMENT_KEYS = 7101;

/**
 * Serialises the writers of a subscriber's document keys: the import's store decides insert or update by looking the
 * keys up first, which only holds if no document save adds one of them between the look-up and the write.
 */
export const lockDocumentKeys = async (tx: DbOrTx, subscriberId: number): Promise<void> => {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(${DOCUMENT_KEYS}, ${subscriberId})`);
};

const IP_ALLOW_LIST = 7102;

/**
 * Serialises the changes to a subscriber's IP allow-list: each change's lock-out guard reads the active list back in
 * its transaction, which only holds if no other change (another administrator's deletion) commits in between.
 */
export const lockIpAllowList = async (tx: DbOrTx, subscriberId: number): Promise<void> => {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(${IP_ALLOW_LIST}, ${subscriberId})`);
};

const REFERENCE_DATA = 7103;

/** Serialises the loads of the installation's reference data (the HSN/SAC directory): one server loads, the others wait and find it loaded. */
export const lockReferenceData = async (tx: DbOrTx): Promise<void> => {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(${REFERENCE_DATA}, 0)`);
};
