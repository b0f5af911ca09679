// Seeds the journeys' data folder before the server starts: the demo tenant, plus one user per journey so that
// journeys never disturb each other. Writes the credentials as JSON to the path given.
import { and, eq } from 'drizzle-orm';
import { DEMO_LOCATION_GSTIN } from '@opengst/contracts';
import { writeFileSync } from 'node:fs';
import { readConfig } from '../../apps/server/src/config';
import { openDatabase } from '../../apps/server/src/db/database';
import { entities, roles, userEntities, users } from '../../apps/server/src/db/schema';
import { hashPassword } from '../../apps/server/src/platform/auth/passwords';
import { saveSubscriberSettings } from '../../apps/server/src/platform/settings/subscriber-settings';
import { loadSecretKey } from '../../apps/server/src/platform/secrets';
import { seedDemo } from '../../apps/server/src/seed/demo';
import { generatePassword, provisionSubscriber } from '../../apps/server/src/seed/provision';
import { seedGstr3b } from './seed-gstr3b';
import { seedReconciliation } from './seed-reconciliation';

const [dataDir, out] = process.argv.slice(2);
if (!dataDir || !out) throw new Error('usage: seed.ts <data-dir> <fixtures.json>');
const config = readConfig({}, ['--data-dir', dataDir]);
const database = await openDatabase(config);
const { db } = database;
// The key file the server will read from the same folder seals the demo's portal credentials.
const demo = await seedDemo(db, new Date(), loadSecretKey(config.secretKeyBase64, config.dataDir));
const [adminUser] = await db.select().from(users).where(eq(users.userName, demo.userName));
if (!adminUser || !demo.password) throw new Error('demo seed did not create its administrator');

const addUser = async (userName: string, roleId: number, extra: Partial<typeof users.$inferInsert> = {}) => {
  const password = generatePassword();
  await db.insert(users).values({
    subscriberId: adminUser.subscriberId,
    roleId,
    userName,
    displayName: userName,
    email: `${userName}@journeys.test`,
    passwordHash: await hashPassword(password),
    ...extra,
  });
  return { userName, password, email: `${userName}@journeys.test` };
};

const [viewer] = await db.insert(roles).values({ subscriberId: adminUser.subscriberId, name: 'No rights' }).returning();
if (!viewer) throw new Error('role insert returned no row');

const twoFactorPassword = generatePassword();
const twoFactor = await provisionSubscriber(db, {
  name: 'Two Factor Traders',
  admin: { userName: 'otp-admin', displayName: 'OTP Admin', email: 'otp-admin@journeys.test', password: twoFactorPassword },
  business: { name: 'Two Factor Traders LLP', pan: 'AAGFT4321K', locations: [{ name: 'Kolkata', stateCode: '19', entityNumber: '1' }] },
});
await saveSubscriberSettings(db, twoFactor.subscriberId, { security: { twoFactorEnabled: true } });

const singlePassword = generatePassword();
const single = await provisionSubscriber(db, {
  name: 'Single Session Traders',
  admin: { userName: 'single-admin', displayName: 'Single Admin', email: 'single-admin@journeys.test', password: singlePassword },
  business: { name: 'Single Session Traders LLP', pan: 'AAGFS4321K', locations: [{ name: 'Jaipur', stateCode: '08', entityNumber: '1' }] },
});
await saveSubscriberSettings(db, single.subscriberId, { security: { singleSession: true } });

// The IP allow-list journey's own subscriber: its administrator limits sign-in by address, which must not shut out
// the users of any other journey; its clerk is the user refused.
const ipAdminPassword = generatePassword();
const ipAllowList = await provisionSubscriber(db, {
  name: 'Allow List Traders',
  admin: { userName: 'ip-admin', displayName: 'IP Admin', email: 'ip-admin@journeys.test', password: ipAdminPassword },
  business: { name: 'Allow List Traders LLP', pan: 'AAGFI4321K', locations: [{ name: 'Pune', stateCode: '27', entityNumber: '1' }] },
});
const [ipAdminUser] = await db.select().from(users).where(eq(users.userName, 'ip-admin'));
if (!ipAdminUser) throw new Error('the allow-list subscriber has no administrator');
const ipClerkPassword = generatePassword();
await db.insert(users).values({
  subscriberId: ipAllowList.subscriberId,
  roleId: ipAdminUser.roleId,
  userName: 'ip-clerk',
  displayName: 'IP Clerk',
  email: 'ip-clerk@journeys.test',
  passwordHash: await hashPassword(ipClerkPassword),
});

// An administrator of Mumbai alone: what a user sees of a GSTIN that is not theirs.
const oneLocation = await addUser('one-location-user', adminUser.roleId);
const [oneLocationUser] = await db.select().from(users).where(eq(users.userName, oneLocation.userName));
const [mumbai] = await db
  .select()
  .from(entities)
  .where(and(eq(entities.subscriberId, adminUser.subscriberId), eq(entities.gstin, DEMO_LOCATION_GSTIN)));
if (!oneLocationUser || !mumbai) throw new Error('the demo seed has no Mumbai location');
await db.insert(userEntities).values({ userId: oneLocationUser.id, entityId: mumbai.id });

// The expired-password journey needs a policy with expiry: the default has none (ASVS 2.1.10).
await saveSubscriberSettings(db, adminUser.subscriberId, { passwordPolicy: { expiryDays: 90 } });

const fixtures = {
  oneLocation,
  singleSession: { userName: 'single-admin', password: singlePassword, email: 'single-admin@journeys.test' },
  admin: { userName: demo.userName, password: demo.password, email: adminUser.email },
  twoFactor: { userName: 'otp-admin', password: twoFactorPassword, email: 'otp-admin@journeys.test' },
  ipAdmin: { userName: 'ip-admin', password: ipAdminPassword, email: 'ip-admin@journeys.test' },
  ipClerk: { userName: 'ip-clerk', password: ipClerkPassword, email: 'ip-clerk@journeys.test' },
  lockout: await addUser('lockout-user', adminUser.roleId),
  forgotLink: await addUser('forgot-link-user', adminUser.roleId),
  forgotOtp: await addUser('forgot-otp-user', adminUser.roleId),
  expired: await addUser('expired-user', adminUser.roleId, { passwordChangedAt: new Date(Date.now() - 120 * 86_400_000) }),
  session: await addUser('session-user', adminUser.roleId),
  logout: await addUser('logout-user', adminUser.roleId),
  guard: await addUser('guard-user', adminUser.roleId),
  noRights: await addUser('no-rights-user', viewer.id),
  ...(await seedReconciliation(db)),
  ...(await seedGstr3b(db)),
};
await database.close();
writeFileSync(out, JSON.stringify(fixtures, null, 2));
