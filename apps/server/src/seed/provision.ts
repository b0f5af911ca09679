import { RIGHTS, type RightId } from '@opengst/contracts';
import { financialYearName, financialYearOf, gstinCheckCharacter } from '@opengst/domain';
import { randomInt } from 'node:crypto';
import type { DbOrTx } from '../db/database';
import { entities, financialYears, roleRights, roles, subscribers, subscriptions, userEntities, users } from '../db/schema';
import { hashPassword } from '../platform/auth/passwords';

/** Financial years from 2017-18 (GST began on 01-07-2017) to the current one. */
export const ensureFinancialYears = async (db: DbOrTx, now: Date): Promise<void> => {
  const current = Number(financialYearOf(now.toISOString().slice(0, 10)).slice(0, 4));
  const rows = [];
  for (let year = 2017; year <= current; year++) {
    rows.push({ label: financialYearName(year), startDate: `${year}-04-01`, endDate: `${year + 1}-03-31` });
  }
  await db.insert(financialYears).values(rows).onConflictDoNothing();
};

/** A GSTIN with its real check character (GSTN's mod-36 rule, in the domain package). */
export const gstinFor = (stateCode: string, pan: string, entityNumber: string): string => {
  const first14 = `${stateCode}${pan}${entityNumber}Z`;
  return first14 + gstinCheckCharacter(first14);
};

const ALPHABETS = ['ABCDEFGHJKLMNPQRSTUVWXYZ', 'abcdefghijkmnopqrstuvwxyz', '23456789', '#%+-=@'];
/** A random password that meets the default policy, for the demo administrator. */
export const generatePassword = (length = 16): string => {
  const chars = ALPHABETS.map((set) => set[randomInt(set.length)] ?? '');
  const all = ALPHABETS.join('');
  while (chars.length < length) chars.push(all[randomInt(all.length)] ?? '');
  for (let i = chars.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [chars[i], chars[j]] = [chars[j] ?? '', chars[i] ?? ''];
  }
  return chars.join('');
};

export type ProvisionedSubscriber = {
  subscriberId: number;
  adminRoleId: number;
  adminUserId: number;
  entityIds: number[];
};

/** A location's name and, optionally, its address ("street, ..., place": the last part is the place) and PIN code. */
type Place = { name: string; address?: string; pincode?: string };

export type SubscriberSpec = {
  name: string;
  admin: { userName: string; displayName: string; email: string; password: string };
  business: {
    name: string;
    pan: string;
    locations: (Place & { stateCode: string; entityNumber: string; children?: (Place & { entityNumber: string })[] })[];
  };
  /** Rights the subscriber is subscribed to; premium ones can be on trial. Defaults to every right. */
  rights?: readonly RightId[];
  trialExpiry?: Date;
  settings?: Record<string, unknown>;
  /** The installation's own subscriber also holds the administration rights (maintenance, installation settings). */
  isInstallationOwner?: boolean;
};

const INSTALLATION_RIGHTS: readonly RightId[] = ['AdminMaintenance'];

/** A subscriber with its system Admin role (every subscribed right), an admin user and an entity tree. */
export const provisionSubscriber = async (db: DbOrTx, spec: SubscriberSpec): Promise<ProvisionedSubscriber> => {
  const [subscriber] = await db
    .insert(subscribers)
    .values({ name: spec.name, settings: spec.settings ?? {} })
    .returning();
  if (!subscriber) throw new Error('subscriber insert returned no row');
  const rights = (spec.rights ?? RIGHTS.map((r) => r.id)).filter((r) => spec.isInstallationOwner || !INSTALLATION_RIGHTS.includes(r));
  const premium = new Set<string>(RIGHTS.filter((r) => 'isPremium' in r && r.isPremium).map((r) => r.id));
  await db.insert(subscriptions).values(
    rights.map((rightId) => ({
      subscriberId: subscriber.id,
      rightId,
      trialExpiry: premium.has(rightId) ? (spec.trialExpiry ?? null) : null,
    })),
  );
  const [role] = await db.insert(roles).values({ subscriberId: subscriber.id, name: 'Admin', isSystem: true }).returning();
  if (!role) throw new Error('role insert returned no row');
  // Admin holds every right of the catalogue; the subscription decides which of them are usable.
  await db.insert(roleRights).values(RIGHTS.map((r) => ({ roleId: role.id, rightId: r.id })));
  const [admin] = await db
    .insert(users)
    .values({
      subscriberId: subscriber.id,
      roleId: role.id,
      userName: spec.admin.userName,
      displayName: spec.admin.displayName,
      email: spec.admin.email,
      passwordHash: await hashPassword(spec.admin.password),
    })
    .returning();
  if (!admin) throw new Error('user insert returned no row');

  const entityIds: number[] = [];
  const addEntity = async (values: typeof entities.$inferInsert): Promise<number> => {
    const [row] = await db.insert(entities).values(values).returning({ id: entities.id });
    if (!row) throw new Error('entity insert returned no row');
    entityIds.push(row.id);
    return row.id;
  };
  const { business } = spec;
  const businessId = await addEntity({
    subscriberId: subscriber.id,
    entityType: 'Business',
    entityName: business.name,
    pan: business.pan,
    taxpayerType: 'Regular',
  });
  for (const location of business.locations) {
    const locationId = await addEntity({
      subscriberId: subscriber.id,
      parentEntityId: businessId,
      entityType: 'Location',
      entityName: location.name,
      pan: business.pan,
      gstin: gstinFor(location.stateCode, business.pan, location.entityNumber),
      stateCode: location.stateCode,
      taxpayerType: 'Regular',
      address: location.address ?? null,
      pincode: location.pincode ?? null,
    });
    for (const child of location.children ?? []) {
      await addEntity({
        subscriberId: subscriber.id,
        parentEntityId: locationId,
        entityType: 'ChildLocation',
        entityName: child.name,
        pan: business.pan,
        gstin: gstinFor(location.stateCode, business.pan, child.entityNumber),
        stateCode: location.stateCode,
        taxpayerType: 'Regular',
        address: child.address ?? null,
        pincode: child.pincode ?? null,
      });
    }
  }
  await db.insert(userEntities).values(entityIds.map((entityId) => ({ userId: admin.id, entityId })));
  return { subscriberId: subscriber.id, adminRoleId: role.id, adminUserId: admin.id, entityIds };
};
