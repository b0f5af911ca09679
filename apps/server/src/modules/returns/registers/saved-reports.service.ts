// Saved filter sets of the registers' filter bar ("Save Report", modules §2.9): per user and screen module. Saving a
// name again replaces its filters. Reading or changing them needs the module's view right.
import {
  type RightId,
  RegisterFiltersSchema,
  type SavedReport,
  type SavedReportModule,
  type SavedReportSaveRequest,
} from '@opengst/contracts';
import { and, asc, eq } from 'drizzle-orm';
import { writeAudit } from '../../../platform/audit';
import type { Db } from '../../../db/database';
import { savedReports } from '../../../db/schema';
import { AppError } from '../../../platform/errors';
import type { SessionPrincipal } from '../../../platform/auth/sessions';
import { computeRightsList, isRightHeld } from '../../../platform/rights';
import { loadInstallationSettings } from '../../../platform/settings/installation-settings';
import { assertBulkLimits } from './register-filters.queries';

const AUDIT_TYPE = 'SavedReport';

export const MODULE_RIGHTS: Record<SavedReportModule, RightId> = { RegularSales: 'SalesView', RegularPurchase: 'PurchaseView' };

/** The route lets in either view right; the module's own one is required. */
export const assertModuleRight = async (db: Db, principal: SessionPrincipal, module: SavedReportModule, now: Date): Promise<void> => {
  const rights = await computeRightsList(db, principal.subscriberId, principal.roleId, now);
  if (!isRightHeld(rights.find((r) => r.rightId === MODULE_RIGHTS[module]))) throw new AppError('GEN0002');
};

const own = (principal: SessionPrincipal) =>
  and(eq(savedReports.subscriberId, principal.subscriberId), eq(savedReports.userId, principal.userId));

const reportOf = (row: typeof savedReports.$inferSelect): SavedReport => ({
  id: row.id,
  module: row.module as SavedReportModule,
  name: row.name,
  // Stored filters were valid when saved; parsing again drops anything a later contract no longer knows.
  filters: RegisterFiltersSchema.catch({}).parse(row.filters),
  createdAt: row.createdAt.toISOString(),
});

export const listSavedReports = async (db: Db, principal: SessionPrincipal, module: SavedReportModule): Promise<SavedReport[]> =>
  (
    await db
      .select()
      .from(savedReports)
      .where(and(own(principal), eq(savedReports.module, module)))
      .orderBy(asc(savedReports.name), asc(savedReports.id))
  ).map(reportOf);

export const saveSavedReport = async (
  db: Db,
  principal: SessionPrincipal,
  request: SavedReportSaveRequest,
  ip: string,
): Promise<SavedReport> => {
  assertBulkLimits(request.filters, (await loadInstallationSettings(db)).maxBulkSearchKeywords);
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select()
      .from(savedReports)
      .where(and(own(principal), eq(savedReports.module, request.module), eq(savedReports.name, request.name)));
    const [row] = before
      ? await tx.update(savedReports).set({ filters: request.filters }).where(eq(savedReports.id, before.id)).returning()
      : await tx
          .insert(savedReports)
          .values({
            subscriberId: principal.subscriberId,
            userId: principal.userId,
            module: request.module,
            name: request.name,
            filters: request.filters,
          })
          .returning();
    if (!row) throw new Error('saved report not written');
    await writeAudit(tx, principal, {
      entityType: AUDIT_TYPE,
      entityKey: row.id,
      entityName: row.name,
      action: before ? 'Update' : 'Create',
      ...(before ? { before: { module: before.module, filters: before.filters } } : {}),
      after: { module: row.module, filters: row.filters },
      ip,
    });
    return reportOf(row);
  });
};

/** Deletes one of the user's own reports; anyone else's (or none) is "not found". */
export const deleteSavedReport = async (db: Db, principal: SessionPrincipal, id: number, now: Date, ip: string): Promise<void> => {
  const [row] = await db
    .select()
    .from(savedReports)
    .where(and(own(principal), eq(savedReports.id, id)));
  if (!row) throw new AppError('GEN0003');
  await assertModuleRight(db, principal, row.module as SavedReportModule, now);
  await db.transaction(async (tx) => {
    await tx.delete(savedReports).where(eq(savedReports.id, row.id));
    await writeAudit(tx, principal, {
      entityType: AUDIT_TYPE,
      entityKey: row.id,
      entityName: row.name,
      action: 'Delete',
      before: { module: row.module, filters: row.filters },
      ip,
    });
  });
};
