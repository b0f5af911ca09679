// Consultants on both engines (issue 20): /manage-consultants creates the consultant and its user in one step (welcome
// mail, entities, role other than the administrators'), lists, filters and exports them, changes status through the
// user (sign-in ends), refuses deletion while notices are open with the reason, and writes audit rows; the rights each
// call needs.
import { CONSULTANT_API as C, type Consultant } from '@opengst/contracts';
import { and, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditTrail, consultants, noticeConsultants, notices, roles, users } from '../../../db/schema';
import { createTenant, ENGINES, login, signIn, startHarness, type Harness, type Tenant } from '../../../test-support/harness';
import { clientOf, signInLimitedUser, type ApiClient } from '../../../test-support/org-fixtures';
import { linkIn } from '../../../test-support/smtp';

describe.each(ENGINES)('consultants on %s', (engine) => {
  let h: Harness;
  let t: Tenant;
  let admin: ApiClient;
  let consultantRoleId: number;

  const input = (suffix: string, extra: Record<string, unknown> = {}) => ({
    userName: `ca-${suffix}`,
    displayName: `CA ${suffix}`,
    email: `ca-${suffix}@example.test`,
    mobile: '9876543210',
    roleId: consultantRoleId,
    entityIds: [t.entityIds[1]],
    firmName: `Mehta & Co ${suffix}`,
    profession: 'CharteredAccountant',
    membershipNumber: '123456',
    pan: 'abcpm1234f',
    ...extra,
  });
  const save = async (body: Record<string, unknown>): Promise<Consultant> => {
    const res = await admin.post(C.consultantSave, body);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as Consultant;
  };
  const list = async (filters: Record<string, unknown> = {}) => {
    const res = await admin.post(C.consultantSearch, { start: 0, size: 50, filters });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as { items: Consultant[]; totalRecords: number };
  };

  beforeAll(async () => {
    h = await startHarness(engine);
    t = await createTenant(h);
    admin = clientOf(h, await signIn(h.app, t));
    const [role] = await h.ctx.database.db
      .insert(roles)
      .values({ subscriberId: t.subscriberId, name: 'Notice consultant' })
      .returning({ id: roles.id });
    consultantRoleId = role?.id ?? 0;
  });
  afterAll(async () => {
    await h.close();
  });

  it('creates the consultant with its user, who receives the welcome mail to choose a password', async () => {
    const before = h.smtp.mails.length;
    const saved = await save(input('one'));
    expect(saved).toMatchObject({
      userName: 'ca-one',
      displayName: 'CA one',
      firmName: 'Mehta & Co one',
      profession: 'CharteredAccountant',
      pan: 'ABCPM1234F',
      roleName: 'Notice consultant',
      entityIds: [t.entityIds[1]],
      openNotices: 0,
      status: 'Active',
      lastLoginAt: null,
    });
    const [row] = await h.ctx.database.db.select().from(consultants).where(eq(consultants.id, saved.id));
    expect(row?.userId).toBe(saved.userId);
    const mail = await h.smtp.waitFor('ca-one@example.test', /new account/, before);
    expect(linkIn(mail).pathname).toMatch(/password/i);
    const audits = await h.ctx.database.db
      .select()
      .from(auditTrail)
      .where(and(eq(auditTrail.subscriberId, t.subscriberId), eq(auditTrail.entityType, 'Consultant')));
    expect(audits.map((a) => a.action)).toEqual(['Create']);
  });

  it('edits firm and entities, keeping the user the same and its level untouched', async () => {
    const created = await save(input('two'));
    const edited = await save({ ...input('two'), id: created.id, firmName: 'Two Associates', entityIds: t.entityIds });
    expect(edited).toMatchObject({
      id: created.id,
      userId: created.userId,
      firmName: 'Two Associates',
      entityIds: [...t.entityIds].sort((a, b) => a - b),
    });
  });

  it('refuses the administrators’ role, a bad PAN, a taken user name, and entities the caller cannot reach', async () => {
    const adminRole = await admin.post(C.consultantSave, input('three', { roleId: t.adminRoleId }));
    expect(adminRole.statusCode).toBe(422);
    expect(adminRole.body).toContain('cannot hold the');
    const badPan = await admin.post(C.consultantSave, input('four', { pan: 'ABCDE12345' }));
    expect(badPan.statusCode).toBe(422);
    const taken = await admin.post(C.consultantSave, input('one'));
    expect(taken.json().errors?.[0]?.propertyName ?? taken.body).toContain('UserName');
    const foreign = await admin.post(C.consultantSave, input('five', { entityIds: [999_999] }));
    expect([403, 404]).toContain(foreign.statusCode);
  });

  it('lists with filters and sort, and exports what it lists', async () => {
    const { items } = await list({ text: 'mehta' });
    expect(items.map((c) => c.userName)).toEqual(['ca-one']);
    expect((await list({ profession: 'Advocate' })).totalRecords).toBe(0);
    const sorted = await admin.post(C.consultantSearch, { start: 0, size: 50, sortExpression: 'displayName ASC' });
    expect((sorted.json().data as { items: Consultant[] }).items.map((c) => c.displayName)).toEqual(['CA one', 'CA two']);
    const file = await admin.post(C.consultantExport, { filters: { text: 'mehta' } });
    expect(file.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0];
    expect(sheet?.getRow(2).getCell(2).value).toBe('ca-one');
    expect(sheet?.rowCount).toBe(2);
  });

  it('deactivates through the user (its sign-in ends) and activates again', async () => {
    const { items } = await list({ text: 'ca-two' });
    const two = items[0]!;
    const res = await admin.post(C.consultantUpdateStatus, { ids: [two.id], status: 'Inactive' });
    expect(res.json().data).toEqual({ affected: 1 });
    const [user] = await h.ctx.database.db.select().from(users).where(eq(users.id, two.userId));
    expect(user?.status).toBe('Inactive');
    expect((await list({ status: 'Inactive' })).items.map((c) => c.id)).toEqual([two.id]);
    await admin.post(C.consultantUpdateStatus, { ids: [two.id], status: 'Active' });
    expect((await list({ status: 'Active' })).totalRecords).toBe(2);
  });

  it('refuses deletion while an open notice is assigned, with the count; deletes once it is closed', async () => {
    const { db } = h.ctx.database;
    const one = (await list({ text: 'ca-one' })).items[0]!;
    const [notice] = await db
      .insert(notices)
      .values({
        subscriberId: t.subscriberId,
        entityId: t.entityIds[1]!,
        form: 'ASMT-10',
        noticeType: 'Notice',
        referenceNumber: 'ZA0711260001',
        issuedOn: '2026-10-01',
      })
      .returning({ id: notices.id });
    await db.insert(noticeConsultants).values({ noticeId: notice!.id, consultantId: one.id });
    expect((await list({ text: 'ca-one' })).items[0]?.openNotices).toBe(1);
    const refused = await admin.post(C.consultantDelete, { ids: [one.id] });
    expect(refused.statusCode).toBe(422);
    expect(refused.body).toContain('CA one has 1 open notice assigned');
    await db.update(notices).set({ stage: 'Closed' }).where(eq(notices.id, notice!.id));
    const deleted = await admin.post(C.consultantDelete, { ids: [one.id] });
    expect(deleted.json().data).toEqual({ affected: 1 });
    expect((await list({ text: 'ca-one' })).totalRecords).toBe(0);
    const [user] = await db.select().from(users).where(eq(users.id, one.userId));
    expect(user?.status).toBe('Delete');
    const signInAfter = await login(h.app, 'ca-one', 'whatever-it-was');
    expect(signInAfter.statusCode).not.toBe(200);
  });

  it('needs MastersView or UserManage to read, UserManage to save, UserDelete to delete; the lookup serves the notice register', async () => {
    const viewer = clientOf(h, (await signInLimitedUser(h, t, ['MastersView'], [])).token);
    expect((await viewer.post(C.consultantSearch, { start: 0, size: 5 })).statusCode).toBe(200);
    expect((await viewer.post(C.consultantSave, input('six'))).statusCode).toBe(403);
    expect((await viewer.post(C.consultantDelete, { ids: [1] })).statusCode).toBe(403);
    expect((await viewer.get(C.consultantLookup)).statusCode).toBe(403);
    const litigation = clientOf(h, (await signInLimitedUser(h, t, ['LitigationManagement'], [])).token);
    const lookup = await litigation.get(C.consultantLookup);
    expect(lookup.statusCode, lookup.body).toBe(200);
    expect((lookup.json().data as { items: { displayName: string }[] }).items.map((o) => o.displayName)).toEqual(['CA two']);
    expect((await litigation.post(C.consultantSearch, { start: 0, size: 5 })).statusCode).toBe(403);
  });
});
