import { ORGANIZATION_API as O } from '@opengst/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changedFields } from './audit-trail.service';
import { createTenant, ENGINES, signIn, startHarness, type Harness, type Tenant } from '../../../test-support/harness';
import { clientOf, signInLimitedUser } from '../../../test-support/org-fixtures';
import { readXlsx } from '../../../test-support/import-fixtures';

type Item = {
  id: number;
  entityType: string;
  entityKey: string;
  entityName: string | null;
  action: string;
  userName: string | null;
  userId: number | null;
  createdAt: string;
};

describe.each(ENGINES)('audit trail report on %s', (engine) => {
  let h: Harness;
  let t: Tenant;
  let other: Tenant;
  let api: ReturnType<typeof clientOf>;
  let otherApi: ReturnType<typeof clientOf>;
  let branchId: number;

  beforeAll(async () => {
    h = await startHarness(engine);
    t = await createTenant(h);
    other = await createTenant(h);
    api = clientOf(h, await signIn(h.app, t));
    otherApi = clientOf(h, await signIn(h.app, other));
    branchId = (await api.post(O.branchSave, { name: 'Pune', code: 'P1' })).json().data.id;
    await api.post(O.branchSave, { id: branchId, name: 'Pune West', code: 'P1' });
    await api.post(O.departmentSave, { name: 'Tax' });
    await api.post(O.entitySetGstPortalCredential, {
      entityId: t.entityIds[1],
      portalUserName: 'delhi_portal',
      portalPassword: 'Never#Shown-99',
    });
    await otherApi.post(O.branchSave, { name: 'Their branch' });
  });
  afterAll(async () => {
    await h.close();
  });

  it("lists the subscriber's rows newest first with the user's name, and filters them", async () => {
    const res = await api.post(O.auditSearch, {});
    expect(res.statusCode).toBe(200);
    const { items, totalRecords } = res.json().data as { items: Item[]; totalRecords: number };
    expect(totalRecords).toBe(4);
    expect(items.map((i) => i.id)).toEqual([...items.map((i) => i.id)].sort((a, b) => b - a));
    expect(items.map((i) => [i.entityType, i.action])).toEqual([
      ['Entity', 'Update'],
      ['Department', 'Create'],
      ['Branch', 'Update'],
      ['Branch', 'Create'],
    ]);
    expect(items[2]).toMatchObject({ entityKey: String(branchId), entityName: 'Pune West', userName: t.userName, userId: t.adminUserId });
    expect(res.body).not.toContain('Their branch');

    const search = async (filters: Record<string, unknown>) =>
      ((await api.post(O.auditSearch, { filters })).json().data.items as Item[]).map((i) => `${i.entityType}:${i.action}`);
    expect(await search({ entityType: 'Branch' })).toEqual(['Branch:Update', 'Branch:Create']);
    expect(await search({ action: 'Create' })).toEqual(['Department:Create', 'Branch:Create']);
    expect(await search({ entityType: 'Branch', entityKey: String(branchId), action: 'Update' })).toEqual(['Branch:Update']);
    expect(await search({ userId: other.adminUserId })).toEqual([]);
    const today = new Date(Date.now() + 5.5 * 3600_000).toISOString().slice(0, 10);
    expect(await search({ fromDate: today, toDate: today })).toHaveLength(4);
    expect(await search({ toDate: '2020-01-01' })).toEqual([]);
    const page = (await api.post(O.auditSearch, { start: 1, size: 2, sortExpression: 'id ASC' })).json().data;
    expect(page.items.map((i: Item) => `${i.entityType}:${i.action}`)).toEqual(['Branch:Update', 'Department:Create']);
    expect(page.totalRecords).toBe(4);
  });

  it('shows a row in detail with before, after and the changed fields, never a secret', async () => {
    const [credential, , update] = (await api.post(O.auditSearch, {})).json().data.items as Item[];
    const detail = (await api.get(O.auditDetail, { id: update?.id ?? 0 })).json().data;
    expect(detail.before).toMatchObject({ name: 'Pune', code: 'P1' });
    expect(detail.after).toMatchObject({ name: 'Pune West', code: 'P1' });
    expect(detail.changes).toEqual([{ field: 'name', before: 'Pune', after: 'Pune West' }]);
    const secret = await api.get(O.auditDetail, { id: credential?.id ?? 0 });
    expect(secret.json().data.changes).toEqual(expect.arrayContaining([{ field: 'portalUserName', before: null, after: 'delhi_portal' }]));
    expect(secret.body).not.toContain('Never#Shown-99');
  });

  it('computes changed fields over both sides, ignoring updatedAt', () => {
    expect(changedFields(null, { a: 1 })).toEqual([{ field: 'a', before: null, after: 1 }]);
    expect(changedFields({ a: 1, b: [1], updatedAt: 'x' }, { a: 1, b: [2], updatedAt: 'y' })).toEqual([
      { field: 'b', before: [1], after: [2] },
    ]);
    expect(changedFields({ status: 'Active' }, { status: 'Delete' })).toEqual([{ field: 'status', before: 'Active', after: 'Delete' }]);
  });

  it("refuses users without ReportAuditTrail, bad filters, and another subscriber's rows (404)", async () => {
    const clerk = clientOf(h, (await signInLimitedUser(h, t, ['BranchManage'], [])).token);
    expect((await clerk.post(O.auditSearch, {})).statusCode).toBe(403);
    expect((await clerk.get(O.auditDetail, { id: 1 })).json().errors[0].code).toBe('GEN0002');
    const auditor = clientOf(h, (await signInLimitedUser(h, t, ['ReportAuditTrail'], [])).token);
    expect((await auditor.post(O.auditSearch, {})).json().data.totalRecords).toBe(4);
    const bad = await api.post(O.auditSearch, { filters: { fromDate: '01-04-2025' } });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors[0].propertyName).toBe('Filters.FromDate');
    expect((await api.post(O.auditSearch, { sortExpression: 'before DESC' })).statusCode).toBe(422);
    const theirs = (await otherApi.post(O.auditSearch, {})).json().data.items as Item[];
    expect(theirs).toHaveLength(1);
    const res = await api.get(O.auditDetail, { id: theirs[0]?.id ?? 0 });
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('Their branch');
  });

  // Runs last: the export writes an audit row of its own.
  it('exports exactly the filtered rows in the sort on screen, India time, and audits the export', async () => {
    const clerk = clientOf(h, (await signInLimitedUser(h, t, ['BranchManage'], [])).token);
    expect((await clerk.post(O.auditExport, {})).statusCode).toBe(403);
    const res = await api.post(O.auditExport, { sortExpression: 'id ASC', filters: { entityType: 'Branch' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe('attachment; filename="audit-trail.xlsx"');
    const [header, ...rows] = await readXlsx(res.rawPayload);
    expect(header).toEqual(['When', 'User', 'Record type', 'Record', 'Record key', 'Action', 'IP address']);
    expect(rows.map((row) => [row[2], row[3], row[4], row[5]])).toEqual([
      ['Branch', 'Pune', String(branchId), 'Create'],
      ['Branch', 'Pune West', String(branchId), 'Update'],
    ]);
    expect(rows[0]?.[1]).toBe(t.userName);
    // An Excel date and time, the time of day in India (UTC+05:30).
    const [first] = (await api.post(O.auditSearch, { sortExpression: 'id ASC', filters: { entityType: 'Branch' } })).json().data
      .items as Item[];
    const ist = new Date(new Date(first?.createdAt ?? '').getTime() + 5.5 * 3600_000).toISOString();
    expect(rows[0]?.[0]).toBe(ist.slice(0, 19));
    const [exported] = (await api.post(O.auditSearch, { filters: { action: 'Export' } })).json().data.items as Item[];
    expect(exported).toMatchObject({ entityType: 'Report', entityKey: 'AuditTrail', entityName: 'Audit trail export' });
    const detail = (await api.get(O.auditDetail, { id: exported?.id ?? 0 })).json().data;
    expect(detail.after).toEqual({ filters: { entityType: 'Branch' }, rows: 2 });
  });
});
