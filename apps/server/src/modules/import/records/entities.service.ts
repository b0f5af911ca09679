// Entities → locations and child locations under the subscriber's businesses, created or updated. Every row goes
// through entity/save's own request schema and checkEntitySave (hierarchy, GSTIN, state, PAN, uniqueness), so an
// imported entity obeys exactly the rules and messages of the /entities form. Rows are checked in file order inside
// the file's transaction: a child location may name a location created a few rows above it.
import { EntitySaveRequestSchema, type EntityType } from '@opengst/contracts';
import { and, eq, ne, or, sql } from 'drizzle-orm';
import { writeAudit } from '../../../platform/audit';
import type { Tx } from '../../../db/database';
import { entities } from '../../../db/schema';
import { assertEntityAccess } from '../../../platform/entity-access';
import { AppError } from '../../../platform/errors';
import type { SessionPrincipal } from '../../../platform/auth/sessions';
import { checkEntitySave, grantNewEntity, type EntityRow } from '../../organization';
import { rowError, type RecordHandler, type RowIssue, type StoreIssue } from './record-handler.rules';

export type EntityRecord = {
  entityType: Extract<EntityType, 'Location' | 'ChildLocation'>;
  entityName: string;
  parent: string;
  gstin: string | null;
  stateCode: string | null;
  taxpayerType: string | null;
  legalName: string | null;
  tradeName: string | null;
  address: string | null;
  pincode: string | null;
  email: string | null;
  registrationDate: string | null;
  status: string | null;
};

/** entity/save's property names → our column keys. */
const COLUMN_OF: Record<string, string> = {
  Gstin: 'gstin',
  StateCode: 'stateCode',
  Pan: 'parent',
  ParentEntityId: 'parent',
  EntityType: 'entityType',
  TaxpayerType: 'taxpayerType',
  EntityName: 'entityName',
};

const issuesOf = (error: unknown, fallbackColumn: string): RowIssue[] => {
  if (!(error instanceof AppError)) throw error;
  return error.items.map((item) =>
    rowError(item.propertyName ? (COLUMN_OF[item.propertyName] ?? fallbackColumn) : fallbackColumn, item.code, item.message),
  );
};

/** The parent a row names: a business by PAN or name (for a location), a location by GSTIN or name (for a child location). */
const findParent = async (tx: Tx, subscriberId: number, record: EntityRecord): Promise<EntityRow | RowIssue> => {
  const parentType = record.entityType === 'Location' ? 'Business' : 'Location';
  const key = record.parent.trim();
  const byCode = parentType === 'Business' ? eq(entities.pan, key.toUpperCase()) : eq(entities.gstin, key.toUpperCase());
  const rows = await tx
    .select()
    .from(entities)
    .where(
      and(
        eq(entities.subscriberId, subscriberId),
        eq(entities.entityType, parentType),
        ne(entities.status, 'Delete'),
        or(byCode, sql`lower(${entities.entityName}) = ${key.toLowerCase()}`),
      ),
    );
  const exact = rows.filter((r) => (parentType === 'Business' ? r.pan : r.gstin) === key.toUpperCase());
  const found = exact.length === 1 ? exact : rows;
  if (found.length === 1 && found[0]) return found[0];
  const what = parentType === 'Business' ? 'business (by PAN or name)' : 'location (by GSTIN or name)';
  return found.length === 0
    ? rowError('parent', 'ORG0004', `No ${what} "${key}" among your entities.`)
    : rowError(
        'parent',
        'ORG0004',
        `Several entities are named "${key}": give the ${parentType === 'Business' ? 'PAN' : 'GSTIN'} instead.`,
      );
};

/** The entity a row updates: a location by its GSTIN, a child location by its GSTIN or its name under the parent. */
const findExisting = async (tx: Tx, subscriberId: number, record: EntityRecord, parentId: number): Promise<EntityRow | null> => {
  const mine = and(eq(entities.subscriberId, subscriberId), ne(entities.status, 'Delete'));
  const [row] = record.gstin
    ? await tx
        .select()
        .from(entities)
        .where(and(mine, eq(entities.gstin, record.gstin)))
    : await tx
        .select()
        .from(entities)
        .where(
          and(
            mine,
            eq(entities.parentEntityId, parentId),
            eq(entities.entityType, record.entityType),
            sql`lower(${entities.entityName}) = ${record.entityName.toLowerCase()}`,
          ),
        );
  return row ?? null;
};

