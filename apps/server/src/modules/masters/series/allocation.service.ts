// Use cases of /allocate-series: a series given to a location for a document type (one default per location, type
// and financial year), its status and delete, each in one transaction with its audit rows. The location is checked by
// the route (the user's subscriber and access); the rows named by id are checked here.
import type { AllocationSaveSchema } from '@opengst/contracts';
import { and, eq, ne } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../../../db/database';
import { documentSeries, entities, seriesAllocations } from '../../../db/schema';
import { writeAudit } from '../../../platform/audit';
import type { SessionPrincipal } from '../../../platform/auth/sessions';
import { assertEntityAccess } from '../../../platform/entity-access';
import { AppError, validationError } from '../../../platform/errors';
import { findAllocation, findAllocationRows, findSeriesRow, type AllocationRow } from './series.repo';
import { assertNoPrefixClash } from './series.service';

type SaveInput = z.output<typeof AllocationSaveSchema>;

const audited = (row: AllocationRow) => ({
  seriesId: row.seriesId,
  entityId: row.entityId,
  documentType: row.documentType,
  isDefault: row.isDefault,
  status: row.status,
  numbered: row.numbered,
});

export const allocationById = async (db: DbOrTx, principal: SessionPrincipal, id: number) => {
  const found = await findAllocation(db, principal.subscriberId, id);
  if (!found) throw new AppError('GEN0003');
  await assertEntityAccess(db, principal, [found.entityId]);
  return found;
};

/** The other defaults of the location and document type in the series' financial year lose the flag. */
const clearOtherDefaults = async (tx: DbOrTx, row: AllocationRow, financialYear: string) => {
  const others = await tx
    .select({ id: seriesAllocations.id })
    .from(seriesAllocations)
    .innerJoin(documentSeries, eq(documentSeries.id, seriesAllocations.seriesId))
    .where(
      and(
        eq(seriesAllocations.subscriberId, row.subscriberId),
        eq(seriesAllocations.entityId, row.entityId),
        eq(seriesAllocations.documentType, row.documentType),
        eq(seriesAllocations.isDefault, true),
        eq(documentSeries.financialYear, financialYear),
        ne(seriesAllocations.id, row.id),
      ),
    );
  for (const other of others) await tx.update(seriesAllocations).set({ isDefault: false }).where(eq(seriesAllocations.id, other.id));
};

export const saveAllocation = async (db: Db, principal: SessionPrincipal, input: SaveInput, ip: string) => {
  const [existing] = input.id ? await findAllocationRows(db, principal.subscriberId, [input.id]) : [];
  if (input.id && !existing) throw new AppError('GEN0003');
  if (existing) await assertEntityAccess(db, principal, [existing.entityId]);
  const series = await findSeriesRow(db, principal.subscriberId, input.seriesId);
  if (!series) throw new AppError('GEN0003');
  const [location] = await db
    .select({ type: entities.entityType, gstin: entities.gstin, name: entities.entityName })
    .from(entities)
    .where(and(eq(entities.id, input.entityId), eq(entities.subscriberId, principal.subscriberId)));
  if (!location) throw new AppError('GEN0003');
  if (location.type === 'Business' || !location.gstin) {
    throw new AppError('GEN0009', {
      propertyName: 'EntityId',
      message: `${location.name} is not a location with a GSTIN: series number the documents of a registered location.`,
    });
  }
  if (
    existing &&
    existing.numbered > 0 &&
    (existing.seriesId !== input.seriesId || existing.entityId !== input.entityId || existing.documentType !== input.documentType)
  ) {
    throw new AppError('GEN0009', {
      message: `This allocation has numbered ${existing.numbered} document(s): its series, location and document type can no longer change. Deactivate it and allocate anew.`,
    });
  }
  const [duplicate] = await db
    .select({ id: seriesAllocations.id })
    .from(seriesAllocations)
    .where(
      and(
        eq(seriesAllocations.seriesId, input.seriesId),
        eq(seriesAllocations.entityId, input.entityId),
        eq(seriesAllocations.documentType, input.documentType),
        existing ? ne(seriesAllocations.id, existing.id) : undefined,
      ),
    );
  if (duplicate) {
    throw validationError([
      {
        code: 'GEN0009',
        type: 'Error',
        propertyName: 'SeriesId',
        message: `Series "${series.name}" is already allocated to ${location.name} for ${input.documentType}.`,
      },
    ]);
  }
  await assertNoPrefixClash(db, principal, { id: series.id, prefix: series.prefix, financialYear: series.financialYear }, [input.entityId]);

  const values = {
    seriesId: input.seriesId,
    entityId: input.entityId,
    documentType: input.documentType,
    isDefault: input.isDefault,
    status: input.status,
    updatedBy: principal.userId,
    updatedAt: new Date(),
  };
  const id = await db.transaction(async (tx) => {
    let row: AllocationRow | undefined;
    if (existing) {
      [row] = await tx.update(seriesAllocations).set(values).where(eq(seriesAllocations.id, existing.id)).returning();
    } else {
      [row] = await tx
        .insert(seriesAllocations)
        .values({ ...values, subscriberId: principal.subscriberId, createdBy: principal.userId })
        .returning();
    }
    if (!row) throw new Error('allocation not written');
    if (row.isDefault) await clearOtherDefaults(tx, row, series.financialYear);
    await writeAudit(tx, principal, {
      entityType: 'AllocateSeries',
      entityKey: row.id,
      entityName: `${series.name}: ${location.name}, ${row.documentType}`,
      action: existing ? 'Update' : 'Create',
      ...(existing ? { before: audited(existing) } : {}),
      after: audited(row),
      ip,
    });
    return row.id;
  });
  return allocationById(db, principal, id);
};

