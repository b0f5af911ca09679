import { randomBytes } from 'node:crypto';
import { and, eq, isNotNull } from 'drizzle-orm';
import type { Db } from '../db/database';
import { appState, entities, entityPortalCredentials, users } from '../db/schema';
import { sealSecret } from '../platform/secrets';
import { verifyPassword } from '../platform/auth/passwords';
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
  locations: [
    { name: 'Mumbai Head Office', stateCode: '27', entityNumber: '1', children: [{ name: 'Pune Warehouse', entityNumber: '2' }] },
    { name: 'Bengaluru Branch', stateCode: '29', entityNumber: '1' },
  ],
};

export type DemoCredentials = { userName: string; password: string | null };

/**
 * First start only (idempotent): the demo subscriber, its Admin role and user, a business with two locations in
 * different states and a child location, GST portal user names for them (so the portal sandbox's OTP login works at
 * once), financial years, and the installation's default settings.
 * The generated password is shown at every start until the administrator changes it.
 */
export const seedDemo = async (db: Db, now: Date, secretKey: Buffer): Promise<DemoCredentials> => {
  await ensureFinancialYears(db, now);
  const existing = (await db.select().from(appState).where(eq(appState.key, KEY)))[0];
  if (existing) {
    const { userName, password } = existing.value as { userName: string; password: string };
    const user = (await db.select().from(users).where(eq(users.userName, userName)))[0];
    const unchanged = user ? await verifyPassword(user.passwordHash, password) : false;
    return { userName, password: unchanged ? password : null };
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
    await tx.insert(appState).values({ key: KEY, value: { userName: DEMO_USER_NAME, password } });
  });
  return { userName: DEMO_USER_NAME, password };
};
