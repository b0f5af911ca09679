// HSN/SAC codes → hsn_codes: the subscriber's own list (code, description, rate, UQC), and the records of the GST
// portal's directory (hsn-directory.service.ts) through the same write. A code imported again is updated, never duplicated;
// a blank rate or UQC (the portal's directory has neither) keeps what the master already holds.
import { isServiceCode, isUqc, rateStatusOn, validateHsn, VAL_CODES } from '@opengst/domain';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../../db/database';
import { hsnCodes } from '../../../db/schema';
import { rowError, type RecordHandler, type RowIssue } from './record-handler.rules';

export type HsnCodeRecord = { code: string; description: string; isService: boolean; rate: number | null; uqc: string | null };

const BATCH = 1000;

export const hsnHandler = (subscriberId: number, importId: number, today: string): RecordHandler<HsnCodeRecord> => ({
  check: (values) => {
    const issues: RowIssue[] = [];
    const result = validateHsn(values.hsn);
    if (!result.ok) issues.push(rowError('hsn', 'VAL0024', `${VAL_CODES.VAL0024.message} ${result.message}`));
    const rate = values.rate as number | null;
    if (rate !== null && rateStatusOn(rate, today) === 'invalid')
      issues.push(rowError('rate', 'VAL0566', `${rate / 1000}% is not a GST rate in force today.`));
    const uqc = (values.uqc as string | null)?.toUpperCase() ?? null;
    if (uqc !== null && !isUqc(uqc)) issues.push(rowError('uqc', 'VAL0027', VAL_CODES.VAL0027.message));
    if (!result.ok || issues.length > 0) return { record: null, issues };
    return {
      issues,
      record: {
        code: result.code,
        description: (values.description as string | null) ?? '',
        isService: isServiceCode(result.code),
        rate,
        uqc,
      },
    };
  },

  keyOf: (r) => r.code,
  describeKey: (r) => `code ${r.code}`,

  store: async (tx: Tx, records) => {
    for (let at = 0; at < records.length; at += BATCH) {
      const rows = records.slice(at, at + BATCH).map(({ record }) => ({ ...record, subscriberId, importId }));
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
            updatedAt: sql`now()`,
          },
        });
    }
    return { written: records.length, issues: [] };
  },
});
