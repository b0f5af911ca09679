import { HEADERS, type RightId } from '@opengst/contracts';
import { randomUUID } from 'node:crypto';
import { roleRights, roles, userEntities, users } from '../db/schema';
import { hashPassword } from '../platform/auth/passwords';
import { gstinFor } from '../seed/provision';
import { createTenant, login, signIn, startHarness, type Harness, type Tenant } from './harness';

/** The PAN createTenant gives its business; its locations are Delhi (07) and Chennai (33), entity number 1. */
export const TENANT_PAN = 'AAACT1234F';
export { gstinFor };

/**
 * A user of the tenant in a new role holding only these rights, with access to these entities; answers its session
 * token. Each call makes its own role, so the five-second rights cache never serves another role's rights.
 */
export const signInLimitedUser = async (
  h: Harness,
  tenant: Tenant,
  rights: readonly RightId[],
  entityIds: readonly number[],
): Promise<{ token: string; userId: number; userName: string; password: string; roleId: number }> => {
  const { db } = h.ctx.database;
  const suffix = randomUUID().slice(0, 8);
  const [role] = await db
    .insert(roles)
    .values({ subscriberId: tenant.subscriberId, name: `Limited ${suffix}` })
    .returning();
  if (!role) throw new Error('no role');
  if (rights.length > 0) await db.insert(roleRights).values(rights.map((rightId) => ({ roleId: role.id, rightId })));
  const password = `Limited#Pass${suffix}`;
  const [user] = await db
    .insert(users)
    .values({
      subscriberId: tenant.subscriberId,
      roleId: role.id,
      userName: `limited-${suffix}`,
      displayName: `Limited ${suffix}`,
      email: `limited-${suffix}@example.test`,
      passwordHash: await hashPassword(password),
    })
    .returning();
  if (!user) throw new Error('no user');
  if (entityIds.length > 0) await db.insert(userEntities).values(entityIds.map((entityId) => ({ userId: user.id, entityId })));
  const res = await login(h.app, user.userName, password);
  if (res.statusCode !== 200) throw new Error(`sign-in failed: ${res.body}`);
  return { token: res.json().data.token as string, userId: user.id, userName: user.userName, password, roleId: role.id };
};

/** JSON request helpers bound to one token. */
export const clientOf = (h: Harness, token: string) => ({
  post: (url: string, payload: unknown) =>
    h.app.inject({ method: 'POST', url, payload: payload as object, headers: { [HEADERS.authToken]: token } }),
  get: (url: string, query: Record<string, string | number> = {}) =>
    h.app.inject({
      method: 'GET',
      url,
      query: Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])),
      headers: { [HEADERS.authToken]: token },
    }),
});

export type ApiClient = ReturnType<typeof clientOf>;

/** The usual start of a test file: a harness on the engine, a fresh tenant, its administrator signed in, a client. */
export const openSignedIn = async (
  engine: Harness['engine'],
  env?: Record<string, string>,
): Promise<{ h: Harness; t: Tenant; token: string; api: ApiClient }> => {
  const h = await startHarness(engine, env ? { env } : {});
  const t = await createTenant(h);
  const token = await signIn(h.app, t);
  return { h, t, token, api: clientOf(h, token) };
};
