// Use cases of /series: save (create or edit), status and delete, each in one transaction with its audit rows.
//
// Design (issue 20; the spec names the screens only): a series is a subscriber's numbering for one financial year
// (name, prefix, digits, first and next number). It numbers nothing until /allocate-series gives it to a location for
// a document type; the document screen then offers it, and the number is drawn when the document is saved (numbering.ts).
// Once a series has numbered a document its year, prefix and digits are fixed and its next number only goes up, so a
// number it formed is never formed again; it can then be deactivated but not deleted, because its numbers stay issued.
import type { SeriesSaveSchema } from '@opengst/contracts';
import { formatSeriesNumber, prefixesCollide, seriesIssues } from '@opengst/domain';
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../../db/database';
import { documentSeries, seriesAllocations } from '../../../db/schema';
import { writeAudit } from '../../../platform/audit';
import type { SessionPrincipal } from '../../../platform/auth/sessions';
import { AppError, validationError } from '../../../platform/errors';
import { allocationsOfSeries, findSeries, findSeriesRow, findSeriesRows, seriesAllocatedTo, type SeriesRow } from './series.repo';

type Who = Pick<SessionPrincipal, 'subscriberId' | 'userId'>;
type SaveInput = z.output<typeof SeriesSaveSchema>;

const PROPERTY = {
  financialYear: 'FinancialYear',
  prefix: 'Prefix',
  padding: 'Padding',
  startNumber: 'StartNumber',
  nextNumber: 'NextNumber',
} as const;

/** What is audited of a series. */
const audited = (row: SeriesRow) => ({
  name: row.name,
  financialYear: row.financialYear,
  prefix: row.prefix,
  padding: row.padding,
  startNumber: row.startNumber,
  nextNumber: row.nextNumber,
  numbered: row.numbered,
  status: row.status,
});

export const seriesById = async (db: Db, who: Who, id: number) => {
  const { items } = await findSeries(db, and(eq(documentSeries.subscriberId, who.subscriberId), eq(documentSeries.id, id))!, {
    start: 0,
    size: 1,
  });
  const [found] = items;
  if (!found) throw new AppError('GEN0003');
  return found;
};

/**
 * A series allocated to a location must not form a number another series of the location's year can form: the
 * location's documents are unique per financial year (Rule 46(b)).
 */
export const assertNoPrefixClash = async (
  db: Db,
  who: Who,
  series: { id?: number | undefined; prefix: string; financialYear: string },
  entityIds: readonly number[],
) => {
  const others = await seriesAllocatedTo(db, who.subscriberId, entityIds, series.financialYear, series.id);
  const clash = others.find((other) => prefixesCollide(other.prefix, series.prefix));
  if (clash) {
    throw new AppError('GEN0009', {
      propertyName: 'Prefix',
      message:
        `Series "${clash.name}" (prefix "${clash.prefix}") is also allocated to ${clash.entityName} in ${series.financialYear}, and the two ` +
        `could form the same number: a document number is unique per financial year (Rule 46(b)). Use a prefix that differs by a letter, '/' or '-'.`,
    });
  }
};

export const saveSeries = async (db: Db, who: Who, input: SaveInput, ip: string) => {
  const existing = input.id ? await findSeriesRow(db, who.subscriberId, input.id) : undefined;
  if (input.id && !existing) throw new AppError('GEN0003');
  const prefix = input.prefix.trim();
  if (existing && existing.numbered > 0) {
    const changed = (['financialYear', 'prefix', 'padding', 'startNumber'] as const).filter((key) =>
      key === 'prefix' ? prefix !== existing.prefix : input[key] !== existing[key],
    );
    if (changed.length > 0) {
      throw new AppError('GEN0009', {
        propertyName: PROPERTY[changed[0] ?? 'prefix'],
        message: `This series has numbered ${existing.numbered} document(s), up to ${existing.lastNumber ?? ''}: its financial year, prefix, digits and first number can no longer change. Add a new series instead.`,
      });
    }
  }
  const nextNumber = input.nextNumber ?? existing?.nextNumber ?? input.startNumber;
  const issues = seriesIssues({ prefix, padding: input.padding, startNumber: input.startNumber, nextNumber });
  if (existing && existing.numbered > 0 && nextNumber < existing.nextNumber) {
    issues.push({
      propertyName: 'nextNumber',
      message: `The next number cannot go back below ${existing.nextNumber}: numbers up to ${existing.lastNumber ?? ''} are already issued.`,
    });
  }
  if (issues.length > 0) {
    throw validationError(
      issues.map((i) => ({ code: 'GEN0009', type: 'Error', propertyName: PROPERTY[i.propertyName], message: i.message })),
    );
  }
  const [sameName] = await db
    .select({ id: documentSeries.id })
    .from(documentSeries)
    .where(
      and(
        eq(documentSeries.subscriberId, who.subscriberId),
        eq(documentSeries.financialYear, input.financialYear),
        sql`lower(${documentSeries.name}) = lower(${input.name})`,
        existing ? ne(documentSeries.id, existing.id) : undefined,
      ),
    );
  if (sameName)
    throw new AppError('ORG0006', { propertyName: 'Name', message: `A series named "${input.name}" exists for ${input.financialYear}.` });
  if (existing) {
    const entityIds = (await allocationsOfSeries(db, [existing.id])).map((row) => row.entityId);
    await assertNoPrefixClash(db, who, { id: existing.id, prefix, financialYear: input.financialYear }, entityIds);
  }

  const values = {
    name: input.name,
    financialYear: input.financialYear,
    prefix,
    padding: input.padding,
    startNumber: input.startNumber,
    nextNumber,
    status: input.status,
    updatedBy: who.userId,
    updatedAt: new Date(),
  };
  const id = await db.transaction(async (tx) => {
    if (existing) {
      // The row is locked and re-read: a document may have drawn a number since it was read above.
      const [locked] = await tx.select().from(documentSeries).where(eq(documentSeries.id, existing.id)).for('update');
      if (!locked) throw new AppError('GEN0003');
      if (locked.numbered !== existing.numbered) {
        throw new AppError('GEN0009', {
          message: 'A document has just been numbered from this series: open it again and repeat the change.',
        });
      }
      const [after] = await tx.update(documentSeries).set(values).where(eq(documentSeries.id, existing.id)).returning();
      await writeAudit(tx, who, {
        entityType: 'Series',
        entityKey: existing.id,
        entityName: values.name,
        action: 'Update',
        before: audited(existing),
        after: after && audited(after),
        ip,
      });
      return existing.id;
    }
    const [created] = await tx
      .insert(documentSeries)
      .values({ ...values, subscriberId: who.subscriberId, createdBy: who.userId })
      .returning();
    if (!created) throw new Error('series insert returned no row');
    await writeAudit(tx, who, {
      entityType: 'Series',
      entityKey: created.id,
      entityName: created.name,
      action: 'Create',
      after: audited(created),
      ip,
    });
    return created.id;
  });
  return seriesById(db, who, id);
};

