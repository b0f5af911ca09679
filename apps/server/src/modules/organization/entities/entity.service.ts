import { ERROR_CATALOGUE, type SetGstinTurnoverRequest } from '@opengst/contracts';
import { parseAmount, rupeesToPaise } from '@opengst/domain';
import { and, eq, inArray, ne } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../../db/database';
import { documents, entities, entityTurnovers, financialYears, roles, userEntities, users } from '../../../db/schema';
import { writeAudit } from '../../../platform/audit';
import { assertEntityAccess } from '../../../platform/entity-access';
import { AppError } from '../../../platform/errors';
import type { SessionPrincipal } from '../../../platform/auth/sessions';
import { checkEntitySave, findOwnEntity, type EntityRow, type EntitySaveInput } from './entity.rules';

const AUDIT_TYPE = 'Entity';

/** Create or edit an entity; a new one is given to its creator and to the subscriber's Admin-role users. */
export const saveEntity = async (db: Db, principal: SessionPrincipal, input: EntitySaveInput, ip: string): Promise<number> => {
  const existing = input.entityId ? await findOwnEntity(db, principal.subscriberId, input.entityId) : null;
  if (existing) {
    await assertEntityAccess(db, principal, [existing.id]);
    if (existing.isSystem) throw new AppError('ORG0010');
  }
  const { values, parent } = await checkEntitySave(db, principal.subscriberId, input, existing);
  if (parent) await assertEntityAccess(db, principal, [parent.id]);
  return db.transaction(async (tx) => {
    if (existing) {
      const [after] = await tx
        .update(entities)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(entities.id, existing.id))
        .returning();
      await writeAudit(tx, principal, {
        entityType: AUDIT_TYPE,
        entityKey: existing.id,
        entityName: values.entityName,
        action: 'Update',
        before: existing,
        after,
        ip,
      });
      return existing.id;
    }
    const [created] = await tx
      .insert(entities)
      .values({ ...values, subscriberId: principal.subscriberId })
      .returning();
    if (!created) throw new Error('entity insert returned no row');
    await grantNewEntity(tx, principal, created.id);
    await writeAudit(tx, principal, {
      entityType: AUDIT_TYPE,
      entityKey: created.id,
      entityName: created.entityName,
      action: 'Create',
      after: created,
      ip,
    });
    return created.id;
  });
};

/** A new entity is given to its creator and to the subscriber's Admin-role users (entity/save and the entities import). */
export const grantNewEntity = async (tx: DbOrTx, principal: SessionPrincipal, entityId: number): Promise<void> => {
  const admins = await tx
    .select({ id: users.id })
    .from(users)
    .innerJoin(roles, eq(roles.id, users.roleId))
    .where(and(eq(users.subscriberId, principal.subscriberId), eq(roles.isSystem, true), ne(users.status, 'Delete')));
  const grantees = [...new Set([principal.userId, ...admins.map((a) => a.id)])];
  await tx
    .insert(userEntities)
    .values(grantees.map((userId) => ({ userId, entityId })))
    .onConflictDoNothing();
};

/** The subscriber's entities among these ids, all of them accessible to the user, none a system entity. */
const loadForChange = async (db: DbOrTx, principal: SessionPrincipal, ids: readonly number[]): Promise<EntityRow[]> => {
  const unique = [...new Set(ids)];
  const rows = await db
    .select()
    .from(entities)
    .where(and(eq(entities.subscriberId, principal.subscriberId), inArray(entities.id, unique), ne(entities.status, 'Delete')));
  if (rows.length !== unique.length) throw new AppError('GEN0003');
  await assertEntityAccess(db, principal, unique);
  if (rows.some((row) => row.isSystem)) throw new AppError('ORG0010');
  return rows;
};

export const updateEntityStatus = async (
  db: Db,
  principal: SessionPrincipal,
  ids: readonly number[],
  status: 'Active' | 'Inactive' | 'Draft',
  ip: string,
): Promise<number> => {
  const rows = await loadForChange(db, principal, ids);
  return db.transaction(async (tx) => {
    for (const row of rows) {
      await tx.update(entities).set({ status, updatedAt: new Date() }).where(eq(entities.id, row.id));
      await writeAudit(tx, principal, {
        entityType: AUDIT_TYPE,
        entityKey: row.id,
        entityName: row.entityName,
        action: 'StatusChange',
        before: { status: row.status },
        after: { status },
        ip,
      });
    }
    return rows.length;
  });
};

