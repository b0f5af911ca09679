import { and, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../db/database';
import { entities, userEntities } from '../db/schema';
import { AppError } from './errors';
import type { SessionPrincipal } from './auth/sessions';

/**
 * Every entity id a request names must belong to the user's subscriber (else 404: another tenant's ids do not
 * exist for this user) and be one the user has access to (else 403 GEN0010).
 */
export const assertEntityAccess = async (db: DbOrTx, principal: SessionPrincipal, entityIds: readonly number[]): Promise<void> => {
  const ids = [...new Set(entityIds)];
  if (ids.length === 0) return;
  const rows = await db
    .select({ id: entities.id, accessUserId: userEntities.userId })
    .from(entities)
    .leftJoin(userEntities, and(eq(userEntities.entityId, entities.id), eq(userEntities.userId, principal.userId)))
    .where(and(eq(entities.subscriberId, principal.subscriberId), inArray(entities.id, ids)));
  if (rows.length !== ids.length) throw new AppError('GEN0003');
  if (rows.some((row) => row.accessUserId === null)) throw new AppError('GEN0010');
};

/** The entity ids a request carries as `entityId` or `entityIds`, in its query, body or route params. */
export const entityIdsIn = (source: unknown): number[] => {
  if (!source || typeof source !== 'object') return [];
  const record = source as Record<string, unknown>;
  const found: number[] = [];
  const add = (value: unknown) => {
    const n = typeof value === 'string' ? Number(value) : value;
    if (typeof n === 'number' && Number.isInteger(n)) found.push(n);
  };
  add(record.entityId);
  if (Array.isArray(record.entityIds)) record.entityIds.forEach(add);
  const filters = record.filters;
  if (filters && typeof filters === 'object') {
    add((filters as Record<string, unknown>).entityId);
    const nested = (filters as Record<string, unknown>).entityIds;
    if (Array.isArray(nested)) nested.forEach(add);
  }
  return found;
};
