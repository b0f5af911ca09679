import { ADMINISTRATION_API as A, IMPORT_API as I, ORGANIZATION_API as O } from '@opengst/contracts';
import { and, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apiKeys,
  auditTrail,
  branches,
  departments,
  entities,
  entityPortalCredentials,
  entityTurnovers,
  imports,
  roles,
  users,
} from './db/schema';
import { createTenant, ENGINES, signIn, startHarness, type Harness, type Tenant } from './test-support/harness';
import { csvOf, headerOf, importFile, saleRow, upload } from './test-support/import-fixtures';
import { DOCUMENT_NO_RECORD_IDS, documentSweeps } from './test-support/document-fixtures';
import { clientOf, gstinFor, signInLimitedUser, TENANT_PAN } from './test-support/org-fixtures';
import { REGISTER_NO_RECORD_IDS, registerSweeps } from './test-support/register-fixtures';
import { reconciliationSweeps } from './test-support/reconciliation-fixtures';
import { inwardSweeps } from './test-support/inward-fixtures';
import { returnSweeps } from './test-support/return-fixtures';
import { vendorPaymentSweeps } from './modules/vendor-payment/vendor-payment.sweeps';
import { gstr3bSweeps } from './test-support/gstr3b-fixtures';
import { paymentsSweeps } from './modules/payments/payments.sweeps';
import { drc01Sweeps } from './modules/drc01/drc01.sweeps';
import { ANNOUNCEMENT_NO_RECORD_IDS, announcementSweeps } from './modules/announcements/announcements.sweeps';
import { SERIES_NO_RECORD_IDS, seriesSweeps } from './modules/masters/series/series.sweeps';
import { IP_ADDRESS_NO_RECORD_IDS, ipAddressSweeps } from './modules/masters/ip-addresses/ip-addresses.sweeps';
import { NOTICE_NO_RECORD_IDS, noticeSweeps } from './modules/litigation/notices.sweeps';
import { noticePortalSyncSweeps } from './modules/litigation/notices-portal-sync.sweeps';
import { LITIGATION_REPORT_NO_RECORD_IDS, litigationReportSweeps } from './modules/reports/litigation/litigation-reports.sweeps';
import { namedMasterSweeps } from './modules/masters/named-masters/named-masters.sweeps';
import { chartOfAccountsSweeps } from './modules/masters/chart-of-accounts/chart-of-accounts.sweeps';
import { businessPartnerSweeps } from './modules/masters/business-partners/business-partners.sweeps';
import { HSN_SAC_NO_RECORD_IDS, hsnSacSweeps } from './modules/masters/hsn-sac/hsn-sac.sweeps';
import { EINVOICE_NO_RECORD_IDS, einvoiceSweeps } from './modules/einvoice/einvoice.sweeps';
import { IRP_PORTAL_NO_RECORD_IDS, irpPortalSweeps } from './modules/irp-portal/irp-portal.sweeps';
import { ewaybillSweeps } from './modules/ewaybill/ewaybill.sweeps';
import { CONSULTANT_NO_RECORD_IDS, consultantSweeps } from './modules/masters/consultants/consultants.sweeps';
import { FILE_NO_RECORD_IDS, fileSweeps } from './modules/files/files.sweeps';
import { PUBLIC_REPLY_NO_RECORD_IDS } from './modules/notifications/public-reply.sweeps';
import { notificationSweeps } from './modules/notifications/notifications.sweeps';

// The cross-tenant sweep of issue 5: every API route that names a record by id is called by subscriber A's
// administrator with subscriber B's ids, and must answer 404 (or an empty result for a filter) without B's data and
// without changing B's records. The test also fails when a route exists that it neither sweeps nor lists as taking no
// record id, so a new route cannot slip past it.

type Ids = {
  business: number;
  location: number;
  user: number;
  role: number;
  branch: number;
  department: number;
  audit: number;
  apiKey: number;
  import: number;
};
type Call = (api: ReturnType<typeof clientOf>, b: Ids, raw: { h: Harness; token: string }) => Promise<LightMyRequestResponse>;
type Sweep = { route: string; call: Call; expect: 'notFound' | 'empty' | 'emptyXlsx' };

const g =
  (route: string, query: (b: Ids) => Record<string, number>): Call =>
  (api, b) =>
    api.get(route.slice(4), query(b));
const p =
  (route: string, body: (b: Ids) => unknown): Call =>
  (api, b) =>
    api.post(route.slice(5), body(b));
const sweep = (route: string, call: (r: string) => Call, expectation: Sweep['expect'] = 'notFound'): Sweep => ({
  route,
  call: call(route),
  expect: expectation,
});

