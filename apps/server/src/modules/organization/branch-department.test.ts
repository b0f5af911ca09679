import { ORGANIZATION_API as O, type RightId } from '@opengst/contracts';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditTrail, users } from '../../db/schema';
import { createTenant, ENGINES, signIn, startHarness, type Harness, type Tenant } from '../../test-support/harness';
import { clientOf, signInLimitedUser } from '../../test-support/org-fixtures';

// Branches and departments share one shape (name, code, status) and the same rules, so one suite walks both.
const KINDS = [
  {
    kind: 'Branch',
    search: O.branchSearch,
    save: O.branchSave,
    detail: O.branchDetail,
    status: O.branchUpdateStatus,
    remove: O.branchDelete,
    view: 'BranchView',
    manage: 'BranchManage',
    userColumn: 'branchId',
    extra: { address: '1 MG Road, Bengaluru' },
  },
  {
    kind: 'Department',
    search: O.departmentSearch,
    save: O.departmentSave,
    detail: O.departmentDetail,
    status: O.departmentUpdateStatus,
    remove: O.departmentDelete,
    view: 'DepartmentView',
    manage: 'DepartmentManage',
    userColumn: 'departmentId',
    extra: {},
  },
] as const;

describe.each(ENGINES)('branches and departments on %s', (engine) => {
  let h: Harness;
  let t: Tenant;
  let other: Tenant;
  let api: ReturnType<typeof clientOf>;
  let otherApi: ReturnType<typeof clientOf>;

  beforeAll(async () => {
    h = await startHarness(engine);
    t = await createTenant(h);
    other = await createTenant(h);
    api = clientOf(h, await signIn(h.app, t));
    otherApi = clientOf(h, await signIn(h.app, other));
  });
  afterAll(async () => {
    await h.close();
  });

  describe.each(KINDS)('$kind', (k) => {
    it('creates, edits and reads back, with unique names ignoring case and audit rows', async () => {
      const created = await api.post(k.save, { name: `North ${k.kind}`, code: 'N1', ...k.extra });
      expect(created.statusCode, created.body).toBe(200);
      const record = created.json().data;
      expect(record).toMatchObject({ name: `North ${k.kind}`, code: 'N1', status: 'Active', activeUsers: 0, ...k.extra });
      const duplicate = await api.post(k.save, { name: `north ${k.kind.toUpperCase()}` });
      expect(duplicate.statusCode).toBe(422);
      expect(duplicate.json().errors[0]).toMatchObject({ code: 'ORG0006', propertyName: 'Name' });
      // Another subscriber may use the same name.
      expect((await otherApi.post(k.save, { name: `North ${k.kind}` })).statusCode).toBe(200);
      const edited = await api.post(k.save, { id: record.id, name: `North ${k.kind} HQ`, code: 'N2' });
      expect(edited.json().data).toMatchObject({ id: record.id, name: `North ${k.kind} HQ`, code: 'N2' });
      const detail = await api.get(k.detail, { id: record.id });
      expect(detail.json().data.name).toBe(`North ${k.kind} HQ`);
      const audits = await h.ctx.database.db
        .select()
        .from(auditTrail)
        .where(and(eq(auditTrail.entityType, k.kind), eq(auditTrail.entityKey, String(record.id))))
        .orderBy(asc(auditTrail.id));
      expect(audits.map((a) => a.action)).toEqual(['Create', 'Update']);
      expect(audits[1]?.before).toMatchObject({ code: 'N1' });
      expect(audits[1]?.after).toMatchObject({ code: 'N2' });
      const blank = await api.post(k.save, { name: '  ' });
      expect(blank.json().errors[0]).toMatchObject({ propertyName: 'Name' });
    });

    it('searches with the default sort id DESC, filters and paging', async () => {
      for (const name of ['Alpha', 'Beta', 'Gamma']) await api.post(k.save, { name: `${name} ${k.kind}` });
      const all = (await api.post(k.search, {})).json().data;
      const ids = all.items.map((r: { id: number }) => r.id);
      expect(ids).toEqual([...ids].sort((a: number, b: number) => b - a));
      expect(all.totalRecords).toBe(all.items.length);
      const filtered = (await api.post(k.search, { filters: { name: 'beta' } })).json().data;
      expect(filtered.items.map((r: { name: string }) => r.name)).toEqual([`Beta ${k.kind}`]);
      const page = (await api.post(k.search, { start: 1, size: 1, sortExpression: 'name ASC' })).json().data;
      expect(page.items).toHaveLength(1);
      expect(page.items[0].name).toBe(`Beta ${k.kind}`);
      expect((await api.post(k.search, { sortExpression: 'subscriberId ASC' })).statusCode).toBe(422);
      const theirs = (await otherApi.post(k.search, {})).json().data.items.map((r: { id: number }) => r.id);
      expect(theirs.some((id: number) => ids.includes(id))).toBe(false);
    });

    it('changes status and refuses to delete while a user is assigned', async () => {
      const record = (await api.post(k.save, { name: `Busy ${k.kind}` })).json().data;
      const status = await api.post(k.status, { ids: [record.id], status: 'Inactive' });
      expect(status.json().data.affected).toBe(1);
      expect((await api.get(k.detail, { id: record.id })).json().data.status).toBe('Inactive');
      expect((await api.post(k.search, { filters: { status: 'Inactive' } })).json().data.items.map((r: { id: number }) => r.id)).toContain(
        record.id,
      );
      await h.ctx.database.db
        .update(users)
        .set({ [k.userColumn]: record.id })
        .where(eq(users.id, t.adminUserId));
      const refused = await api.post(k.remove, { ids: [record.id] });
      expect(refused.statusCode).toBe(422);
      expect(refused.json().errors[0].code).toBe('ORG0007');
      await h.ctx.database.db
        .update(users)
        .set({ [k.userColumn]: null })
        .where(eq(users.id, t.adminUserId));
      expect((await api.post(k.remove, { ids: [record.id] })).json().data.affected).toBe(1);
      expect((await api.get(k.detail, { id: record.id })).statusCode).toBe(404);
      // A deleted name is free again.
      expect((await api.post(k.save, { name: `Busy ${k.kind}` })).statusCode).toBe(200);
      expect((await api.post(k.status, { ids: [record.id], status: 'Delete' })).statusCode).toBe(422);
      const actions = await h.ctx.database.db
        .select({ action: auditTrail.action })
        .from(auditTrail)
        .where(and(eq(auditTrail.entityType, k.kind), eq(auditTrail.entityKey, String(record.id))));
      expect(actions.map((a) => a.action)).toEqual(expect.arrayContaining(['Create', 'StatusChange', 'Delete']));
    });

    it('refuses users without the rights: view needs View or Manage, changes need Manage', async () => {
      const record = (await api.post(k.save, { name: `Guarded ${k.kind}` })).json().data;
      const viewer = clientOf(h, (await signInLimitedUser(h, t, [k.view as RightId], [])).token);
      expect((await viewer.post(k.search, {})).statusCode).toBe(200);
      expect((await viewer.get(k.detail, { id: record.id })).statusCode).toBe(200);
      for (const res of [
        await viewer.post(k.save, { name: 'Nope' }),
        await viewer.post(k.status, { ids: [record.id], status: 'Inactive' }),
        await viewer.post(k.remove, { ids: [record.id] }),
      ]) {
        expect(res.statusCode).toBe(403);
        expect(res.json().errors[0].code).toBe('GEN0002');
      }
      const stranger = clientOf(h, (await signInLimitedUser(h, t, ['EntityView'], [])).token);
      expect((await stranger.post(k.search, {})).statusCode).toBe(403);
      expect((await stranger.get(k.detail, { id: record.id })).statusCode).toBe(403);
    });

    it("answers 404 for another subscriber's ids, never their data", async () => {
      const theirs = (await otherApi.post(k.save, { name: `Secret ${k.kind}` })).json().data;
      for (const res of [
        await api.get(k.detail, { id: theirs.id }),
        await api.post(k.save, { id: theirs.id, name: 'Taken over' }),
        await api.post(k.status, { ids: [theirs.id], status: 'Inactive' }),
        await api.post(k.remove, { ids: [theirs.id] }),
      ]) {
        expect(res.statusCode).toBe(404);
        expect(res.body).not.toContain('Secret');
      }
      expect((await otherApi.get(k.detail, { id: theirs.id })).json().data).toMatchObject({ name: `Secret ${k.kind}`, status: 'Active' });
    });
  });
});
