import type { BusinessNode, EntityDetail, EntityListItem, EntitySearchFilters, LocationNode } from '@opengst/contracts';
import { and, asc, eq, ilike, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../../db/database';
import { entities, entityPortalCredentials, entityTurnovers, userEntities, verticals } from '../../../db/schema';
import { orderByOf } from '../../../platform/lists';
import type { SessionPrincipal } from '../../../platform/auth/sessions';
import { findOwnEntity } from './entity.rules';

/** The outer row's id, table-qualified: drizzle leaves columns unqualified in single-table queries, where a
 * subquery would read them as its own. */
const ENTITY_ID = sql.raw('"entities"."id"');
const parent = alias(entities, 'parent');

const SORT_COLUMNS = {
  id: entities.id,
  entityName: entities.entityName,
  parentEntityName: parent.entityName,
  gstin: entities.gstin,
  entityType: entities.entityType,
  status: entities.status,
  stateCode: entities.stateCode,
  taxpayerType: entities.taxpayerType,
};

const childCount = (status: 'Active' | 'Inactive') =>
  sql<number>`(select count(*)::int from entities c where c.parent_entity_id = ${ENTITY_ID} and c.status = ${status})`.mapWith(Number);

/** The user holds an access row for this entity. */
const hasAccessRow = (userId: number) =>
  sql<boolean>`exists (select 1 from user_entities ue where ue.user_id = ${userId} and ue.entity_id = ${ENTITY_ID})`;

/**
 * Visible to the user: an entity they have access to, or an ancestor of one (so a location manager sees the business
 * their location hangs under, flagged hasAccess false). Everything else of the subscriber stays out of the list.
 */
const isVisibleTo = (userId: number) => sql`exists (
  select 1 from user_entities ue join entities d on d.id = ue.entity_id
  where ue.user_id = ${userId} and (d.id = ${ENTITY_ID} or d.parent_entity_id = ${ENTITY_ID}
    or d.parent_entity_id in (select c.id from entities c where c.parent_entity_id = ${ENTITY_ID})))`;

const whereOf = (principal: SessionPrincipal, filters: EntitySearchFilters | undefined): SQL | undefined => {
  const text = filters?.searchText?.replace(/[\\%_]/g, (c) => `\\${c}`);
  return and(
    eq(entities.subscriberId, principal.subscriberId),
    filters?.status ? eq(entities.status, filters.status) : ne(entities.status, 'Delete'),
    filters?.entityType ? eq(entities.entityType, filters.entityType) : undefined,
    filters?.parentEntityId ? eq(entities.parentEntityId, filters.parentEntityId) : undefined,
    filters?.stateCode ? eq(entities.stateCode, filters.stateCode) : undefined,
    text ? or(ilike(entities.gstin, `%${text}%`), ilike(entities.entityName, `%${text}%`)) : undefined,
    isVisibleTo(principal.userId),
  );
};

const listColumns = (userId: number) => ({
  entityId: entities.id,
  parentEntityId: entities.parentEntityId,
  parentEntityName: parent.entityName,
  gstin: entities.gstin,
  entityName: entities.entityName,
  entityType: entities.entityType,
  status: entities.status,
  isSystem: entities.isSystem,
  hasAccess: hasAccessRow(userId),
  taxpayerType: entities.taxpayerType,
  stateCode: entities.stateCode,
  activeChildren: childCount('Active'),
  inactiveChildren: childCount('Inactive'),
});

export type EntitySearch = {
  start: number;
  size: number;
  sortExpression?: string | null | undefined;
  filters?: EntitySearchFilters | undefined;
};

/** entity/search and entity/export: the same filters and order; export passes no page. */
export const searchEntities = async (
  db: DbOrTx,
  principal: SessionPrincipal,
  search: EntitySearch,
): Promise<{ items: EntityListItem[]; totalRecords: number }> => {
  const where = whereOf(principal, search.filters);
  const orderBy = orderByOf(search.sortExpression, SORT_COLUMNS, 'parentEntityName DESC', entities.id);
  const rows = await db
    .select(listColumns(principal.userId))
    .from(entities)
    .leftJoin(parent, eq(parent.id, entities.parentEntityId))
    .where(where)
    .orderBy(...orderBy)
    .limit(search.size)
    .offset(search.start);
  const [count] = await db
    .select({ n: sql<number>`count(*)::int`.mapWith(Number) })
    .from(entities)
    .where(where);
  return { items: rows.map((row) => ({ ...row, hasAccess: Boolean(row.hasAccess), gstinId: row.entityId })), totalRecords: count?.n ?? 0 };
};

export const findEntityDetail = async (db: DbOrTx, principal: SessionPrincipal, entityId: number): Promise<EntityDetail> => {
  const row = await findOwnEntity(db, principal.subscriberId, entityId);
  const [listed] = await db
    .select(listColumns(principal.userId))
    .from(entities)
    .leftJoin(parent, eq(parent.id, entities.parentEntityId))
    .where(eq(entities.id, row.id));
  const turnovers = await db
    .select({ financialYear: entityTurnovers.financialYear, turnover: entityTurnovers.turnover })
    .from(entityTurnovers)
    .where(eq(entityTurnovers.entityId, row.id))
    .orderBy(asc(entityTurnovers.financialYear));
  // Only the user name: the sealed password never leaves this table.
  const [credential] = await db
    .select({ portalUserName: entityPortalCredentials.portalUserName })
    .from(entityPortalCredentials)
    .where(eq(entityPortalCredentials.entityId, row.id));
  const [vertical] = row.verticalId
    ? await db.select({ name: verticals.name }).from(verticals).where(eq(verticals.id, row.verticalId))
    : [];
  return {
    entityId: row.id,
    parentEntityId: row.parentEntityId,
    parentEntityName: listed?.parentEntityName ?? null,
    gstin: row.gstin,
    gstinId: row.id,
    entityName: row.entityName,
    entityType: row.entityType,
    status: row.status,
    isSystem: row.isSystem,
    hasAccess: Boolean(listed?.hasAccess),
    taxpayerType: row.taxpayerType,
    stateCode: row.stateCode,
    activeChildren: listed?.activeChildren ?? 0,
    inactiveChildren: listed?.inactiveChildren ?? 0,
    pan: row.pan,
    legalName: row.legalName,
    tradeName: row.tradeName,
    address: row.address,
    pincode: row.pincode,
    email: row.email,
    registrationDate: row.registrationDate,
    verticalId: row.verticalId,
    verticalName: vertical?.name ?? null,
    turnovers,
    hasPortalCredential: credential !== undefined,
    portalUserName: credential?.portalUserName ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
};

/** entity/entities: the subscriber's tree (not deleted) with the user's access per node, for pickers. */
export const findEntityTree = async (db: DbOrTx, principal: SessionPrincipal): Promise<BusinessNode[]> => {
  const rows = await db
    .select({ entity: entities, accessUserId: userEntities.userId })
    .from(entities)
    .leftJoin(userEntities, and(eq(userEntities.entityId, entities.id), eq(userEntities.userId, principal.userId)))
    .where(and(eq(entities.subscriberId, principal.subscriberId), ne(entities.status, 'Delete')))
    .orderBy(asc(entities.entityName), asc(entities.id));
  const node = ({ entity, accessUserId }: (typeof rows)[number]) => ({
    entityId: entity.id,
    parentEntityId: entity.parentEntityId,
    entityName: entity.entityName,
    gstin: entity.gstin,
    status: entity.status,
    stateCode: entity.stateCode,
    hasAccess: accessUserId !== null,
  });
  const byParent = new Map<number, typeof rows>();
  for (const row of rows) {
    if (row.entity.parentEntityId !== null)
      byParent.set(row.entity.parentEntityId, [...(byParent.get(row.entity.parentEntityId) ?? []), row]);
  }
  const childrenOf = (id: number) => byParent.get(id) ?? [];
  return rows
    .filter((r) => r.entity.entityType === 'Business')
    .map((business) => ({
      ...node(business),
      entityType: 'Business' as const,
      children: childrenOf(business.entity.id)
        .filter((r) => r.entity.entityType === 'Location')
        .map((location): LocationNode => ({
          ...node(location),
          entityType: 'Location',
          children: childrenOf(location.entity.id)
            .filter((r) => r.entity.entityType === 'ChildLocation')
            .map((child) => ({ ...node(child), entityType: 'ChildLocation' as const, children: [] })),
        })),
    }));
};

/**
 * Each entity's aggregate turnover (paise) by financial year, as recorded on it or, where it has none for a year, on
 * its parent (a child location shares its location's GSTIN): what decides the HSN digits of its documents.
 */
export const turnoversByEntity = async (db: DbOrTx, entityIds: readonly number[]): Promise<Map<number, Map<string, number>>> => {
  if (entityIds.length === 0) return new Map();
  const owned = await db
    .select({ id: entities.id, parentEntityId: entities.parentEntityId })
    .from(entities)
    .where(inArray(entities.id, [...entityIds]));
  const owners = [...new Set(owned.flatMap((e) => (e.parentEntityId ? [e.id, e.parentEntityId] : [e.id])))];
  const rows = await db.select().from(entityTurnovers).where(inArray(entityTurnovers.entityId, owners));
  const yearsOf = (id: number | null) => rows.filter((r) => r.entityId === id).map((r) => [r.financialYear, r.turnover] as const);
  return new Map(owned.map((e) => [e.id, new Map([...yearsOf(e.parentEntityId), ...yearsOf(e.id)])]));
};