const SWEEPS: Sweep[] = [
  sweep(`GET ${O.entityDetail}`, (r) => g(r, (b) => ({ entityId: b.location }))),
  sweep(`POST ${O.entitySave}`, (r) =>
    p(r, (b) => ({
      entityId: b.location,
      entityType: 'Location',
      parentEntityId: b.business,
      entityName: 'Hijacked',
      gstin: gstinFor('07', TENANT_PAN, '1'),
      stateCode: '07',
    })),
  ),
  sweep(`POST ${O.entityUpdateStatus}`, (r) => p(r, (b) => ({ ids: [b.location], status: 'Inactive' }))),
  sweep(`POST ${O.entityDelete}`, (r) => p(r, (b) => ({ ids: [b.location] }))),
  sweep(`POST ${O.entitySetGstinTurnover}`, (r) => p(r, (b) => ({ entityId: b.location, financialYear: '2025-26', turnover: 100 }))),
  sweep(`POST ${O.entitySetGstPortalCredential}`, (r) =>
    p(r, (b) => ({ entityId: b.location, portalUserName: 'stolen', portalPassword: 'Stolen#1' })),
  ),
  sweep(`POST ${O.entitySetGstPortalCredentials}`, (r) =>
    p(r, (b) => ({ credentials: [{ entityId: b.location, portalUserName: 'stolen', portalPassword: 'Stolen#1' }] })),
  ),
  sweep(`POST ${O.entitySearch}`, (r) => p(r, (b) => ({ filters: { parentEntityId: b.business } })), 'empty'),
  sweep(`POST ${O.entityExport}`, (r) => p(r, (b) => ({ filters: { parentEntityId: b.business } })), 'emptyXlsx'),
  sweep(`GET ${O.branchDetail}`, (r) => g(r, (b) => ({ id: b.branch }))),
  sweep(`POST ${O.branchSave}`, (r) => p(r, (b) => ({ id: b.branch, name: 'Hijacked' }))),
  sweep(`POST ${O.branchUpdateStatus}`, (r) => p(r, (b) => ({ ids: [b.branch], status: 'Inactive' }))),
  sweep(`POST ${O.branchDelete}`, (r) => p(r, (b) => ({ ids: [b.branch] }))),
  sweep(`GET ${O.departmentDetail}`, (r) => g(r, (b) => ({ id: b.department }))),
  sweep(`POST ${O.departmentSave}`, (r) => p(r, (b) => ({ id: b.department, name: 'Hijacked' }))),
  sweep(`POST ${O.departmentUpdateStatus}`, (r) => p(r, (b) => ({ ids: [b.department], status: 'Inactive' }))),
  sweep(`POST ${O.departmentDelete}`, (r) => p(r, (b) => ({ ids: [b.department] }))),
  sweep(`GET ${O.auditDetail}`, (r) => g(r, (b) => ({ id: b.audit }))),
  sweep(`POST ${O.auditSearch}`, (r) => p(r, (b) => ({ filters: { userId: b.user } })), 'empty'),
  sweep(`POST ${O.auditExport}`, (r) => p(r, (b) => ({ filters: { userId: b.user } })), 'emptyXlsx'),
  sweep(`GET ${A.userDetail}`, (r) => g(r, (b) => ({ userId: b.user }))),
  sweep(`POST ${A.userSave}`, (r) =>
    p(r, (b) => ({ userId: b.user, userName: 'hijacked', displayName: 'Hijacked', email: 'h@example.test', roleId: b.role })),
  ),
  sweep(`POST ${A.userUpdateStatus}`, (r) => p(r, (b) => ({ userIds: [b.user], status: 'Inactive' }))),
  sweep(`POST ${A.userDelete}`, (r) => p(r, (b) => ({ userIds: [b.user] }))),
  sweep(`POST ${A.userResetPassword}`, (r) => p(r, (b) => ({ userId: b.user }))),
  sweep(`GET ${A.userGetApiAccess}`, (r) => g(r, (b) => ({ userId: b.user }))),
  sweep(`POST ${A.userApiAccess}`, (r) => p(r, (b) => ({ userId: b.user, isEnabled: false }))),
  sweep(`GET ${A.userGenerateLifetimeAuthToken}`, (r) => g(r, (b) => ({ userId: b.user }))),
  sweep(`GET ${A.userGenerateAuthKey}`, (r) => g(r, (b) => ({ userId: b.user }))),
  sweep(`POST ${A.userRevokeApiKey}`, (r) => p(r, (b) => ({ id: b.apiKey }))),
  sweep(`POST ${A.userSearch}`, (r) => p(r, (b) => ({ filters: { roleId: b.role } })), 'empty'),
  sweep(`POST ${A.userExport}`, (r) => p(r, (b) => ({ filters: { roleId: b.role } })), 'emptyXlsx'),
  sweep(`GET ${A.roleDetail}`, (r) => g(r, (b) => ({ roleId: b.role }))),
  sweep(`POST ${A.roleSave}`, (r) => p(r, (b) => ({ roleId: b.role, name: 'Hijacked', rightIds: [] }))),
  sweep(`POST ${A.roleDelete}`, (r) => p(r, (b) => ({ roleId: b.role }))),
  sweep(
    `POST ${I.upload}`,
    () => (_api, b, raw) =>
      upload(raw.h, raw.token, 'into-b.csv', csvOf([headerOf('SalesDocuments'), saleRow()]), 'SalesDocuments', {
        entityId: String(b.location),
      }),
  ),
  sweep(`GET ${I.statisticStatus}`, (r) => g(r, (b) => ({ importId: b.import }))),
  sweep(`GET ${I.summary}`, (r) => g(r, (b) => ({ importId: b.import }))),
  sweep(`GET ${I.errorSummary}`, (r) => g(r, (b) => ({ importId: b.import }))),
  sweep(`GET ${I.fileHeaders}`, (r) => g(r, (b) => ({ importId: b.import }))),
  sweep(`POST ${I.errors}`, (r) => p(r, (b) => ({ importId: b.import }))),
  sweep(`GET ${I.export}`, (r) => g(r, (b) => ({ importId: b.import }))),
  sweep(`GET ${I.backgroundStatus}`, () => (api, b) => api.get(I.backgroundStatus, { id: b.import, type: 'import' })),
  ...documentSweeps(),
  ...registerSweeps(),
  ...returnSweeps(),
  ...reconciliationSweeps(),
  ...inwardSweeps(),
  ...vendorPaymentSweeps(),
  ...gstr3bSweeps(),
  ...paymentsSweeps(),
  ...drc01Sweeps(),
  ...announcementSweeps(),
  ...seriesSweeps(),
  ...ipAddressSweeps(),
  ...noticeSweeps(),
  ...noticePortalSyncSweeps(),
  ...litigationReportSweeps(),
  ...namedMasterSweeps(),
  ...chartOfAccountsSweeps(),
  ...businessPartnerSweeps(),
  ...hsnSacSweeps(),
  ...einvoiceSweeps(),
  ...irpPortalSweeps(),
  ...ewaybillSweeps(),
  ...consultantSweeps(),
  ...fileSweeps(),
  ...notificationSweeps(),
];

