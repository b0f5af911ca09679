import { RIGHTS, type RightId, type RightItem } from '@opengst/contracts';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/database';
import { roleRights, subscriptions } from '../db/schema';

const formatDdMmYyyy = (date: Date): string =>
  `${String(date.getUTCDate()).padStart(2, '0')}-${String(date.getUTCMonth() + 1).padStart(2, '0')}-${date.getUTCFullYear()}`;

/**
 * The rights list of loadsettings (spec core §3, §6): one item per right of the catalogue, from the user's role
 * and the subscriber's subscription. A right is held only when the role grants it, it is subscribed, not blocked
 * and its trial (if any) has not expired.
 */
export const computeRightsList = async (db: DbOrTx, subscriberId: number, roleId: number, now: Date): Promise<RightItem[]> => {
  const [granted, subscribed] = await Promise.all([
    db.select({ rightId: roleRights.rightId }).from(roleRights).where(eq(roleRights.roleId, roleId)),
    db.select().from(subscriptions).where(eq(subscriptions.subscriberId, subscriberId)),
  ]);
  const grantedSet = new Set(granted.map((g) => g.rightId));
  const bySubscription = new Map(subscribed.map((s) => [s.rightId, s]));
  return RIGHTS.map((right) => {
    const subscription = bySubscription.get(right.id);
    const trialExpired = subscription?.trialExpiry ? subscription.trialExpiry.getTime() < now.getTime() : false;
    return {
      rightId: right.id,
      hasAccess: grantedSet.has(right.id) && subscription !== undefined && !trialExpired,
      trialExpiry: subscription?.trialExpiry ? formatDdMmYyyy(subscription.trialExpiry) : null,
      isBlocked: subscription?.isBlocked ?? false,
      isPremium: 'isPremium' in right && right.isPremium === true,
      isHidden: subscription?.isHidden ?? false,
    };
  });
};

/** The same rule the client mirrors (spec core §6 "Right denied when"). */
export const isRightHeld = (item: RightItem | undefined): boolean => item !== undefined && item.hasAccess && !item.isBlocked;

export const heldRightIds = (items: readonly RightItem[]): Set<RightId> =>
  new Set(items.filter(isRightHeld).map((item) => item.rightId as RightId));
