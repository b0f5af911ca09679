import { API, settingsGroupPath, SUBSCRIBER_SETTINGS_API as PATHS, type RightId } from '@opengst/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditTrail } from '../../db/schema';
import { signInLimitedUser } from '../../test-support/org-fixtures';
import { authed, createTenant, ENGINES, signIn, startHarness, type Harness, type Tenant } from '../../test-support/harness';

describe.each(ENGINES)('settings screen on %s', (engine) => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness(engine);
  });
  afterAll(async () => {
    await h.close();
  });

  const post = (token: string, url: string, payload: unknown) =>
    h.app.inject({ method: 'POST', url, headers: authed(token), payload: payload as object });
  const get = (token: string, url: string) => h.app.inject({ method: 'GET', url, headers: authed(token) });

  const userWith = async (t: Tenant, rights: RightId[]) => (await signInLimitedUser(h, t, rights, [])).token;

  type Group = { group: string; canEdit: boolean; rightId: string; values: Record<string, unknown> };

  it('shows every group with its defaults and which ones the user may edit', async () => {
    const t = await createTenant(h);
    const token = await userWith(t, ['SettingsReconciliation']);
    const res = await get(token, PATHS.subscriberSettings);
    expect(res.statusCode).toBe(200);
    const groups = res.json().data.groups as Group[];
    expect(groups.map((g) => g.group)).toEqual([
      'security',
      'passwordPolicy',
      'reconciliation',
      'inwardAutoDownload',
      'importValidation',
      'autoCompute',
      'notifications',
      'modules',
      'drc01',
    ]);
    expect(groups.filter((g) => g.canEdit).map((g) => g.group)).toEqual(['reconciliation', 'inwardAutoDownload']);
    expect(groups.find((g) => g.group === 'inwardAutoDownload')?.values).toEqual({
      enabled: false,
      dayOfMonth: 15,
      gstr2a: true,
      gstr2b: true,
      periodsBack: 1,
    });
    expect(groups.find((g) => g.group === 'security')?.values).toMatchObject({ dormancyDays: 90, twoFactorEnabled: false });
    expect(groups.find((g) => g.group === 'modules')?.values).toEqual({ showIMS: true, litigationSync: false });
    expect(groups.find((g) => g.group === 'drc01')?.values).toEqual({
      ownThresholds: false,
      drc01bAmount: 25_00_000,
      drc01bPercent: 20,
      drc01cAmount: 5_00_000,
      drc01cPercent: 20,
    });
  });

  it('saves one group behind its own right, with an audit row, and the change reaches loadsettings at once', async () => {
    const t = await createTenant(h);
    const token = await signIn(h.app, t);
    const saved = await post(token, settingsGroupPath('reconciliation'), { invoiceValueTolerance: 5, dateToleranceDays: 3 });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data.values).toMatchObject({ invoiceValueTolerance: 5, dateToleranceDays: 3, cgstTolerance: 1 });
    const settings = (await get(token, API.loadSettings)).json().data.settings.subscriberSettings;
    expect(settings.reconciliation).toMatchObject({ invoiceValueTolerance: 5, dateToleranceDays: 3 });

    await post(token, settingsGroupPath('modules'), { showIMS: false, litigationSync: true });
    const after = (await get(token, API.loadSettings)).json().data.settings.subscriberSettings;
    expect(after).toMatchObject({ showIMS: false, litigationSync: true });

    const audit = await h.ctx.database.db
      .select()
      .from(auditTrail)
      .where(
        and(eq(auditTrail.subscriberId, t.subscriberId), eq(auditTrail.entityType, 'Settings'), eq(auditTrail.entityKey, 'reconciliation')),
      );
    expect(audit).toHaveLength(1);
    expect(audit[0]?.before).toMatchObject({ invoiceValueTolerance: 1 });
    expect(audit[0]?.after).toMatchObject({ invoiceValueTolerance: 5 });
  });

  it('refuses out-of-range values with a 422 and changes nothing', async () => {
    const t = await createTenant(h);
    const token = await signIn(h.app, t);
    const res = await post(token, settingsGroupPath('passwordPolicy'), { minLength: 4 });
    expect(res.statusCode).toBe(422);
    expect((await post(token, settingsGroupPath('security'), { dormancyDays: -1 })).statusCode).toBe(422);
    const groups = (await get(token, PATHS.subscriberSettings)).json().data.groups as Group[];
    expect(groups.find((g) => g.group === 'passwordPolicy')?.values.minLength).toBe(12); // the default, unchanged
  });

  it('puts each group behind its right: security and password policy need SettingsSecurity', async () => {
    const t = await createTenant(h);
    const token = await userWith(t, ['SettingsImport']);
    expect((await post(token, settingsGroupPath('importValidation'), { allOrNothing: true })).statusCode).toBe(200);
    for (const group of ['security', 'passwordPolicy', 'reconciliation', 'notifications', 'autoCompute', 'modules'] as const) {
      const res = await post(token, settingsGroupPath(group), {});
      expect(res.statusCode, group).toBe(403);
    }
    const none = await userWith(t, ['DashboardStatistics']);
    expect((await get(none, PATHS.subscriberSettings)).statusCode).toBe(403);
  });

  it("keeps each subscriber's settings apart", async () => {
    const t = await createTenant(h);
    const other = await createTenant(h);
    await post(await signIn(h.app, t), settingsGroupPath('security'), { dormancyDays: 30 });
    const theirs = (await get(await signIn(h.app, other), PATHS.subscriberSettings)).json().data.groups as Group[];
    expect(theirs.find((g) => g.group === 'security')?.values.dormancyDays).toBe(90);
  });
});