/** Routes that name no record of a subscriber by id: sign-in, the user's own data, lists without id filters, lookups. */
const NO_RECORD_IDS = new Set([
  'GET /api/v0.1/public/encryptor/get',
  'GET /api/v0.1/public/captcha/challenge',
  'GET /api/v0.1/public/hsnSacCodes',
  'POST /api/v0.1/authenticate/token',
  'POST /api/v0.1/validateOtp',
  'GET /api/v0.1/regenerateOtp',
  'POST /api/v0.1/forgotPassword',
  'GET /api/v0.1/validate',
  'POST /api/v0.1/resetPassword',
  'GET /api/v0.1/logout',
  'GET /api/v0.1/preLoadSettings',
  'GET /api/v0.1/master/preResources',
  'GET /api/v0.1/master/resources',
  'GET /api/v0.1/loadsettings',
  'GET /api/v0.1/ping',
  'GET /api/v0.1/master/states',
  'GET /api/v0.1/master/financialYears',
  'GET /api/v0.1/master/returnPeriods',
  'GET /api/v0.1/user/entities',
  'GET /api/v0.1/dashboard/statistics',
  'GET /api/v0.1/dashboard/quickAccess/frequentlyUsed/get',
  'GET /api/v0.1/dashboard/quickAccess/frequentlyUsed/save',
  'GET /api/v0.1/admin/outbox',
  'POST /api/v0.1/admin/maintenance',
  'GET /api/v0.1/admin/installationSettings',
  'POST /api/v0.1/admin/installationSettings',
  `GET ${O.entityEntities}`, // the caller's own tree
  `POST ${O.entityImportGstPortalCredentials}`, // addresses entities by GSTIN inside the caller's subscriber only (entity.test.ts)
  `POST ${O.branchSearch}`,
  `POST ${O.departmentSearch}`,
  `POST ${A.roleSearch}`,
  `GET ${A.roleRightsTree}`,
  `GET ${O.subscriberEntities}`,
  `GET ${O.subscriberUsers}`,
  `GET ${O.subscriberDepartments}`,
  `GET ${O.subscriberBranches}`,
  `GET ${O.subscriberLevels}`,
  `GET ${O.subscriberVerticals}`,
  `GET ${O.subscriberTemplateNames}`,
  `GET ${A.subscriberSettings}`,
  ...[
    'security',
    'passwordPolicy',
    'reconciliation',
    'inwardAutoDownload',
    'importValidation',
    'autoCompute',
    'notifications',
    'modules',
    'drc01',
  ].map((group) => `POST ${A.subscriberSettings}/${group}`),
  `GET ${A.profileDetail}`,
  `POST ${A.profileSave}`,
  `POST ${A.profileConfirmEmail}`,
  `POST ${A.changePassword}`,
  `POST ${A.registrationValidateGstinOrPan}`,
  `POST ${A.registrationRegister}`,
  `POST ${A.registrationValidateOtp}`,
  `GET ${A.registrationRegenerateOtp}`,
  'GET /api/docs/json',
  `GET ${I.importTypes}`,
  `GET ${I.sample}`,
  `POST ${I.statisticSearch}`,
  `GET ${I.aliases}`,
  `POST ${I.aliasesSave}`, // the caller's own subscriber
  `GET ${I.aliasesExport}`, // the caller's own subscriber's aliases
  ...DOCUMENT_NO_RECORD_IDS,
  ...REGISTER_NO_RECORD_IDS,
  ...ANNOUNCEMENT_NO_RECORD_IDS,
  ...SERIES_NO_RECORD_IDS,
  ...IP_ADDRESS_NO_RECORD_IDS,
  ...HSN_SAC_NO_RECORD_IDS,
  ...NOTICE_NO_RECORD_IDS,
  ...CONSULTANT_NO_RECORD_IDS,
  ...FILE_NO_RECORD_IDS,
  ...PUBLIC_REPLY_NO_RECORD_IDS,
  ...EINVOICE_NO_RECORD_IDS,
  ...IRP_PORTAL_NO_RECORD_IDS,
  ...LITIGATION_REPORT_NO_RECORD_IDS,
]);

