// Levels, verticals and notice tags on both engines (issue 20): create, edit and the checks of each master (a name
// taken ignoring case, a rank two active levels would share, a code taken), the list's search, status filter, sort and
// paging, activate and deactivate, a delete refused while a user holds the level or an entity belongs to the vertical
// (with the reason), a tag deleted, the export read back, the audit rows, the right it needs, the lookups offering only
// active ones, and a user saved with a level and an entity with a vertical (another subscriber's refused).
import {
  ADMINISTRATION_API as A,
  LEVEL_API as L,
  NOTICE_TAG_API as N,
  ORGANIZATION_API as O,
  VERTICAL_API as V,
  type Level,
  type NoticeTag,
  type Vertical,
} from '@opengst/contracts';
import { and, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditTrail, entities, levels, noticeTags, users, verticals } from '../../../db/schema';
import { createTenant, ENGINES, signIn, startHarness, type Harness, type Tenant } from '../../../test-support/harness';
import { clientOf, signInLimitedUser, type ApiClient } from '../../../test-support/org-fixtures';

describe.each(ENGINES)('levels, verticals and notice tags on %s', (engine) => {
  let h: Harness;
  let t: Tenant;
  let other: Tenant;
  let api: ApiClient;
  let theirs: ApiClient;

  const ok = async <T>(url: string, body: unknown): Promise<T> => {
    const res = await api.post(url, body);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as T;
  };
  const refusal = async (url: string, body: unknown, client = api) => {
    const res = await client.post(url, body);
    expect(res.statusCode, res.body).toBe(422);
    return res.json().errors[0] as { code: string; propertyName?: string; message: string };
  };
  const list = async <T>(url: string, body: Record<string, unknown> = {}) =>
    ok<{ items: T[]; totalRecords: number }>(url, { start: 0, size: 50, ...body });
  const names = (page: { items: { name: string }[] }) => page.items.map((r) => r.name);
  const audits = (entityType: string, key: number) =>
    h.ctx.database.db
      .select()
      .from(auditTrail)
      .where(
        and(eq(auditTrail.subscriberId, t.subscriberId), eq(auditTrail.entityType, entityType), eq(auditTrail.entityKey, String(key))),
      );
  const readExport = async (url: string, body: unknown) => {
    const res = await api.post(url, body);
    expect(res.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    if (!sheet) throw new Error('no sheet');
    return Array.from({ length: sheet.rowCount }, (_, i) => (sheet.getRow(i + 1).values as unknown[]).slice(1));
  };
  const newUser = (extra: Record<string, unknown>) => {
    const userName = `lv-${randomUUID().slice(0, 8)}`;
    return { userName, displayName: 'Level Holder', email: `${userName}@example.test`, roleId: t.adminRoleId, entityIds: [], ...extra };
  };
  /** entity/save of an existing entity: what its detail says, with these changes. */
  const entityBody = async (entityId: number, extra: Record<string, unknown>) => {
    const detail = (await api.get(O.entityDetail, { entityId })).json().data;
    return {
      entityId,
      entityType: detail.entityType,
      parentEntityId: detail.parentEntityId,
      entityName: detail.entityName,
      gstin: detail.gstin,
      stateCode: detail.stateCode,
      taxpayerType: detail.taxpayerType,
      ...extra,
    };
  };

  beforeAll(async () => {
    h = await startHarness(engine);
    t = await createTenant(h);
    other = await createTenant(h);
    api = clientOf(h, await signIn(h.app, t));
    theirs = clientOf(h, await signIn(h.app, other));
  });
  afterAll(async () => {
    await h.close();
  });

  it('needs the MasterChartOfAccounts right', async () => {
    const noRight = clientOf(h, (await signInLimitedUser(h, t, ['MasterIpAddresses'], [])).token);
    for (const res of [
      await noRight.post(L.search, { start: 0, size: 10 }),
      await noRight.post(V.save, { name: 'Retail' }),
      await noRight.post(N.export, {}),
    ]) {
      expect(res.statusCode).toBe(403);
    }
    expect(await h.ctx.database.db.select().from(verticals).where(eq(verticals.subscriberId, t.subscriberId))).toEqual([]);
  });

  it('saves levels, refuses a name taken ignoring case and a rank another active level holds, and lists by rank', async () => {
    const manager = await ok<Level>(L.save, { name: ' Manager ', rank: 2, description: 'Approves replies' });
    expect(manager).toMatchObject({ name: 'Manager', rank: 2, description: 'Approves replies', status: 'Active', inUse: 0 });
    await ok<Level>(L.save, { name: 'Executive', rank: 1 });
    await ok<Level>(L.save, { name: 'Head', rank: 3 });

    expect(await refusal(L.save, { name: 'MANAGER', rank: 4 })).toMatchObject({
      code: 'ORG0006',
      propertyName: 'Name',
      message: 'Manager already exists.',
    });
    expect(await refusal(L.save, { name: 'Deputy', rank: 2 })).toMatchObject({
      propertyName: 'Rank',
      message: 'Rank 2 is already Manager.',
    });
    expect((await refusal(L.save, { name: 'Deputy', rank: 21 })).message).toContain('from 1 to 20');
    expect((await refusal(L.save, { name: 'x'.repeat(61), rank: 5 })).message).toContain('at most 60');
    expect((await refusal(L.save, { name: 'Deputy', rank: 5, description: 'd'.repeat(201) })).message).toContain('at most 200');
    // An inactive level may keep a rank an active one holds; activating it then is refused.
    const deputy = await ok<Level>(L.save, { name: 'Deputy', rank: 2, status: 'Inactive' });
    expect(await refusal(L.updateStatus, { ids: [deputy.id], status: 'Active' })).toMatchObject({
      message: 'Rank 2 is already Manager.',
    });
    // Editing a level keeps its own rank; another subscriber's rank 2 is none of this one's business.
    await theirs.post(L.save, { name: 'Manager', rank: 2 });
    expect(await ok<Level>(L.save, { id: manager.id, name: 'Manager', rank: 2, description: 'Approves' })).toMatchObject({
      description: 'Approves',
    });

    expect(names(await list<Level>(L.search))).toEqual(['Executive', 'Manager', 'Deputy', 'Head']);
    expect(names(await list<Level>(L.search, { filters: { status: 'Inactive' } }))).toEqual(['Deputy']);
    expect(names(await list<Level>(L.search, { filters: { text: 'approv' } }))).toEqual(['Manager']);
    expect(names(await list<Level>(L.search, { sortExpression: 'name DESC' }))).toEqual(['Manager', 'Head', 'Executive', 'Deputy']);
    const first = await list<Level>(L.search, { size: 3 });
    const next = await list<Level>(L.search, { start: 3, size: 3 });
    expect(first.totalRecords).toBe(4);
    expect([...names(first), ...names(next)]).toEqual(['Executive', 'Manager', 'Deputy', 'Head']);
    expect((await api.post(L.search, { start: 0, size: 10, sortExpression: 'subscriberId ASC' })).statusCode).toBe(422);

    expect((await audits('Level', manager.id)).map((a) => [a.action, a.after])).toEqual([
      ['Create', { name: 'Manager', description: 'Approves replies', status: 'Active', rank: 2 }],
      ['Update', { name: 'Manager', description: 'Approves', status: 'Active', rank: 2 }],
    ]);
  });

  it('gives a user an active level of the subscriber, refuses a foreign or inactive one, and keeps a level while users hold it', async () => {
    const levelsBy = async () => new Map((await list<Level>(L.search)).items.map((l) => [l.name, l]));
    const mine = await levelsBy();
    const manager = mine.get('Manager');
    const deputy = mine.get('Deputy');
    if (!manager || !deputy) throw new Error('levels missing');
    const [foreign] = await h.ctx.database.db.select().from(levels).where(eq(levels.subscriberId, other.subscriberId));

    const holders: number[] = [];
    for (let i = 0; i < 3; i += 1) holders.push((await ok<{ userId: number }>(A.userSave, newUser({ levelId: manager.id }))).userId);
    const detail = (await api.get(A.userDetail, { userId: holders[0] ?? 0 })).json().data;
    expect(detail).toMatchObject({ levelId: manager.id, levelName: 'Manager' });
    const listed = (await api.post(A.userSearch, { start: 0, size: 50 })).json().data.items;
    expect(listed.filter((u: { levelName: string | null }) => u.levelName === 'Manager')).toHaveLength(3);

    const foreignRes = await api.post(A.userSave, newUser({ levelId: foreign?.id }));
    expect(foreignRes.statusCode).toBe(404);
    expect(await refusal(A.userSave, newUser({ levelId: deputy.id }))).toMatchObject({
      propertyName: 'LevelId',
      message: 'Deputy is inactive: choose an active level.',
    });

    expect((await list<Level>(L.search, { filters: { text: 'Manager' } })).items[0]?.inUse).toBe(3);
    expect(await refusal(L.delete, { ids: [manager.id] })).toMatchObject({
      code: 'ORG0007',
      message: 'Manager is held by 3 users; deactivate it instead.',
    });
    expect((await levelsBy()).has('Manager')).toBe(true);

    // Deactivated, the level stays with its holders: one of them can still be saved with it; a new user cannot take it.
    await ok(L.updateStatus, { ids: [manager.id], status: 'Inactive' });
    const holder = (await api.get(A.userDetail, { userId: holders[0] ?? 0 })).json().data;
    await ok(A.userSave, { ...holder, displayName: 'Renamed Holder', mobile: null });
    expect((await api.get(A.userDetail, { userId: holders[0] ?? 0 })).json().data).toMatchObject({
      displayName: 'Renamed Holder',
      levelId: manager.id,
    });
    expect((await refusal(A.userSave, newUser({ levelId: manager.id }))).propertyName).toBe('LevelId');
    // Deputy may take rank 2 now, and Manager cannot come back onto it.
    await ok(L.updateStatus, { ids: [deputy.id], status: 'Active' });
    expect((await refusal(L.updateStatus, { ids: [manager.id], status: 'Active' })).message).toBe('Rank 2 is already Deputy.');
    expect((await audits('Level', manager.id)).at(-1)).toMatchObject({ action: 'StatusChange', after: { status: 'Inactive' } });

    // A deleted user no longer holds it: the level can go once its live holders have left it.
    const { db } = h.ctx.database;
    await db
      .update(users)
      .set({ status: 'Delete' })
      .where(eq(users.id, holders[0] ?? 0));
    await db
      .update(users)
      .set({ levelId: null })
      .where(eq(users.id, holders[1] ?? 0));
    await ok(A.userSave, { ...(await api.get(A.userDetail, { userId: holders[2] ?? 0 })).json().data, levelId: null, mobile: null });
    expect(await ok(L.delete, { ids: [manager.id] })).toEqual({ affected: 1 });
    expect((await levelsBy()).has('Manager')).toBe(false);
    expect((await audits('Level', manager.id)).at(-1)).toMatchObject({
      action: 'Delete',
      before: { name: 'Manager', rank: 2, status: 'Inactive' },
    });
  });

  it('saves verticals with an optional unique code and keeps a vertical while an entity belongs to it', async () => {
    const retail = await ok<Vertical>(V.save, { name: 'Retail', code: 'ret-01', description: 'Shops' });
    expect(retail).toMatchObject({ name: 'Retail', code: 'RET-01', inUse: 0 });
    const exports = await ok<Vertical>(V.save, { name: 'Exports' });
    expect(exports.code).toBe('');
    await ok<Vertical>(V.save, { name: 'Services' });
    expect(await refusal(V.save, { name: 'retail' })).toMatchObject({ propertyName: 'Name', message: 'Retail already exists.' });
    expect(await refusal(V.save, { name: 'Wholesale', code: 'RET-01' })).toMatchObject({
      propertyName: 'Code',
      message: "Code RET-01 is already Retail's.",
    });
    expect((await refusal(V.save, { name: 'Wholesale', code: 'RET 01' })).message).toBe("A code has letters, digits and '-' only.");
    expect((await refusal(V.save, { name: 'Wholesale', code: 'W'.repeat(21) })).message).toContain('at most 20');
    expect(names(await list<Vertical>(V.search, { filters: { text: 'ret-' } }))).toEqual(['Retail']);

    const delhi = t.entityIds[1] ?? 0;
    await ok(O.entitySave, await entityBody(delhi, { verticalId: retail.id }));
    expect((await api.get(O.entityDetail, { entityId: delhi })).json().data).toMatchObject({
      verticalId: retail.id,
      verticalName: 'Retail',
    });
    // Saved without the field (as the entities import does), the entity keeps its vertical.
    await ok(O.entitySave, await entityBody(delhi, { entityName: 'Delhi HQ' }));
    expect((await api.get(O.entityDetail, { entityId: delhi })).json().data).toMatchObject({
      entityName: 'Delhi HQ',
      verticalId: retail.id,
    });

    const [foreign] = await h.ctx.database.db.insert(verticals).values({ subscriberId: other.subscriberId, name: 'Theirs' }).returning();
    expect((await api.post(O.entitySave, await entityBody(delhi, { verticalId: foreign?.id }))).statusCode).toBe(404);
    await ok(V.updateStatus, { ids: [exports.id], status: 'Inactive' });
    expect(await refusal(O.entitySave, await entityBody(t.entityIds[2] ?? 0, { verticalId: exports.id }))).toMatchObject({
      propertyName: 'VerticalId',
      message: 'Exports is inactive: choose an active vertical.',
    });

    expect(await refusal(V.delete, { ids: [exports.id, retail.id] })).toMatchObject({
      code: 'ORG0007',
      message: 'Retail is used by 1 entity; deactivate it instead.',
    });
    expect(names(await list<Vertical>(V.search))).toEqual(['Exports', 'Retail', 'Services']);
    expect((await list<Vertical>(V.search, { filters: { text: 'Retail' } })).items[0]?.inUse).toBe(1);
    expect(await ok(V.delete, { ids: [exports.id] })).toEqual({ affected: 1 });
    expect((await h.ctx.database.db.select().from(entities).where(eq(entities.id, delhi)))[0]?.verticalId).toBe(retail.id);
  });

  it('saves notice tags with a Mantine colour and deletes them (nothing holds a tag before notices arrive)', async () => {
    const urgent = await ok<NoticeTag>(N.save, { name: 'Urgent', color: 'red', description: 'Reply within 7 days' });
    expect(urgent).toMatchObject({ name: 'Urgent', color: 'red', inUse: 0 });
    expect((await ok<NoticeTag>(N.save, { name: 'Appeal' })).color).toBe('gray');
    expect((await refusal(N.save, { name: 'Odd', color: 'chartreuse' })).message).toBe('Pick one of the colours offered.');
    expect((await refusal(N.save, { name: 'URGENT', color: 'blue' })).message).toBe('Urgent already exists.');
    expect(await ok<NoticeTag>(N.save, { id: urgent.id, name: 'Urgent', color: 'orange' })).toMatchObject({
      color: 'orange',
      description: '',
    });
    expect(names(await list<NoticeTag>(N.search))).toEqual(['Appeal', 'Urgent']);

    expect(await ok(N.delete, { ids: [urgent.id] })).toEqual({ affected: 1 });
    expect(names(await list<NoticeTag>(N.search))).toEqual(['Appeal']);
    expect((await audits('NoticeTag', urgent.id)).map((a) => a.action)).toEqual(['Create', 'Update', 'Delete']);
    expect(await h.ctx.database.db.select().from(noticeTags).where(eq(noticeTags.id, urgent.id))).toEqual([]);
  });

  it('exports what the list filters find, in its sort, with an audit row', async () => {
    const rows = await readExport(L.export, { filters: { status: 'Active' } });
    expect(rows[0]).toEqual(['Rank', 'Name', 'Description', 'Status', 'Users', 'Changed by', 'Last changed']);
    expect(rows.slice(1).map((r) => [r[0], r[1]])).toEqual([
      [1, 'Executive'],
      [2, 'Deputy'],
      [3, 'Head'],
    ]);
    const verticalRows = await readExport(V.export, { sortExpression: 'name DESC' });
    expect(verticalRows.slice(1).map((r) => [r[0], r[1] ?? '', r[4]])).toEqual([
      ['Services', '', 0],
      ['Retail', 'RET-01', 1],
    ]);
    const tagRows = await readExport(N.export, { filters: { text: 'zzz' } });
    expect(tagRows).toHaveLength(1);
    const [exported] = await h.ctx.database.db
      .select()
      .from(auditTrail)
      .where(and(eq(auditTrail.subscriberId, t.subscriberId), eq(auditTrail.entityType, 'Level'), eq(auditTrail.action, 'Export')));
    expect(exported?.after).toEqual({ filters: { status: 'Active' }, rows: 3 });
  });

  it('lets only one of two levels saved at the same moment take a rank, or a name written in other case', async () => {
    // Two administrators (two users, so neither waits for the other's request slot).
    const second = clientOf(h, (await signInLimitedUser(h, t, ['MasterChartOfAccounts'], [])).token);
    const rankRace = await Promise.all([api.post(L.save, { name: 'Zonal', rank: 9 }), second.post(L.save, { name: 'Regional', rank: 9 })]);
    expect(rankRace.map((r) => r.statusCode).sort()).toEqual([200, 422]);
    expect(rankRace.find((r) => r.statusCode === 422)?.json().errors[0].propertyName).toBe('Rank');
    const nameRace = await Promise.all([api.post(L.save, { name: 'Area', rank: 10 }), second.post(L.save, { name: 'AREA', rank: 11 })]);
    expect(nameRace.map((r) => r.statusCode).sort()).toEqual([200, 422]);
    const taken = (await list<Level>(L.search, { filters: { text: 'a' } })).items.filter((l) => l.rank >= 9);
    expect(taken).toHaveLength(2);
    await ok(L.delete, { ids: taken.map((l) => l.id) });
  });

  it('offers only active levels and verticals in the subscriber lookups', async () => {
    const plain = clientOf(h, (await signInLimitedUser(h, t, [], [])).token);
    expect((await plain.get(O.subscriberLevels)).json().data.map((l: { name: string }) => l.name)).toEqual(['Executive', 'Deputy', 'Head']);
    await ok(V.updateStatus, {
      ids: (await list<Vertical>(V.search, { filters: { text: 'Services' } })).items.map((v) => v.id),
      status: 'Inactive',
    });
    expect((await plain.get(O.subscriberVerticals)).json().data.map((v: { name: string }) => v.name)).toEqual(['Retail']);
  });
});