/** Ids among these that hold sales or purchase documents: such an entity keeps its history and cannot be deleted. */
const idsWithDocuments = async (db: DbOrTx, ids: readonly number[]): Promise<number[]> =>
  ids.length === 0
    ? []
    : (
        await db
          .selectDistinct({ id: documents.entityId })
          .from(documents)
          .where(inArray(documents.entityId, [...ids]))
      ).map((r) => r.id);

/** Soft delete (status Delete), refused while children that are not deleted or documents exist. */
export const deleteEntities = async (db: Db, principal: SessionPrincipal, ids: readonly number[], ip: string): Promise<number> => {
  const rows = await loadForChange(db, principal, ids);
  const deleting = new Set(rows.map((r) => r.id));
  const children = await db
    .select({ id: entities.id, parentEntityId: entities.parentEntityId })
    .from(entities)
    .where(
      and(
        eq(entities.subscriberId, principal.subscriberId),
        inArray(entities.parentEntityId, [...deleting]),
        ne(entities.status, 'Delete'),
      ),
    );
  // Children deleted in the same request do not hold their parent back.
  const blocked = new Set(children.filter((c) => !deleting.has(c.id)).map((c) => c.parentEntityId));
  for (const id of await idsWithDocuments(db, [...deleting])) blocked.add(id);
  const first = rows.find((r) => blocked.has(r.id));
  if (first) throw new AppError('ORG0005', { message: `${first.entityName}: ${ERROR_CATALOGUE.ORG0005.message}` });
  return db.transaction(async (tx) => {
    for (const row of rows) {
      await tx.update(entities).set({ status: 'Delete', updatedAt: new Date() }).where(eq(entities.id, row.id));
      await writeAudit(tx, principal, {
        entityType: AUDIT_TYPE,
        entityKey: row.id,
        entityName: row.entityName,
        action: 'Delete',
        before: row,
        after: { status: 'Delete' },
        ip,
      });
    }
    return rows.length;
  });
};

/** Aggregate turnover of a financial year (drives the e-invoice and HSN-digit rules), rupees in, paise stored. */
export const setGstinTurnover = async (
  db: Db,
  principal: SessionPrincipal,
  request: SetGstinTurnoverRequest,
  ip: string,
): Promise<void> => {
  const entity = await findOwnEntity(db, principal.subscriberId, request.entityId);
  const [year] = await db.select({ id: financialYears.id }).from(financialYears).where(eq(financialYears.label, request.financialYear));
  if (!year) throw new AppError('GEN0009', { propertyName: 'FinancialYear', message: 'Choose a financial year from the list.' });
  let paise: number;
  if (typeof request.turnover === 'number') {
    try {
      paise = rupeesToPaise(request.turnover);
    } catch {
      throw new AppError('ORG0008', { propertyName: 'Turnover' });
    }
  } else {
    const parsed = parseAmount(request.turnover);
    if (!parsed.ok) throw new AppError('ORG0008', { propertyName: 'Turnover', message: parsed.message });
    paise = parsed.paise;
  }
  if (paise < 0) throw new AppError('ORG0008', { propertyName: 'Turnover' });
  await db.transaction(async (tx) => {
    const [before] = await tx
      .select()
      .from(entityTurnovers)
      .where(and(eq(entityTurnovers.entityId, entity.id), eq(entityTurnovers.financialYear, request.financialYear)));
    await tx
      .insert(entityTurnovers)
      .values({ entityId: entity.id, financialYear: request.financialYear, turnover: paise })
      .onConflictDoUpdate({ target: [entityTurnovers.entityId, entityTurnovers.financialYear], set: { turnover: paise } });
    await writeAudit(tx, principal, {
      entityType: AUDIT_TYPE,
      entityKey: entity.id,
      entityName: entity.entityName,
      action: 'Update',
      before: { financialYear: request.financialYear, turnover: before?.turnover ?? null },
      after: { financialYear: request.financialYear, turnover: paise },
      ip,
    });
  });
};
