// The locations the uploading user may import summaries for: GSTIN → entity and state.
import { and, eq, isNotNull, ne } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/database';
import { entities, userEntities } from '../../../db/schema';

export type Location = { entityId: number; stateCode: string };

export const accessibleLocations = async (
  db: DbOrTx,
  subscriberId: number,
  userId: number,
  entityId: number | null,
): Promise<Map<string, Location>> => {
  const rows = await db
    .select({ id: entities.id, gstin: entities.gstin, stateCode: entities.stateCode })
    .from(entities)
    .innerJoin(userEntities, and(eq(userEntities.entityId, entities.id), eq(userEntities.userId, userId)))
    .where(
      and(
        eq(entities.subscriberId, subscriberId),
        isNotNull(entities.gstin),
        ne(entities.status, 'Delete'),
        ...(entityId ? [eq(entities.id, entityId)] : []),
      ),
    );
  // The GSTIN's own state code is the registration's state, whatever the entity row says.
  return new Map(rows.map((r) => [r.gstin ?? '', { entityId: r.id, stateCode: (r.gstin ?? r.stateCode ?? '').slice(0, 2) }]));
};
