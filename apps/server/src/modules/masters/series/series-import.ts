// The series import's write (the import module's record handler calls it through the masters face): a series new to
// its financial year is created; one of the same year and name is updated while it has numbered nothing. A series
// that has numbered documents keeps its prefix, digits and first number (their numbers are issued), so a row that
// would change them is refused with the reason; an allocated series keeps clear of the other series of its locations.
import { prefixesCollide, seriesIssues } from '@opengst/domain';
import { and, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../../db/database';
import { documentSeries } from '../../../db/schema';
import { writeAudit } from '../../../platform/audit';
import type { SessionPrincipal } from '../../../platform/auth/sessions';
import { allocationsOfSeries, seriesAllocatedTo } from './series.repo';

export type SeriesRecord = {
  name: string;
  financialYear: string;
  prefix: string;
  padding: number;
  startNumber: number;
  status: 'Active' | 'Inactive';
};
export type SeriesImportIssue = { index: number; column: string | null; message: string };

/** The domain's Rule 46(b) checks of a series, by import column. */
export const seriesRecordIssues = (record: Omit<SeriesRecord, 'name' | 'financialYear' | 'status'>) =>
  seriesIssues(record).map((issue) => ({ column: issue.propertyName, message: issue.message }));

export const importSeriesRecords = async (
  tx: Tx,
  who: Pick<SessionPrincipal, 'subscriberId' | 'userId'>,
  records: readonly SeriesRecord[],
  ip?: string,
): Promise<{ written: number; issues: SeriesImportIssue[] }> => {
  const issues: SeriesImportIssue[] = [];
  let written = 0;
  for (const [index, record] of records.entries()) {
    const [existing] = await tx
      .select()
      .from(documentSeries)
      .where(
        and(
          eq(documentSeries.subscriberId, who.subscriberId),
          eq(documentSeries.financialYear, record.financialYear),
          sql`lower(${documentSeries.name}) = lower(${record.name})`,
        ),
      )
      .for('update');
    if (existing && existing.numbered > 0) {
      const changed =
        existing.prefix !== record.prefix || existing.padding !== record.padding || existing.startNumber !== record.startNumber;
      if (changed) {
        issues.push({
          index,
          column: 'prefix',
          message: `Series "${existing.name}" has numbered ${existing.numbered} document(s), up to ${existing.lastNumber ?? ''}: its prefix, digits and first number can no longer change.`,
        });
        continue;
      }
    }
    if (existing && existing.prefix !== record.prefix) {
      const entityIds = (await allocationsOfSeries(tx, [existing.id])).map((row) => row.entityId);
      const clash = (await seriesAllocatedTo(tx, who.subscriberId, entityIds, record.financialYear, existing.id)).find((other) =>
        prefixesCollide(other.prefix, record.prefix),
      );
      if (clash) {
        issues.push({
          index,
          column: 'prefix',
          message: `Series "${clash.name}" (prefix "${clash.prefix}") is also allocated to ${clash.entityName} and could form the same numbers (Rule 46(b)).`,
        });
        continue;
      }
    }
    const values = {
      name: record.name,
      financialYear: record.financialYear,
      prefix: record.prefix,
      padding: record.padding,
      startNumber: record.startNumber,
      status: record.status,
      updatedBy: who.userId,
      updatedAt: new Date(),
    };
    if (existing) {
      const nextNumber = existing.numbered > 0 ? existing.nextNumber : record.startNumber;
      const [after] = await tx
        .update(documentSeries)
        .set({ ...values, nextNumber })
        .where(eq(documentSeries.id, existing.id))
        .returning();
      await writeAudit(tx, who, {
        entityType: 'Series',
        entityKey: existing.id,
        entityName: record.name,
        action: 'Update',
        before: existing,
        after,
        ...(ip ? { ip } : {}),
      });
    } else {
      const [created] = await tx
        .insert(documentSeries)
        .values({ ...values, nextNumber: record.startNumber, subscriberId: who.subscriberId, createdBy: who.userId })
        .returning();
      if (!created) throw new Error('series insert returned no row');
      await writeAudit(tx, who, {
        entityType: 'Series',
        entityKey: created.id,
        entityName: created.name,
        action: 'Create',
        after: created,
      });
    }
    written += 1;
  }
  return { written, issues };
};