const text = (value: unknown): string | null => (value as string | null) ?? null;

export const entityHandler = (principal: SessionPrincipal): RecordHandler<EntityRecord> => ({
  check: (values) => {
    const issues: RowIssue[] = [];
    const entityType = values.entityType as EntityRecord['entityType'];
    if (entityType === 'Location' && !values.gstin) issues.push(rowError('gstin', 'IMP0009', 'A location needs its GSTIN.'));
    if (issues.length > 0) return { record: null, issues };
    return {
      issues,
      record: {
        entityType,
        entityName: text(values.entityName) ?? '',
        parent: text(values.parent) ?? '',
        gstin: text(values.gstin),
        stateCode: text(values.stateCode),
        taxpayerType: text(values.taxpayerType),
        legalName: text(values.legalName),
        tradeName: text(values.tradeName),
        address: text(values.address),
        pincode: text(values.pincode),
        email: text(values.email),
        registrationDate: text(values.registrationDate),
        status: text(values.status),
      },
    };
  },

  keyOf: (r) => (r.gstin ? r.gstin : `${r.parent.toLowerCase()}|${r.entityName.toLowerCase()}`),
  describeKey: (r) => (r.gstin ? `GSTIN ${r.gstin}` : `${r.entityName} under ${r.parent}`),

  store: async (tx, records) => {
    const issues: StoreIssue[] = [];
    let written = 0;
    for (const { row, record } of records) {
      const rowIssues = await storeOne(tx, principal, record);
      if (rowIssues.length === 0) written++;
      issues.push(...rowIssues.map((issue) => ({ ...issue, row })));
    }
    return { written, issues };
  },
});

const storeOne = async (tx: Tx, principal: SessionPrincipal, record: EntityRecord): Promise<RowIssue[]> => {
  const parent = await findParent(tx, principal.subscriberId, record);
  if ('code' in parent) return [parent];
  const existing = await findExisting(tx, principal.subscriberId, record, parent.id);
  if (existing?.isSystem) return [rowError('entityName', 'ORG0010', 'A system entity cannot be changed.')];
  try {
    await assertEntityAccess(tx, principal, existing ? [existing.id, parent.id] : [parent.id]);
  } catch (error) {
    return issuesOf(error, 'parent');
  }
  const request = EntitySaveRequestSchema.safeParse({
    entityId: existing?.id,
    entityType: record.entityType,
    parentEntityId: parent.id,
    entityName: record.entityName,
    gstin: record.gstin,
    // A location lies in its GSTIN's state unless the row says otherwise (then checkEntitySave compares them).
    stateCode: record.stateCode ?? (record.entityType === 'Location' ? record.gstin?.slice(0, 2) : null),
    taxpayerType: record.taxpayerType ?? undefined,
    legalName: record.legalName,
    tradeName: record.tradeName,
    address: record.address,
    pincode: record.pincode,
    email: record.email,
    registrationDate: record.registrationDate,
    status: record.status ?? undefined,
  });
  if (!request.success)
    return request.error.issues.map((issue) => rowError(String(issue.path[0] ?? 'entityName'), 'GEN0009', issue.message));
  let checked: Awaited<ReturnType<typeof checkEntitySave>>;
  try {
    checked = await checkEntitySave(tx, principal.subscriberId, request.data, existing);
  } catch (error) {
    return issuesOf(error, 'entityName');
  }
  const { values } = checked;
  if (existing) {
    const [after] = await tx
      .update(entities)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(entities.id, existing.id))
      .returning();
    await writeAudit(tx, principal, {
      entityType: 'Entity',
      entityKey: existing.id,
      entityName: values.entityName,
      action: 'Update',
      before: existing,
      after,
    });
    return [];
  }
  const [created] = await tx
    .insert(entities)
    .values({ ...values, subscriberId: principal.subscriberId })
    .returning();
  if (!created) throw new Error('entity insert returned no row');
  await grantNewEntity(tx, principal, created.id);
  await writeAudit(tx, principal, {
    entityType: 'Entity',
    entityKey: created.id,
    entityName: created.entityName,
    action: 'Create',
    after: created,
  });
  return [];
};
