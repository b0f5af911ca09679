import { ORGANIZATION_API as O } from '@opengst/contracts';
import { GSTIN_MESSAGES } from '@opengst/domain';
import { and, asc, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditTrail, documents, entityPortalCredentials, userEntities } from '../../../db/schema';
import { openSecret } from '../../../platform/secrets';
import { authed, createTenant, ENGINES, signIn, startHarness, type Harness, type Tenant } from '../../../test-support/harness';
import { clientOf, gstinFor, signInLimitedUser, TENANT_PAN } from '../../../test-support/org-fixtures';

/** A GSTIN of the tenant's PAN whose check character is wrong. */
const withWrongCheck = (gstin: string) => gstin.slice(0, 14) + (gstin.endsWith('A') ? 'B' : 'A');

const readXlsx = async (body: Buffer): Promise<string[][]> => {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(body as unknown as ArrayBuffer);
  const rows: string[][] = [];
  workbook.worksheets[0]?.eachRow((row) =>
    rows.push((row.values as unknown[]).slice(1).map((v) => (v === null || v === undefined ? '' : String(v)))),
  );
  return rows;
};

const multipartBody = (fileName: string, content: Buffer) => {
  const boundary = '----opengst-test-boundary';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    ),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
};

describe.each(ENGINES)('entities on %s', (engine) => {
  let h: Harness;
  let t: Tenant;
  let other: Tenant;
  let api: ReturnType<typeof clientOf>;
  let token: string;
  const logLines: string[] = [];
  let businessId: number;
  let delhiId: number;
  let chennaiId: number;

  beforeAll(async () => {
    const logStream = new Writable({
      write(chunk, _enc, done) {
        logLines.push(String(chunk));
        done();
      },
    });
    h = await startHarness(engine, { logStream });
    t = await createTenant(h);
    other = await createTenant(h);
    token = await signIn(h.app, t);
    api = clientOf(h, token);
    [businessId = 0, delhiId = 0, chennaiId = 0] = t.entityIds;
  });
  afterAll(async () => {
    await h.close();
  });

  const location = (stateCode: string, gstin: string, extra: Record<string, unknown> = {}) => ({
    entityType: 'Location',
    parentEntityId: businessId,
    entityName: `Location ${stateCode}`,
    gstin,
    stateCode,
    taxpayerType: 'Regular',
    ...extra,
  });

  it('refuses a GSTIN with a wrong check character on Gstin with the domain message, then saves the right one with its audit row', async () => {
    const right = gstinFor('27', TENANT_PAN, '1');
    const wrong = await api.post(O.entitySave, location('27', withWrongCheck(right)));
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors).toEqual([
      expect.objectContaining({ propertyName: 'Gstin', message: GSTIN_MESSAGES.GSTIN_CHECK_CHARACTER }),
    ]);

    const saved = await api.post(O.entitySave, location('27', right.toLowerCase(), { pincode: '400001', email: 'mumbai@example.test' }));
    expect(saved.statusCode).toBe(200);
    const entityId = saved.json().data.entityId as number;
    const detail = (await api.get(O.entityDetail, { entityId })).json().data;
    expect(detail).toMatchObject({
      gstin: right,
      stateCode: '27',
      pan: TENANT_PAN,
      parentEntityId: businessId,
      parentEntityName: expect.any(String),
      hasAccess: true,
      status: 'Active',
    });
    const [audit] = await h.ctx.database.db
      .select()
      .from(auditTrail)
      .where(and(eq(auditTrail.entityType, 'Entity'), eq(auditTrail.entityKey, String(entityId))));
    expect(audit).toMatchObject({ action: 'Create', userId: t.adminUserId, subscriberId: t.subscriberId });
    const access = await h.ctx.database.db.select().from(userEntities).where(eq(userEntities.entityId, entityId));
    expect(access.map((a) => a.userId)).toContain(t.adminUserId);
  });

  it('refuses a GSTIN of another state, of another PAN, a duplicate, a bad pincode and a bad business PAN', async () => {
    const stateMismatch = await api.post(O.entitySave, location('29', gstinFor('24', TENANT_PAN, '1')));
    expect(stateMismatch.json().errors).toEqual([expect.objectContaining({ code: 'ORG0001', propertyName: 'Gstin' })]);
    const panMismatch = await api.post(O.entitySave, location('24', gstinFor('24', 'AABCX9999K', '1')));
    expect(panMismatch.json().errors).toEqual([expect.objectContaining({ code: 'ORG0002', propertyName: 'Gstin' })]);
    const duplicate = await api.post(O.entitySave, location('07', gstinFor('07', TENANT_PAN, '1')));
    expect(duplicate.json().errors).toEqual([expect.objectContaining({ code: 'ORG0003', propertyName: 'Gstin' })]);
    const pincode = await api.post(O.entitySave, location('24', gstinFor('24', TENANT_PAN, '1'), { pincode: '12345' }));
    expect(pincode.statusCode).toBe(422);
    expect(pincode.json().errors[0].propertyName).toBe('Pincode');
    const pan = await api.post(O.entitySave, { entityType: 'Business', entityName: 'Bad', pan: 'AAAZZ1234F' });
    expect(pan.statusCode).toBe(422);
    expect(pan.json().errors[0]).toMatchObject({ propertyName: 'Pan' });
    const orphan = await api.post(O.entitySave, {
      entityType: 'Location',
      parentEntityId: delhiId,
      entityName: 'X',
      gstin: gstinFor('24', TENANT_PAN, '2'),
      stateCode: '24',
    });
    expect(orphan.json().errors[0]).toMatchObject({ code: 'ORG0004' });
    for (const res of [stateMismatch, panMismatch, duplicate]) expect(res.statusCode).toBe(422);
  });

  it('keeps the effective date of registration, which starts the returns, and refuses one that is no date', async () => {
    const gstin = gstinFor('10', TENANT_PAN, '5');
    for (const registrationDate of ['2026-02-30', '2026-13-01']) {
      const refused = await api.post(O.entitySave, location('10', gstin, { registrationDate }));
      expect(refused.statusCode).toBe(422);
      expect(refused.json().errors[0]).toMatchObject({ code: 'GEN0009', propertyName: 'RegistrationDate' });
    }
    const saved = await api.post(O.entitySave, location('10', gstin, { registrationDate: '2026-11-05' }));
    expect(saved.statusCode, saved.body).toBe(200);
    const detail = await api.get(O.entityDetail, { entityId: saved.json().data.entityId });
    expect(detail.json().data.registrationDate).toBe('2026-11-05');
    // Out of the way of the counts the next tests check.
    expect((await api.post(O.entityDelete, { ids: [saved.json().data.entityId] })).statusCode).toBe(200);
  });

  it('creates a business and a child location in its location state, and edits it', async () => {
    const business = await api.post(O.entitySave, {
      entityType: 'Business',
      entityName: 'Second Co',
      pan: 'AABCS1234K',
      taxpayerType: 'Regular',
    });
    expect(business.statusCode).toBe(200);
    const child = await api.post(O.entitySave, {
      entityType: 'ChildLocation',
      parentEntityId: delhiId,
      entityName: 'Delhi store',
      gstin: gstinFor('07', TENANT_PAN, '5'),
    });
    expect(child.statusCode).toBe(200);
    const childId = child.json().data.entityId as number;
    const edited = await api.post(O.entitySave, {
      entityId: childId,
      entityType: 'ChildLocation',
      parentEntityId: delhiId,
      entityName: 'Delhi store 2',
      status: 'Inactive',
    });
    expect(edited.statusCode).toBe(200);
    expect((await api.get(O.entityDetail, { entityId: childId })).json().data).toMatchObject({
      entityName: 'Delhi store 2',
      stateCode: '07',
      gstin: null,
      status: 'Inactive',
    });
    const moved = await api.post(O.entitySave, {
      entityId: childId,
      entityType: 'ChildLocation',
      parentEntityId: chennaiId,
      entityName: 'Moved',
    });
    expect(moved.json().errors[0].code).toBe('ORG0011');
  });

  it('searches with the default sort parentEntityName DESC, child counts, filters and paging', async () => {
    const res = await api.post(O.entitySearch, { start: 0, size: 50 });
    expect(res.statusCode).toBe(200);
    const { items, totalRecords } = res.json().data;
    expect(totalRecords).toBe(items.length);
    expect(items[0].parentEntityName).toBeNull(); // businesses first: NULL sorts first in DESC order
    const business = items.find((e: { entityId: number }) => e.entityId === businessId);
    expect(business).toMatchObject({
      entityType: 'Business',
      activeChildren: 3,
      inactiveChildren: 0,
      gstinId: businessId,
      hasAccess: true,
    });
    const delhi = items.find((e: { entityId: number }) => e.entityId === delhiId);
    expect(delhi).toMatchObject({ activeChildren: 0, inactiveChildren: 1 });
    const byText = (await api.post(O.entitySearch, { filters: { searchText: 'chenn' } })).json().data;
    expect(byText.items.map((e: { entityId: number }) => e.entityId)).toEqual([chennaiId]);
    const page = (
      await api.post(O.entitySearch, { start: 1, size: 2, sortExpression: 'entityName ASC', filters: { entityType: 'Location' } })
    ).json().data;
    expect(page.items).toHaveLength(2);
    expect(page.totalRecords).toBe(3);
    const badSort = await api.post(O.entitySearch, { sortExpression: 'password DESC' });
    expect(badSort.statusCode).toBe(422);
    expect((await api.post(O.entitySearch, { filters: { entityType: 'Planet' } })).json().errors[0].propertyName).toBe(
      'Filters.EntityType',
    );
    expect((await api.post(O.entityExport, { filters: { stateCode: 'Delhi' } })).statusCode).toBe(422);
    expect((await api.get(O.entityDetail, { entityId: 'abc' })).statusCode).toBe(422);
    expect((await api.post(O.entityDelete, { ids: [] })).statusCode).toBe(422);
    const theirs = (await clientOf(h, await signIn(h.app, other)).post(O.entitySearch, {}))
      .json()
      .data.items.map((e: { entityId: number }) => e.entityId);
    expect(theirs.some((id: number) => t.entityIds.includes(id))).toBe(false);
  });

  it('shows a location user only their location and its business, and refuses them other locations and rights', async () => {
    const { token } = await signInLimitedUser(h, t, ['EntityView'], [delhiId]);
    const limited = clientOf(h, token);
    const listed = (await limited.post(O.entitySearch, {})).json().data;
    const items = listed.items as { entityId: number; hasAccess: boolean }[];
    expect(listed.totalRecords).toBe(2);
    expect(items.map((e) => [e.entityId, e.hasAccess]).sort()).toEqual(
      [
        [businessId, false],
        [delhiId, true],
      ].sort(),
    );
    expect((await limited.get(O.entityDetail, { entityId: chennaiId })).statusCode).toBe(403);
    expect((await limited.get(O.entityDetail, { entityId: delhiId })).statusCode).toBe(200);
    expect((await limited.post(O.entitySave, location('24', gstinFor('24', TENANT_PAN, '1')))).statusCode).toBe(403);
    expect((await limited.post(O.entityExport, {})).statusCode).toBe(403);
    expect((await limited.post(O.entityUpdateStatus, { ids: [delhiId], status: 'Inactive' })).statusCode).toBe(403);
    const none = clientOf(h, (await signInLimitedUser(h, t, ['DashboardStatistics'], [delhiId])).token);
    expect((await none.post(O.entitySearch, {})).statusCode).toBe(403);
    expect((await none.get(O.entityDetail, { entityId: delhiId })).json().errors[0].code).toBe('GEN0002');
    const tree = (await none.get(O.entityEntities)).json().data;
    expect(
      tree.find((b: { entityId: number }) => b.entityId === businessId).children.map((l: { hasAccess: boolean }) => l.hasAccess),
    ).toContain(true);
  });

  it("answers 404 for another subscriber's entity ids on every entity route, never their data", async () => {
    const foreign = other.entityIds[1] ?? 0;
    const calls = [
      api.get(O.entityDetail, { entityId: foreign }),
      api.post(O.entityUpdateStatus, { ids: [foreign], status: 'Inactive' }),
      api.post(O.entityDelete, { ids: [foreign] }),
      api.post(O.entitySave, {
        entityId: foreign,
        entityType: 'Location',
        parentEntityId: other.entityIds[0],
        entityName: 'X',
        gstin: gstinFor('07', TENANT_PAN, '1'),
        stateCode: '07',
      }),
      api.post(O.entitySave, location('24', gstinFor('24', TENANT_PAN, '1'), { parentEntityId: other.entityIds[0] })),
      api.post(O.entitySetGstinTurnover, { entityId: foreign, financialYear: '2025-26', turnover: 10 }),
      api.post(O.entitySetGstPortalCredential, { entityId: foreign, portalUserName: 'x', portalPassword: 'y' }),
      api.post(O.entitySetGstPortalCredentials, { credentials: [{ entityId: foreign, portalUserName: 'x', portalPassword: 'y' }] }),
    ];
    for (const res of await Promise.all(calls)) {
      expect(res.statusCode, res.body).toBe(404);
      expect(res.body).not.toContain('Chennai');
    }
    const tree = JSON.stringify((await api.get(O.entityEntities)).json());
    expect(tree).not.toContain(`"entityId":${foreign},`);
  });

  it('changes status and soft-deletes, refusing a parent with children and a system-wide right it lacks', async () => {
    const created = await api.post(O.entitySave, location('24', gstinFor('24', TENANT_PAN, '1')));
    const id = created.json().data.entityId as number;
    const status = await api.post(O.entityUpdateStatus, { ids: [id], status: 'Inactive' });
    expect(status.json().data.affected).toBe(1);
    expect((await api.get(O.entityDetail, { entityId: id })).json().data.status).toBe('Inactive');
    const refused = await api.post(O.entityDelete, { ids: [businessId] });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors[0].code).toBe('ORG0005');
    const manager = clientOf(h, (await signInLimitedUser(h, t, ['EntityManage', 'EntityView'], [id])).token);
    expect((await manager.post(O.entityDelete, { ids: [id] })).statusCode).toBe(403);
    const deleted = await api.post(O.entityDelete, { ids: [id] });
    expect(deleted.json().data.affected).toBe(1);
    expect((await api.get(O.entityDetail, { entityId: id })).statusCode).toBe(404);
    const visible = (await api.post(O.entitySearch, { size: 100 })).json().data.items.map((e: { entityId: number }) => e.entityId);
    expect(visible).not.toContain(id);
    const actions = await h.ctx.database.db
      .select({ action: auditTrail.action })
      .from(auditTrail)
      .where(eq(auditTrail.entityKey, String(id)));
    expect(actions.map((a) => a.action)).toEqual(expect.arrayContaining(['Create', 'StatusChange', 'Delete']));
    const invalid = await api.post(O.entityUpdateStatus, { ids: [], status: 'Delete' });
    expect(invalid.statusCode).toBe(422);
    // The deleted location freed its GSTIN: the registration can be set up again.
    const again = await api.post(O.entitySave, location('24', gstinFor('24', TENANT_PAN, '1')));
    expect(again.statusCode).toBe(200);
    expect(again.json().data.entityId).not.toBe(id);
  });

  it('refuses to delete a location that holds documents', async () => {
    const created = await api.post(O.entitySave, location('32', gstinFor('32', TENANT_PAN, '1')));
    const id = created.json().data.entityId as number;
    await h.ctx.database.db.insert(documents).values({
      subscriberId: t.subscriberId,
      entityId: id,
      direction: 'Sales',
      financialYear: '2026-27',
      returnPeriod: '102026',
      documentType: 'INV',
      documentNumber: 'INV/1',
      documentDate: '2026-10-05',
      source: 'Manual',
    });
    const refused = await api.post(O.entityDelete, { ids: [id] });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors[0].code).toBe('ORG0005');
    expect((await api.get(O.entityDetail, { entityId: id })).json().data.status).toBe('Active');
  });

  it('sets the turnover of a financial year in paise and validates it', async () => {
    const res = await api.post(O.entitySetGstinTurnover, { entityId: delhiId, financialYear: '2025-26', turnover: '1,23,45,678.50' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.turnovers).toEqual([{ financialYear: '2025-26', turnover: 1_234_567_850 }]);
    const updated = await api.post(O.entitySetGstinTurnover, { entityId: delhiId, financialYear: '2025-26', turnover: 600_000_000.1 });
    expect(updated.json().data.turnovers).toEqual([{ financialYear: '2025-26', turnover: 60_000_000_010 }]);
    const negative = await api.post(O.entitySetGstinTurnover, { entityId: delhiId, financialYear: '2025-26', turnover: '-5' });
    expect(negative.json().errors[0]).toMatchObject({ code: 'ORG0008', propertyName: 'Turnover' });
    const badYear = await api.post(O.entitySetGstinTurnover, { entityId: delhiId, financialYear: '1999-00', turnover: 5 });
    expect(badYear.json().errors[0]).toMatchObject({ propertyName: 'FinancialYear' });
    const viewer = clientOf(h, (await signInLimitedUser(h, t, ['EntityView'], [delhiId])).token);
    expect((await viewer.post(O.entitySetGstinTurnover, { entityId: delhiId, financialYear: '2025-26', turnover: 5 })).statusCode).toBe(
      403,
    );
  });

  it('stores portal credentials sealed and never answers, audits or exports the password', async () => {
    const password = 'Portal#Secret-4711';
    const res = await api.post(O.entitySetGstPortalCredential, {
      entityId: chennaiId,
      portalUserName: 'chennai_user',
      portalPassword: password,
    });
    expect(res.json().data).toEqual({ entityId: chennaiId, hasPortalCredential: true, portalUserName: 'chennai_user' });
    const [stored] = await h.ctx.database.db.select().from(entityPortalCredentials).where(eq(entityPortalCredentials.entityId, chennaiId));
    expect(stored?.secret).not.toContain(password);
    expect(openSecret(h.ctx.secretKey, stored?.secret ?? '')).toBe(password);
    const list = await api.post(O.entitySetGstPortalCredentials, {
      credentials: [{ entityId: delhiId, portalUserName: 'delhi_user', portalPassword: password }],
    });
    expect(list.json().data.affected).toBe(1);
    const onBusiness = await api.post(O.entitySetGstPortalCredential, { entityId: businessId, portalUserName: 'b', portalPassword: 'c' });
    expect(onBusiness.statusCode).toBe(422);
    const empty = await api.post(O.entitySetGstPortalCredential, { entityId: chennaiId, portalUserName: 'b', portalPassword: '' });
    expect(empty.json().errors[0].propertyName).toBe('PortalPassword');

    const detail = await api.get(O.entityDetail, { entityId: chennaiId });
    expect(detail.json().data).toMatchObject({ hasPortalCredential: true, portalUserName: 'chennai_user' });
    const search = await api.post(O.entitySearch, {});
    const exported = await api.post(O.entityExport, {});
    const audits = await h.ctx.database.db.select().from(auditTrail).where(eq(auditTrail.subscriberId, t.subscriberId));
    for (const text of [
      detail.body,
      search.body,
      exported.rawPayload.toString('latin1'),
      JSON.stringify(audits),
      JSON.stringify(await readXlsx(exported.rawPayload)),
    ]) {
      expect(text).not.toContain(password);
    }
    expect(audits.some((a) => JSON.stringify(a.after).includes('portalPasswordChanged'))).toBe(true);
    expect(logLines.length).toBeGreaterThan(0);
    expect(logLines.join('\n')).not.toContain(password);
    const viewer = clientOf(h, (await signInLimitedUser(h, t, ['EntityView'], [chennaiId])).token);
    expect(
      (await viewer.post(O.entitySetGstPortalCredential, { entityId: chennaiId, portalUserName: 'v', portalPassword: 'w' })).statusCode,
    ).toBe(403);
    expect(
      (
        await viewer.post(O.entitySetGstPortalCredentials, {
          credentials: [{ entityId: chennaiId, portalUserName: 'v', portalPassword: 'w' }],
        })
      ).statusCode,
    ).toBe(403);
    const noLocation = clientOf(h, (await signInLimitedUser(h, t, ['EntityManage'], [delhiId])).token);
    expect(
      (await noLocation.post(O.entitySetGstPortalCredential, { entityId: chennaiId, portalUserName: 'v', portalPassword: 'w' })).json()
        .errors[0].code,
    ).toBe('GEN0010');
    expect((await api.post(O.entitySetGstPortalCredentials, { credentials: [] })).statusCode).toBe(422);
  });

  it('imports portal credentials from xlsx and csv with per-row errors', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Credentials');
    sheet.addRow(['GSTIN', 'User name', 'Password']);
    sheet.addRow([gstinFor('07', TENANT_PAN, '1'), 'delhi_import', 'Xl#Pass1']);
    sheet.addRow([withWrongCheck(gstinFor('33', TENANT_PAN, '1')), 'bad', 'Xl#Pass2']);
    sheet.addRow([gstinFor('33', TENANT_PAN, '1'), '', 'Xl#Pass3']);
    sheet.addRow([gstinFor('07', TENANT_PAN, '9'), 'stranger', 'Xl#Pass4']);
    const upload = (fileName: string, content: Buffer, sessionToken = token) => {
      const body = multipartBody(fileName, content);
      return h.app.inject({
        method: 'POST',
        url: O.entityImportGstPortalCredentials,
        payload: body.payload,
        headers: { ...body.headers, ...authed(sessionToken) },
      });
    };
    const res = await upload('credentials.xlsx', Buffer.from(await workbook.xlsx.writeBuffer()));
    expect(res.statusCode, res.body).toBe(200);
    const result = res.json().data;
    expect(result).toMatchObject({ totalRows: 4, saved: 1 });
    expect(result.errors.map((e: { rowNumber: number; propertyName: string }) => [e.rowNumber, e.propertyName])).toEqual([
      [3, 'Gstin'],
      [4, 'PortalUserName'],
      [5, 'Gstin'],
    ]);
    expect(result.errors[0].message).toBe(GSTIN_MESSAGES.GSTIN_CHECK_CHARACTER);
    expect(res.body).not.toContain('Xl#Pass');
    expect((await api.get(O.entityDetail, { entityId: delhiId })).json().data.portalUserName).toBe('delhi_import');

    const csv = `GSTIN,User name,Password\r\n${gstinFor('33', TENANT_PAN, '1')},"chennai, csv","Pa""ss,1"\r\n`;
    const csvRes = await upload('credentials.csv', Buffer.from(csv));
    expect(csvRes.json().data).toMatchObject({ totalRows: 1, saved: 1, errors: [] });
    const [stored] = await h.ctx.database.db.select().from(entityPortalCredentials).where(eq(entityPortalCredentials.entityId, chennaiId));
    expect(stored?.portalUserName).toBe('chennai, csv');
    expect(openSecret(h.ctx.secretKey, stored?.secret ?? '')).toBe('Pa"ss,1');

    const wrongHeader = await upload('credentials.csv', Buffer.from('Name,Pass\n'));
    expect(wrongHeader.json().errors[0].code).toBe('ORG0009');
    const tooLarge = await upload('credentials.csv', Buffer.alloc(5 * 1024 * 1024 + 1, 'a'));
    expect(tooLarge.statusCode).toBe(413);
    const wrongType = await upload('credentials.pdf', Buffer.from('%PDF'));
    expect(wrongType.json().errors[0].code).toBe('ORG0009');
    const viewer = (await signInLimitedUser(h, t, ['EntityView'], [delhiId])).token;
    expect((await upload('credentials.csv', Buffer.from(csv), viewer)).statusCode).toBe(403);
  });

  it('exports exactly the filtered rows as xlsx and audits the export', async () => {
    const res = await api.post(O.entityExport, { filters: { entityType: 'Location' }, sortExpression: 'entityName ASC' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="entities.xlsx"/);
    const rows = await readXlsx(res.rawPayload);
    expect(rows[0]).toEqual(['Entity type', 'Name', 'GSTIN', 'State', 'Taxpayer type', 'Status', 'Parent']);
    const search = (await api.post(O.entitySearch, { filters: { entityType: 'Location' }, sortExpression: 'entityName ASC' })).json().data;
    expect(rows.length - 1).toBe(search.totalRecords);
    const chennai = rows.find((r) => r[1] === 'Chennai');
    expect(chennai).toEqual([
      'Location',
      'Chennai',
      gstinFor('33', TENANT_PAN, '1'),
      'Tamil Nadu',
      'Regular',
      'Active',
      expect.stringContaining('Business'),
    ]);
    const exports = await h.ctx.database.db
      .select()
      .from(auditTrail)
      .where(and(eq(auditTrail.subscriberId, t.subscriberId), eq(auditTrail.action, 'Export')))
      .orderBy(asc(auditTrail.id));
    expect(exports.at(-1)?.after).toEqual({ filters: { entityType: 'Location' }, rows: search.totalRecords });
  });
});
