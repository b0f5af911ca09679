// The product's DRC-01B / DRC-01C intimations (db/schema/drc01.ts): each read joined with its location, within the
// caller's subscriber always; a sync writes the portal's answer over what is kept, by reference number.
import { DRC01_DEFAULT_SORT, type Drc01Filters, type Drc01Form } from '@opengst/contracts';
import { and, count, eq, getTableColumns, inArray, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database';
import { drc01Intimations, entities } from '../../db/schema';
import { orderByOf } from '../../platform/lists';

export type Drc01Row = typeof drc01Intimations.$inferSelect & { entityName: string };
export type Drc01Insert = typeof drc01Intimations.$inferInsert;
/** What the portal says of an intimation: everything but who the product's rows belong to. */
export type Drc01PortalValues = Omit<Drc01Insert, 'id' | 'subscriberId' | 'entityId' | 'gstin' | 'createdAt' | 'repliedBy'>;

const selection = { ...getTableColumns(drc01Intimations), entityName: entities.entityName };

export const findIntimation = async (db: DbOrTx, subscriberId: number, id: number): Promise<Drc01Row | null> => {
  const [row] = await db
    .select(selection)
    .from(drc01Intimations)
    .innerJoin(entities, eq(entities.id, drc01Intimations.entityId))
    .where(and(eq(drc01Intimations.subscriberId, subscriberId), eq(drc01Intimations.id, id)));
  return row ?? null;
};

export const searchIntimationRows = async (
  db: DbOrTx,
  subscriberId: number,
  scope: readonly number[],
  form: Drc01Form,
  filters: Drc01Filters,
  page: { start: number; size: number; sortExpression: string | null | undefined },
): Promise<{ rows: Drc01Row[]; total: number }> => {
  if (scope.length === 0) return { rows: [], total: 0 };
  const where: SQL[] = [
    eq(drc01Intimations.subscriberId, subscriberId),
    eq(drc01Intimations.form, form),
    inArray(drc01Intimations.entityId, [...scope]),
  ];
  if (filters.statuses?.length) where.push(inArray(drc01Intimations.status, filters.statuses));
  if (filters.periods?.length) where.push(inArray(drc01Intimations.returnPeriod, filters.periods));
  const condition = and(...where);
  const order = orderByOf(
    page.sortExpression,
    {
      id: drc01Intimations.id,
      issuedOn: drc01Intimations.issuedOn,
      dueOn: drc01Intimations.dueOn,
      totalExcess: drc01Intimations.totalExcess,
      gstin: drc01Intimations.gstin,
    },
    DRC01_DEFAULT_SORT,
    drc01Intimations.id,
  );
  const rows = await db
    .select(selection)
    .from(drc01Intimations)
    .innerJoin(entities, eq(entities.id, drc01Intimations.entityId))
    .where(condition)
    .orderBy(...order)
    .offset(page.start)
    .limit(page.size);
  const [counted] = await db.select({ n: count() }).from(drc01Intimations).where(condition);
  return { rows, total: counted?.n ?? 0 };
};

/** Keeps the portal's intimations of a GSTIN: new ones inserted, known ones (by reference number) overwritten. */
export const upsertIntimations = async (
  tx: DbOrTx,
  owner: { subscriberId: number; entityId: number; gstin: string },
  items: readonly Drc01PortalValues[],
): Promise<{ added: number; updated: number }> => {
  let added = 0;
  let updated = 0;
  for (const item of items) {
    const [known] = await tx
      .select({ id: drc01Intimations.id })
      .from(drc01Intimations)
      .where(
        and(
          eq(drc01Intimations.subscriberId, owner.subscriberId),
          eq(drc01Intimations.gstin, owner.gstin),
          eq(drc01Intimations.referenceNumber, item.referenceNumber),
        ),
      );
    if (known) {
      await tx
        .update(drc01Intimations)
        .set({ ...item, entityId: owner.entityId, updatedAt: item.syncedAt })
        .where(eq(drc01Intimations.id, known.id));
      updated++;
    } else {
      await tx.insert(drc01Intimations).values({ ...item, ...owner });
      added++;
    }
  }
  return { added, updated };
};

export const updateIntimationFromPortal = async (
  tx: DbOrTx,
  subscriberId: number,
  id: number,
  values: Drc01PortalValues & { repliedBy?: number | null },
): Promise<void> => {
  await tx
    .update(drc01Intimations)
    .set({ ...values, updatedAt: values.syncedAt })
    .where(and(eq(drc01Intimations.subscriberId, subscriberId), eq(drc01Intimations.id, id)));
};
