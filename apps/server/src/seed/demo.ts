import { randomBytes } from 'node:crypto';
import { and, eq, isNotNull } from 'drizzle-orm';
import type { Db, DbOrTx } from '../db/database';
import { appState, entities, entityPortalCredentials, users } from '../db/schema';
import { sealSecret } from '../platform/secrets';
import { hashPassword } from '../platform/auth/passwords';
import { saveInstallationSettings } from '../platform/settings/installation-settings';
import { ensureFinancialYears, generatePassword, provisionSubscriber } from './provision';

const KEY = 'demoCredentials';
export const DEMO_USER_NAME = 'admin';

/**
 * The demo tenant's business: Mumbai Head Office 27AABCD1234E1Z8 (with Pune Warehouse under it) and Bengaluru Branch
 * 29AABCD1234E1Z4. The import templates' example rows use the Mumbai GSTIN, so a sample imports unchanged.
 */
export const DEMO_BUSINESS = {
  name: 'Demo Traders Private Limited',
  pan: 'AABCD1234E',
  // Addresses (made up, in real places with their PIN codes): an e-invoice and an e-way bill carry the seller's.
  locations: [
    {
      name: 'Mumbai Head Office',
      stateCode: '27',
      entityNumber: '1',
      address: '4th Floor, Trade Centre, Bandra Kurla Complex, Mumbai',
      pincode: '400051',
      children: [{ name: 'Pune Warehouse', entityNumber: '2', address: 'Gat No. 112, Chakan MIDC Phase II, Pune', pincode: '410501' }],
    },
    { name: 'Bengaluru Branch', stateCode: '29', entityNumber: '1', address: '22, Residency Road, Bengaluru', pincode: '560025' },
  ],
};

/** The demo administrator; `password` only at the start that made it (it is kept nowhere in clear afterwards). */
export type DemoCredentials = { userName: string; password: string | null };

/**
 * First start only (idempotent): the demo subscriber, its Admin role and user, a business with two locations in
 * different states and a child location, GST portal user names for them (so the portal sandbox's OTP login works at
 * once), financial years, and the installation's default settings.
 * The generated password is returned at that first start only, for the banner; the database keeps its hash alone
 * (issue 16: it was printed at every start and kept in clear). `reset-admin-password` makes a new one.
 */
export const seedDemo = async (db: Db, now: Date, secretKey: Buffer): Promise<DemoCredentials> => {
  await ensureFinancialYears(db, now);
  const existing = (await db.select().from(appState).where(eq(appState.key, KEY)))[0];
  if (existing) {
    const { userName, password, ...rest } = existing.value as { userName: string; password?: string; passwordSetAt?: string };
    // An installation seeded before: its copy in clear goes now.
    if (password !== undefined)
      await db
        .update(appState)
        .set({ value: { userName, ...rest } })
        .where(eq(appState.key, KEY));
    return { userName, password: null };
  }
  const password = generatePassword();
  await db.transaction(async (tx) => {
    await saveInstallationSettings(tx, {});
    const demo = await provisionSubscriber(tx, {
      name: 'Demo Subscriber',
      isInstallationOwner: true,
      admin: { userName: DEMO_USER_NAME, displayName: 'Demo Administrator', email: 'admin@demo.opengst.local', password },
      business: DEMO_BUSINESS,
    });
    const locations = await tx
      .select({ id: entities.id, gstin: entities.gstin })
      .from(entities)
      .where(and(eq(entities.subscriberId, demo.subscriberId), isNotNull(entities.gstin)));
    await tx.insert(entityPortalCredentials).values(
      locations.map((l) => ({
        entityId: l.id,
        // Not guessable (issue 16): a portal user name is half of what signs in to the portal.
        portalUserName: `demo_${(l.gstin ?? '').slice(0, 2)}_${randomBytes(6).toString('hex')}`,
        secret: sealSecret(secretKey, randomBytes(12).toString('base64url')),
      })),
    );
    const [admin] = await tx.select({ passwordChangedAt: users.passwordChangedAt }).from(users).where(eq(users.userName, DEMO_USER_NAME));
    // When the generated password was set: while the administrator's password is still that one, the screens offer the change.
    await tx
      .insert(appState)
      .values({ key: KEY, value: { userName: DEMO_USER_NAME, passwordSetAt: admin?.passwordChangedAt.toISOString() ?? null } });
  });
  return { userName: DEMO_USER_NAME, password };
};

/** A new generated password for the demo administrator (the command line's `reset-admin-password`), shown once. */
export const resetDemoAdminPassword = async (db: Db, now: Date): Promise<DemoCredentials> => {
  const password = generatePassword();
  const updated = await db
    .update(users)
    .set({ passwordHash: await hashPassword(password), passwordChangedAt: now, failedLogins: 0, status: 'Active' })
    .where(eq(users.userName, DEMO_USER_NAME))
    .returning({ id: users.id });
  if (updated.length === 0) throw new Error(`There is no demo administrator "${DEMO_USER_NAME}" in this database.`);
  await db
    .insert(appState)
    .values({ key: KEY, value: { userName: DEMO_USER_NAME, passwordSetAt: now.toISOString() } })
    .onConflictDoUpdate({ target: appState.key, set: { value: { userName: DEMO_USER_NAME, passwordSetAt: now.toISOString() } } });
  return { userName: DEMO_USER_NAME, password };
};

/** The user is the demo administrator and still has the password generated for them (printed once, never chosen). */
export const hasGeneratedDemoPassword = async (db: DbOrTx, user: { userName: string; passwordChangedAt: Date }): Promise<boolean> => {
  if (user.userName !== DEMO_USER_NAME) return false;
  const [state] = await db.select().from(appState).where(eq(appState.key, KEY));
  const value = state?.value as { userName?: string; passwordSetAt?: string | null } | undefined;
  return value?.userName === user.userName && value.passwordSetAt === user.passwordChangedAt.toISOString();
};