describe.each(ENGINES)('cross-tenant and cross-entity sweep on %s', (engine) => {
  let h: Harness;
  let tenantA: Tenant;
  let tenantB: Tenant;
  let b: Ids;
  const snapshotOfB = async () => {
    const db = h.ctx.database.db;
    const s = tenantB.subscriberId;
    return JSON.stringify({
      entities: await db
        .select({ id: entities.id, name: entities.entityName, status: entities.status })
        .from(entities)
        .where(eq(entities.subscriberId, s))
        .orderBy(entities.id),
      users: await db
        .select({ id: users.id, name: users.userName, status: users.status, roleId: users.roleId })
        .from(users)
        .where(eq(users.subscriberId, s))
        .orderBy(users.id),
      roles: await db.select({ id: roles.id, name: roles.name }).from(roles).where(eq(roles.subscriberId, s)).orderBy(roles.id),
      branches: await db
        .select({ id: branches.id, name: branches.name, status: branches.status })
        .from(branches)
        .where(eq(branches.subscriberId, s)),
      departments: await db
        .select({ id: departments.id, name: departments.name, status: departments.status })
        .from(departments)
        .where(eq(departments.subscriberId, s)),
      keys: await db.select({ id: apiKeys.id, revokedAt: apiKeys.revokedAt }).from(apiKeys).where(eq(apiKeys.subscriberId, s)),
      credentials: await db.select().from(entityPortalCredentials).where(eq(entityPortalCredentials.entityId, b.location)),
      turnovers: await db.select().from(entityTurnovers).where(eq(entityTurnovers.entityId, b.location)),
      imports: await db.select({ id: imports.id, status: imports.status }).from(imports).where(eq(imports.subscriberId, s)),
    });
  };

  beforeAll(async () => {
    h = await startHarness(engine);
    tenantA = await createTenant(h);
    tenantB = await createTenant(h);
    // B's records, created through B's own API so they carry audit rows.
    const tokenB = await signIn(h.app, tenantB);
    const apiB = clientOf(h, tokenB);
    const branch = (await apiB.post(O.branchSave, { name: 'B-only branch' })).json().data;
    const department = (await apiB.post(O.departmentSave, { name: 'B-only department' })).json().data;
    const role = (await apiB.post(A.roleSave, { name: 'B-only role', rightIds: ['EntityView'] })).json().data;
    const user = (
      await apiB.post(A.userSave, {
        userName: `b-only-${tenantB.subscriberId}`,
        displayName: 'B Only Person',
        email: `b-only-${tenantB.subscriberId}@example.test`,
        roleId: role.roleId,
        entityIds: [tenantB.entityIds[1]],
      })
    ).json().data;
    const key = (await apiB.get(A.userGenerateAuthKey, { userId: user.userId })).json().data;
    const csv = csvOf([
      headerOf('SalesDocuments'),
      saleRow({ documentNumber: 'B-ONLY/1' }),
      saleRow({ documentNumber: 'B-ONLY/2', counterpartyGstin: '33AAACB5678B1Z9' }),
    ]);
    const imported = await importFile(h, tokenB, 'b-only.csv', csv);
    expect(imported.progress.status).toBe('SuccessWithError');
    const [audit] = await h.ctx.database.db
      .select({ id: auditTrail.id })
      .from(auditTrail)
      .where(and(eq(auditTrail.subscriberId, tenantB.subscriberId), eq(auditTrail.entityType, 'Branch')));
    b = {
      business: tenantB.entityIds[0] ?? 0,
      location: tenantB.entityIds[1] ?? 0,
      user: user.userId,
      role: role.roleId,
      branch: branch.id,
      department: department.id,
      audit: audit?.id ?? 0,
      apiKey: key.id,
      import: imported.importId,
    };
    for (const [name, value] of Object.entries(b)) expect(value, name).toBeGreaterThan(0);
  });
  afterAll(async () => {
    await h.close();
  });

  it('sweeps or explicitly excludes every API route', () => {
    const routes = new Set(h.app.routeAccess.filter((r) => r.method !== 'HEAD').map((r) => `${r.method} ${r.url.replace(':group', '')}`));
    const swept = new Set(SWEEPS.map((s) => s.route));
    const unclassified = [...routes].filter((r) => !swept.has(r) && !NO_RECORD_IDS.has(r) && !r.endsWith('/settings/subscriber/'));
    expect(unclassified, 'routes neither swept nor listed as taking no record id').toEqual([]);
    for (const route of swept) expect(routes.has(route), `swept route ${route} exists`).toBe(true);
  });

  it("answers A's administrator 404 (or nothing) for every one of B's ids, and changes nothing of B's", async () => {
    const before = await snapshotOfB();
    const token = await signIn(h.app, tenantA);
    const api = clientOf(h, token);
    const markers = ['B-only', 'b-only', 'B-ONLY', tenantB.userName];
    for (const s of SWEEPS) {
      const res = await s.call(api, b, { h, token });
      if (s.expect === 'notFound') {
        expect(res.statusCode, `${s.route}: ${res.body}`).toBe(404);
      } else if (s.expect === 'empty') {
        expect(res.statusCode, s.route).toBe(200);
        expect(res.json().data.items, s.route).toEqual([]);
      } else {
        expect(res.statusCode, s.route).toBe(200);
        const workbook = new ExcelJS.Workbook();
        await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
        expect(workbook.worksheets[0]?.rowCount, `${s.route} has only its header row`).toBe(1);
      }
      for (const marker of markers) expect(res.body.includes(marker), `${s.route} leaks ${marker}`).toBe(false);
    }
    expect(await snapshotOfB()).toBe(before);
  });

  it('refuses a user other locations of their own subscriber (403), on reads and writes', async () => {
    const [delhi, chennai] = [tenantA.entityIds[1] ?? 0, tenantA.entityIds[2] ?? 0];
    const limited = clientOf(h, (await signInLimitedUser(h, tenantA, ['EntityView', 'EntityManage', 'UserManage'], [delhi])).token);
    const own = await limited.get(O.entityDetail, { entityId: delhi });
    expect(own.statusCode).toBe(200);
    const refusals = [
      await limited.get(O.entityDetail, { entityId: chennai }),
      await limited.post(O.entitySetGstinTurnover, { entityId: chennai, financialYear: '2025-26', turnover: 5 }),
      await limited.post(O.entitySetGstPortalCredential, { entityId: chennai, portalUserName: 'x', portalPassword: 'Y#1' }),
      await limited.post(A.userSave, {
        userName: `grant-${tenantA.subscriberId}`,
        displayName: 'Grant',
        email: `grant-${tenantA.subscriberId}@example.test`,
        roleId: tenantA.adminRoleId,
        entityIds: [chennai],
      }),
    ];
    for (const res of refusals) {
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json().errors[0].code).toBe('GEN0010');
    }
  });
});
