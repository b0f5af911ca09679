// HSN/SAC codes → hsn_codes: the subscriber's own list (code, description, rate, UQC), and the records of the GST
// portal's directory (hsn-directory.service.ts) through the same write. A code imported again is updated, never duplicated;
// a blank rate or UQC (the portal's directory has neither) keeps what the master already holds. Each row passes the
// checks of the /hsn-sac form (masters' checkHsnSac: the code in the portal's directory, a GST rate in force today, a
// UQC of the GST list and none but OTH for a service), so an import cannot bring in what the form refuses.
import type { HsnSearchIndex } from '@opengst/domain';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../../db/database';
import { hsnCodes } from '../../../db/schema';
import { checkHsnSac } from '../../masters';
import { rowError, type RecordHandler, type RowIssue } from './record-handler.rules';

export type HsnCodeRecord = { code: string; description: string; isService: boolean; rate: number | null; uqc: string | null };

const BATCH = 1000;

/** The error code of a refused column: the document validator's codes for the same faults. */
const CODE_OF = { code: 'VAL0024', rate: 'VAL0566', uqc: 'VAL0027' } as const;

export const hsnHandler = (
  subscriberId: number,
  importId: number,
  userId: number,
  today: string,
  directory: HsnSearchIndex,
): RecordHandler<HsnCodeRecord> => ({
  check: (values) => {
    const column = { code: 'hsn', rate: 'rate', uqc: 'uqc' } as const;
    const checked = checkHsnSac(
      directory,
      { code: String(values.hsn ?? ''), rate: values.rate as number | null, uqc: (values.uqc as string | null) ?? null },
      today,
    );
    if (!checked.ok) {
      const issues: RowIssue[] = checked.issues.map((issue) => rowError(column[issue.column], CODE_OF[issue.column], issue.message));
      return { record: null, issues };
    }
    const description = ((values.description as string | null) ?? '').trim() || checked.officialDescription || '';
    return {
      issues: [],
      record: { code: checked.code, description, isService: checked.isService, rate: checked.rate, uqc: checked.uqc },
    };
  },

  keyOf: (r) => r.code,
  describeKey: (r) => `code ${r.code}`,

  store: async (tx: Tx, records) => {
    for (let at = 0; at < records.length; at += BATCH) {
      const rows = records
        .slice(at, at + BATCH)
        .map(({ record }) => ({ ...record, subscriberId, importId, createdBy: userId, updatedBy: userId }));
      await tx
        .insert(hsnCodes)
        .values(rows)
        .onConflictDoUpdate({
          target: [hsnCodes.subscriberId, hsnCodes.code],
          set: {
            description: sql`excluded.description`,
            isService: sql`excluded.is_service`,
            rate: sql`coalesce(excluded.rate, ${hsnCodes.rate})`,
            uqc: sql`coalesce(excluded.uqc, ${hsnCodes.uqc})`,
            importId,
            updatedBy: userId,
            updatedAt: sql`now()`,
          },
        });
    }
    return { written: records.length, issues: [] };
  },
});
