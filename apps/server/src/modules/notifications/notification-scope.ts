// What the buyer's notification use cases share: the subscriber and locations a user reaches, the notifications named
// all in that reach (else 404), and the field error of a refused value.
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database';
import { notifications } from '../../db/schema';
import type { SessionPrincipal } from '../../platform/auth/sessions';
import { AppError } from '../../platform/errors';
import { locationScope } from '../../platform/location-scope';
import { type NotificationScope } from './notifications.repo';

export const invalid = (propertyName: string, message: string) => new AppError('GEN0009', { propertyName, message });

/** The subscriber and every location the user reaches (a notification of another location answers 404). */
export const scopeOf = async (
  db: DbOrTx,
  principal: SessionPrincipal,
  entityIds?: readonly number[] | null,
): Promise<NotificationScope> => ({
  subscriberId: principal.subscriberId,
  entityIds: await locationScope(db, principal, entityIds),
});

/** The notifications named, all in scope, else 404 (nothing of another tenant or location is revealed). */
export const reachAll = async (db: DbOrTx, principal: SessionPrincipal, ids: readonly number[]) => {
  const scope = await scopeOf(db, principal);
  const unique = [...new Set(ids)];
  const rows = await db
    .select()
    .from(notifications)
    .where(
      and(
        eq(notifications.subscriberId, principal.subscriberId),
        inArray(notifications.id, unique),
        scope.entityIds.length ? inArray(notifications.entityId, [...scope.entityIds]) : sql`false`,
      ),
    );
  if (rows.length !== unique.length) throw new AppError('GEN0003');
  return rows;
};
