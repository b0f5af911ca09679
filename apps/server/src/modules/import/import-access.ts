// Who may read an import (its row on /import, its progress, errors, error summary, export and headers). An import's
// rows carry the data of what it wrote, so reading them needs what reading that data needs (issue 16: a user limited
// to one location read another location's rows through the error screens of an import without a location, and a
// user without the purchase right saw purchase imports).
//
// - Your own uploads are always yours to read: the rows are your file.
// - Another user's import of a type needs that type's import right, or "View imports" with the right to see what the
//   type writes (the register, the masters, the entities).
// - An import made for one location needs access to that location; an import whose rows name their own locations
//   (no location chosen at upload) needs access to every location of the subscriber, since its rows may hold any.
import { IMPORT_TYPES, type ImportType, type RightId } from '@opengst/contracts';
import { and, count, eq, inArray, isNull, ne, notInArray, or, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database';
import { entities, imports, userEntities } from '../../db/schema';
import type { SessionPrincipal } from '../../platform/auth/sessions';
import { AppError } from '../../platform/errors';
import { computeRightsList, heldRightIds } from '../../platform/rights';

/** What an import of the type writes, and the right that reads it. */
const DATA_VIEW_RIGHT: Record<ImportType, RightId> = {
  SalesDocuments: 'SalesView',
  SalesSummaries: 'SalesView',
  PurchaseDocuments: 'PurchaseView',
  PurchaseSummaries: 'PurchaseView',
  Vendors: 'MastersView',
  HsnSac: 'MastersView',
  Entities: 'EntityView',
  Series: 'MasterSeries',
  ChartOfAccounts: 'MasterChartOfAccounts',
  Notices: 'LitigationManagement',
  Levels: 'MasterChartOfAccounts',
  Verticals: 'MasterChartOfAccounts',
  NoticeTags: 'MasterChartOfAccounts',
  IpAddresses: 'MasterIpAddresses',
  Consultants: 'MastersView',
};

/** The import types whose imports by other users the holder of these rights may read. */
export const readableImportTypes = (held: ReadonlySet<RightId>): ImportType[] =>
  IMPORT_TYPES.filter(
    (type) => held.has(type.rightId as RightId) || (held.has('ImportView') && held.has(DATA_VIEW_RIGHT[type.importType])),
  ).map((type) => type.importType);

/** The user has access to every location and child location of the subscriber (none left out). */
const hasEveryLocation = async (db: DbOrTx, principal: SessionPrincipal): Promise<boolean> => {
  const mine = db.select({ id: userEntities.entityId }).from(userEntities).where(eq(userEntities.userId, principal.userId));
  const [missing] = await db
    .select({ n: count() })
    .from(entities)
    .where(
      and(
        eq(entities.subscriberId, principal.subscriberId),
        ne(entities.entityType, 'Business'),
        ne(entities.status, 'Delete'),
        notInArray(entities.id, mine),
      ),
    );
  return (missing?.n ?? 0) === 0;
};

/** The condition of the imports this user may read, for the /import list. */
export const readableImportsCondition = async (db: DbOrTx, principal: SessionPrincipal, now: Date): Promise<SQL | undefined> => {
  const types = readableImportTypes(heldRightIds(await computeRightsList(db, principal.subscriberId, principal.roleId, now)));
  const accessible = db.select({ id: userEntities.entityId }).from(userEntities).where(eq(userEntities.userId, principal.userId));
  const locations = (await hasEveryLocation(db, principal))
    ? or(isNull(imports.entityId), inArray(imports.entityId, accessible))
    : inArray(imports.entityId, accessible);
  return or(eq(imports.createdBy, principal.userId), types.length > 0 ? and(inArray(imports.importType, types), locations) : undefined);
};

/** Refuses to read another user's import that the rules above do not open (403, saying why). */
export const assertImportReadable = async (
  db: DbOrTx,
  principal: SessionPrincipal,
  row: { importType: string; entityId: number | null; createdBy: number },
  now: Date,
): Promise<void> => {
  if (row.createdBy === principal.userId) return;
  const types = readableImportTypes(heldRightIds(await computeRightsList(db, principal.subscriberId, principal.roleId, now)));
  if (!types.includes(row.importType as ImportType))
    throw new AppError('GEN0002', { message: 'You have no right to see imports of this type made by other users.' });
  if (row.entityId === null && !(await hasEveryLocation(db, principal)))
    throw new AppError('GEN0010', {
      message: 'This import holds rows of locations you have no access to; only its uploader and users of every location can read it.',
    });
};
