import { ORGANIZATION_API as O } from '@opengst/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { branches, departments, entities, levels, users, verticals } from '../../../db/schema';
import { MAIL_TEMPLATES } from './mail-templates';
import { createTenant, ENGINES, signIn, startHarness, type Harness, type Tenant } from '../../../test-support/harness';
import { clientOf, signInLimitedUser } from '../../../test-support/org-fixtures';

describe.each(ENGINES)('subscriber lookups on %s', (engine) => {
  let h: Harness;
  let t: Tenant;
  let other: Tenant;
  let api: ReturnType<typeof clientOf>;

  beforeAll(async () => {
    h = await startHarness(engine);
    t = await createTenant(h);
    other = await createTenant(h);
    api = clientOf(h, await signIn(h.app, t));
    const { db } = h.ctx.database;
    for (const tenant of [t, other]) {
      const mark = tenant === t ? 'Mine' : 'Theirs';
      await db.insert(levels).values([
        { subscriberId: tenant.subscriberId, name: `${mark} L2`, rank: 2 },
        { subscriberId: tenant.subscriberId, name: `${mark} L1`, rank: 1 },
        { subscriberId: tenant.subscriberId, name: `${mark} Retired`, rank: 1, status: 'Inactive' },
      ]);
      await db.insert(verticals).values([
        { subscriberId: tenant.subscriberId, name: `${mark} Retail` },
        { subscriberId: tenant.subscriberId, name: `${mark} Closed line`, status: 'Inactive' },
      ]);
      await db.insert(branches).values([
        { subscriberId: tenant.subscriberId, name: `${mark} Branch` },
        { subscriberId: tenant.subscriberId, name: `${mark} Closed`, status: 'Inactive' },
      ]);
      await db.insert(departments).values([
        { subscriberId: tenant.subscriberId, name: `${mark} Finance` },
        { subscriberId: tenant.subscriberId, name: `${mark} Gone`, status: 'Delete' },
      ]);
    }
    await db
      .update(entities)
      .set({ status: 'Inactive' })
      .where(eq(entities.id, t.entityIds[2] ?? 0));
  });
  afterAll(async () => {
    await h.close();
  });

  it("lists only the subscriber's own active records to any signed-in user", async () => {
    const plain = clientOf(h, (await signInLimitedUser(h, t, [], [])).token);
    const get = async (url: string) => {
      const res = await plain.get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).not.toContain('Theirs');
      return res.json().data;
    };
    expect((await get(O.subscriberEntities)).map((e: { id: number }) => e.id).sort()).toEqual([t.entityIds[0], t.entityIds[1]].sort());
    expect(await get(O.subscriberEntities)).toContainEqual({
      id: t.entityIds[1],
      name: 'Delhi',
      type: 'Location',
      gstin: expect.stringMatching(/^07/),
    });
    const userNames = (await get(O.subscriberUsers)).map((u: { userName: string }) => u.userName);
    expect(userNames).toContain(t.userName);
    expect(userNames).not.toContain(other.userName);
    expect((await get(O.subscriberBranches)).map((b: { name: string }) => b.name)).toEqual(['Mine Branch']);
    expect((await get(O.subscriberDepartments)).map((d: { name: string }) => d.name)).toEqual(['Mine Finance']);
    expect(await get(O.subscriberLevels)).toEqual([
      expect.objectContaining({ name: 'Mine L1', rank: 1 }),
      expect.objectContaining({ name: 'Mine L2', rank: 2 }),
    ]);
    expect((await get(O.subscriberVerticals)).map((v: { name: string }) => v.name)).toEqual(['Mine Retail']);
    expect(await get(O.subscriberTemplateNames)).toEqual(MAIL_TEMPLATES);
  });

  it('leaves deleted users out and refuses anyone signed out', async () => {
    await h.ctx.database.db.update(users).set({ status: 'Delete' }).where(eq(users.subscriberId, other.subscriberId));
    const names = (await api.get(O.subscriberUsers)).json().data.map((u: { userName: string }) => u.userName);
    expect(names).toContain(t.userName);
    for (const url of [
      O.subscriberEntities,
      O.subscriberUsers,
      O.subscriberDepartments,
      O.subscriberBranches,
      O.subscriberLevels,
      O.subscriberVerticals,
      O.subscriberTemplateNames,
      O.entityEntities,
    ]) {
      const res = await h.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(401);
    }
  });

  it('answers entity/entities as the tree Business, Location, ChildLocation with access per node', async () => {
    const child = await api.post(O.entitySave, {
      entityType: 'ChildLocation',
      parentEntityId: t.entityIds[1],
      entityName: 'Delhi warehouse',
    });
    expect(child.statusCode, child.body).toBe(200);
    const limited = clientOf(h, (await signInLimitedUser(h, t, [], [t.entityIds[2] ?? 0])).token);
    const tree = (await limited.get(O.entityEntities)).json().data;
    expect(tree).toHaveLength(1);
    expect(tree[0]).toMatchObject({ entityId: t.entityIds[0], entityType: 'Business', hasAccess: false });
    const [chennai, delhi] = tree[0].children;
    expect(delhi).toMatchObject({
      entityName: 'Delhi',
      hasAccess: false,
      children: [expect.objectContaining({ entityName: 'Delhi warehouse', entityType: 'ChildLocation', stateCode: '07' })],
    });
    expect(chennai).toMatchObject({ entityName: 'Chennai', hasAccess: true, status: 'Inactive', children: [] });
  });
});