/** The allocations named, each with how messages and audit rows name it ('Delhi invoices: Delhi, INV'). */
const loadOwn = async (db: Db, principal: SessionPrincipal, ids: readonly number[]) => {
  const unique = [...new Set(ids)];
  const rows = await findAllocationRows(db, principal.subscriberId, unique);
  if (rows.length !== unique.length) throw new AppError('GEN0003');
  await assertEntityAccess(
    db,
    principal,
    rows.map((row) => row.entityId),
  );
  const named = await Promise.all(rows.map((row) => findAllocation(db, principal.subscriberId, row.id)));
  return rows.map((row, i) => {
    const found = named[i];
    return { ...row, label: found ? `${found.seriesName}: ${found.entityName}, ${row.documentType}` : `${row.documentType} #${row.id}` };
  });
};

export const updateAllocationStatus = async (
  db: Db,
  principal: SessionPrincipal,
  ids: readonly number[],
  status: 'Active' | 'Inactive',
  ip: string,
) => {
  const rows = await loadOwn(db, principal, ids);
  return db.transaction(async (tx) => {
    for (const row of rows) {
      if (row.status === status) continue;
      await tx
        .update(seriesAllocations)
        .set({ status, updatedBy: principal.userId, updatedAt: new Date() })
        .where(eq(seriesAllocations.id, row.id));
      await writeAudit(tx, principal, {
        entityType: 'AllocateSeries',
        entityKey: row.id,
        entityName: row.label,
        action: 'StatusChange',
        before: { status: row.status },
        after: { status },
        ip,
      });
    }
    return rows.length;
  });
};

/** Deletes allocations that have numbered nothing; one that has is refused with the reason (deactivate it instead). */
export const deleteAllocations = async (db: Db, principal: SessionPrincipal, ids: readonly number[], ip: string) => {
  const rows = await loadOwn(db, principal, ids);
  const used = rows.filter((row) => row.numbered > 0);
  if (used.length > 0) {
    throw validationError(
      used.map((row) => ({
        code: 'GEN0009',
        type: 'Error',
        message: `The allocation ${row.label} is in use: it has numbered ${row.numbered} document(s). Deactivate it instead, so the documents keep their series.`,
      })),
    );
  }
  return db.transaction(async (tx) => {
    for (const row of rows) {
      const deleted = await tx
        .delete(seriesAllocations)
        .where(and(eq(seriesAllocations.id, row.id), eq(seriesAllocations.numbered, 0)))
        .returning({ id: seriesAllocations.id });
      if (deleted.length === 0)
        throw new AppError('GEN0009', { message: 'A document has just been numbered through this allocation: it cannot be deleted.' });
      await writeAudit(tx, principal, {
        entityType: 'AllocateSeries',
        entityKey: row.id,
        entityName: row.label,
        action: 'Delete',
        before: audited(row),
        ip,
      });
    }
    return rows.length;
  });
};