export const updateSeriesStatus = async (db: Db, who: Who, ids: readonly number[], status: 'Active' | 'Inactive', ip: string) => {
  const unique = [...new Set(ids)];
  const rows = await findSeriesRows(db, who.subscriberId, unique);
  if (rows.length !== unique.length) throw new AppError('GEN0003');
  return db.transaction(async (tx) => {
    for (const row of rows) {
      if (row.status === status) continue;
      await tx.update(documentSeries).set({ status, updatedBy: who.userId, updatedAt: new Date() }).where(eq(documentSeries.id, row.id));
      await writeAudit(tx, who, {
        entityType: 'Series',
        entityKey: row.id,
        entityName: row.name,
        action: 'StatusChange',
        before: { status: row.status },
        after: { status },
        ip,
      });
    }
    return rows.length;
  });
};

/**
 * Deletes series that have numbered nothing, with their allocations. One that has numbered a document is refused with
 * the reason: its numbers are issued, and deleting it would let a new series form them again in the same year.
 */
export const deleteSeries = async (db: Db, who: Who, ids: readonly number[], ip: string) => {
  const unique = [...new Set(ids)];
  const rows = await findSeriesRows(db, who.subscriberId, unique);
  if (rows.length !== unique.length) throw new AppError('GEN0003');
  const used = rows.filter((row) => row.numbered > 0);
  if (used.length > 0) {
    throw validationError(
      used.map((row) => ({
        code: 'GEN0009',
        type: 'Error',
        message:
          `Series "${row.name}" is in use: it has numbered ${row.numbered} document(s) in ${row.financialYear}, ` +
          `from ${formatSeriesNumber(row, row.startNumber)} to ${row.lastNumber ?? ''}. Those numbers stay issued, so the series cannot be deleted; deactivate it instead.`,
      })),
    );
  }
  return db.transaction(async (tx) => {
    const allocations = await tx.select().from(seriesAllocations).where(inArray(seriesAllocations.seriesId, unique)).for('update');
    if (allocations.some((row) => row.numbered > 0))
      throw new AppError('GEN0009', { message: 'A document has just been numbered from this series: it cannot be deleted.' });
    for (const allocation of allocations) {
      await tx.delete(seriesAllocations).where(eq(seriesAllocations.id, allocation.id));
      await writeAudit(tx, who, {
        entityType: 'AllocateSeries',
        entityKey: allocation.id,
        entityName: `${allocation.documentType} of entity ${allocation.entityId}`,
        action: 'Delete',
        before: allocation,
        ip,
      });
    }
    for (const row of rows) {
      // The counter is checked again under the delete: a document saved meanwhile keeps the series.
      const deleted = await tx
        .delete(documentSeries)
        .where(and(eq(documentSeries.id, row.id), eq(documentSeries.numbered, 0)))
        .returning({ id: documentSeries.id });
      if (deleted.length === 0)
        throw new AppError('GEN0009', { message: `Series "${row.name}" has just numbered a document: it cannot be deleted.` });
      await writeAudit(tx, who, {
        entityType: 'Series',
        entityKey: row.id,
        entityName: row.name,
        action: 'Delete',
        before: audited(row),
        ip,
      });
    }
    return rows.length;
  });
};
