import { REGISTER_API as R, type SavedReport } from '@opengst/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditTrail, savedReports } from '../../../db/schema';
import { saveInstallationSettings } from '../../../platform/settings/installation-settings';
import { createTenant, ENGINES, signIn, startHarness, type Harness, type Tenant } from '../../../test-support/harness';
import { clientOf, signInLimitedUser } from '../../../test-support/org-fixtures';

describe.each(ENGINES)('saved reports of the register filter bar on %s', (engine) => {
  let h: Harness;
  let t: Tenant;
  let other: Tenant;
  let api: ReturnType<typeof clientOf>;
  let delhi: number;
  let chennai: number;

  const list = async (module: string, client = api): Promise<SavedReport[]> => {
    const res = await client.get(R.savedReports, { module });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data.items as SavedReport[];
  };
  const auditOf = (id: number) =>
    h.ctx.database.db
      .select({ action: auditTrail.action, after: auditTrail.after, before: auditTrail.before })
      .from(auditTrail)
      .where(
        and(eq(auditTrail.subscriberId, t.subscriberId), eq(auditTrail.entityType, 'SavedReport'), eq(auditTrail.entityKey, String(id))),
      )
      .orderBy(auditTrail.id);

  beforeAll(async () => {
    h = await startHarness(engine);
    t = await createTenant(h);
    other = await createTenant(h);
    [, delhi, chennai] = t.entityIds as [number, number, number];
    api = clientOf(h, await signIn(h.app, t));
  });
  afterAll(async () => {
    await h.close();
  });

  it('saves a filter set per module, replaces it when saved again under the same name, and deletes it, with audit rows', async () => {
    const filters = {
      entityIds: [delhi],
      financialYear: '2024-25',
      returnPeriods: ['042024'],
      statuses: ['Generated'],
      documentNumbers: ['INV/1', 'INV/2'],
    };
    const saved = await api.post(R.savedReportSave, { module: 'RegularSales', name: ' April Delhi ', filters });
    expect(saved.statusCode, saved.body).toBe(200);
    const report = saved.json().data as SavedReport;
    expect(report).toMatchObject({ module: 'RegularSales', name: 'April Delhi', filters });
    expect(await list('RegularSales')).toEqual([report]);
    expect(await list('RegularPurchase')).toEqual([]);

    const replaced = (
      await api.post(R.savedReportSave, { module: 'RegularSales', name: 'April Delhi', filters: { financialYear: '2025-26' } })
    ).json().data as SavedReport;
    expect(replaced.id).toBe(report.id);
    expect(await list('RegularSales')).toEqual([{ ...report, filters: { financialYear: '2025-26' } }]);
    await api.post(R.savedReportSave, { module: 'RegularPurchase', name: 'April Delhi', filters: {} });
    expect((await list('RegularPurchase')).map((r) => r.name)).toEqual(['April Delhi']);

    const deleted = await api.post(R.savedReportDelete, { id: report.id });
    expect(deleted.statusCode, deleted.body).toBe(204);
    expect(await list('RegularSales')).toEqual([]);
    expect((await auditOf(report.id)).map((a) => a.action)).toEqual(['Create', 'Update', 'Delete']);
    expect((await auditOf(report.id))[1]).toMatchObject({ before: { filters }, after: { filters: { financialYear: '2025-26' } } });
    expect((await api.post(R.savedReportDelete, { id: report.id })).statusCode).toBe(404);
  });

  it("keeps each user's reports their own", async () => {
    const mine = (await api.post(R.savedReportSave, { module: 'RegularSales', name: 'Mine', filters: {} })).json().data as SavedReport;
    const colleague = clientOf(h, (await signInLimitedUser(h, t, ['SalesView'], [delhi])).token);
    expect(await list('RegularSales', colleague)).toEqual([]);
    expect((await colleague.post(R.savedReportDelete, { id: mine.id })).statusCode).toBe(404);
    const stranger = clientOf(h, await signIn(h.app, other));
    expect((await stranger.post(R.savedReportDelete, { id: mine.id })).statusCode).toBe(404);
    expect(await h.ctx.database.db.select({ id: savedReports.id }).from(savedReports).where(eq(savedReports.id, mine.id))).toHaveLength(1);
  });

  it("needs the module's view right and access to the filter's locations", async () => {
    const salesOnly = clientOf(h, (await signInLimitedUser(h, t, ['SalesView'], [delhi])).token);
    expect((await salesOnly.post(R.savedReportSave, { module: 'RegularPurchase', name: 'X', filters: {} })).statusCode).toBe(403);
    expect((await salesOnly.get(R.savedReports, { module: 'RegularPurchase' })).statusCode).toBe(403);
    const noRight = clientOf(h, (await signInLimitedUser(h, t, ['EntityView'], [delhi])).token);
    expect((await noRight.get(R.savedReports, { module: 'RegularSales' })).statusCode).toBe(403);

    const refused = await salesOnly.post(R.savedReportSave, { module: 'RegularSales', name: 'Chennai', filters: { entityIds: [chennai] } });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().errors[0].code).toBe('GEN0010');
    expect(
      (await salesOnly.post(R.savedReportSave, { module: 'RegularSales', name: 'Theirs', filters: { entityIds: [other.entityIds[1]] } }))
        .statusCode,
    ).toBe(404);
    expect(await list('RegularSales', salesOnly)).toEqual([]);
  });

  it('validates the name and the filters like the register does', async () => {
    const bad = await api.post(R.savedReportSave, { module: 'RegularSales', name: 'Bad', filters: { returnPeriods: ['2024-04'] } });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors[0]).toMatchObject({
      code: 'GEN0009',
      propertyName: 'Filters.ReturnPeriods[0]',
      message: 'A return period is MMYYYY.',
    });
    const unnamed = await api.post(R.savedReportSave, { module: 'RegularSales', name: '  ', filters: {} });
    expect(unnamed.json().errors[0]).toMatchObject({ code: 'GEN0009', propertyName: 'Name', message: 'Name the report.' });
    expect((await api.post(R.savedReportSave, { module: 'Gstr1', name: 'X', filters: {} })).statusCode).toBe(422);
    await saveInstallationSettings(h.ctx.database.db, { maxBulkSearchKeywords: 2 });
    try {
      const tooMany = await api.post(R.savedReportSave, { module: 'RegularSales', name: 'Many', filters: { gstins: ['A', 'B', 'C'] } });
      expect(tooMany.statusCode).toBe(422);
      expect(tooMany.json().errors[0].propertyName).toBe('Gstins');
    } finally {
      await saveInstallationSettings(h.ctx.database.db, { maxBulkSearchKeywords: 1000 });
    }
  });
});
