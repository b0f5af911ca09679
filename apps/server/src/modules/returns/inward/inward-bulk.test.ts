// GSTR-2A/2B for many GSTINs and periods in one background job (issue 18), against the mounted portal sandbox, on
// 10 September 2024 (India): a supplier files its GSTR-1 of August with two invoices to the buyer's Chennai GSTIN; the
// buyer downloads July and August, both sources, for Chennai (signed in to the portal) and its Delhi location (not
// signed in). The job goes past Delhi's failures ("sign in to the portal for GSTIN ..."), August's GSTR-2B is not
// generated yet (a normal answer), and the progress and the download summary say so. Transient portal failures are
// tried again a bounded number of times (the job called directly, with a portal that fails on purpose); the automatic
// download queues the signed-in GSTINs of the subscribers whose day it is.
import {
  RETURN_API as R,
  settingsGroupPath,
  type InwardBulkProgress,
  type InwardSummaryResponse,
  type InwardSummaryRow,
  type ReturnOverview,
} from '@opengst/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dataActivities, portalDocuments } from '../../../db/schema';
import { PortalError, type GstPortal } from '../../../portal/gst-portal';
import { createTenant, ENGINES, signIn, startHarness, type Harness, type Tenant } from '../../../test-support/harness';
import { DELHI_GSTIN } from '../../../test-support/import-fixtures';
import { addLocation, fileGstr1, insertInwardActivity, signInToPortal, waitForBulk } from '../../../test-support/inward-fixtures';
import { clientOf, signInLimitedUser } from '../../../test-support/org-fixtures';
import { insertDocument } from '../../../test-support/register-fixtures';
import { TN_CUSTOMER } from '../../../test-support/return-fixtures';
import { runInwardBulk } from './inward-bulk.service';
import { queueScheduledInwardDownloads } from './inward-schedule.service';

type Api = ReturnType<typeof clientOf>;
const IST_MS = 330 * 60_000;
/** 10 September 2024, noon in India: August's GSTR-2B is generated on the 14th. */
const TENTH_OF_SEPTEMBER = Date.UTC(2024, 8, 10, 12) - IST_MS;

const summaryOf = async (api: Api, body: Record<string, unknown> = {}): Promise<InwardSummaryResponse> => {
  const res = await api.post(R.inwardSummary, body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as InwardSummaryResponse;
};
const keyOf = (row: Pick<InwardSummaryRow, 'gstin' | 'returnPeriod' | 'source'>) => `${row.gstin} ${row.returnPeriod} ${row.source}`;

describe.each(ENGINES)('bulk GSTR-2A/2B downloads on %s', (engine) => {
  let h: Harness;
  let buyer: Tenant;
  let api: Api;
  let chennai: number;
  let delhi: number;
  let run: InwardBulkProgress;

  beforeAll(async () => {
    h = await startHarness(engine);
    h.advanceClock(TENTH_OF_SEPTEMBER - h.ctx.now().getTime());
    const seller = await createTenant(h);
    const sellerApi = clientOf(h, await signIn(h.app, seller));
    const sellerDelhi = seller.entityIds[1] ?? 0;
    // Written the day before (the app's clock): a document changed after the generation would make the return stale.
    const dayBefore = new Date(TENTH_OF_SEPTEMBER - 86_400_000);
    for (const number of ['B/001', 'B/002'])
      await insertDocument(h, seller, sellerDelhi, {
        documentNumber: number,
        documentDate: '2024-08-05',
        counterpartyGstin: TN_CUSTOMER,
        createdAt: dayBefore,
        updatedAt: dayBefore,
      });
    await signInToPortal(sellerApi, sellerDelhi, 'bulk-seller');
    expect((await fileGstr1(sellerApi, sellerDelhi)).status).toBe('Filed');

    buyer = await createTenant(h);
    api = clientOf(h, await signIn(h.app, buyer));
    delhi = buyer.entityIds[1] ?? 0;
    chennai = await addLocation(h, buyer, { gstin: TN_CUSTOMER, name: 'Bharat Traders Chennai' });
    await signInToPortal(api, chennai, 'bulk-buyer');
  }, 180_000);
  afterAll(async () => {
    await h.close();
  });

  it('downloads every GSTIN × period × source in one job, past the failures, and answers its progress', async () => {
    const started = await api.post(R.inwardBulkDownload, {
      entityIds: [chennai, delhi],
      fromPeriod: '072024',
      toPeriod: '082024',
      sources: ['GSTR2B', 'GSTR2A'],
    });
    expect(started.statusCode, started.body).toBe(200);
    const queued = started.json().data as InwardBulkProgress;
    expect([queued.total, queued.activityIds.length, queued.done, queued.isFinished]).toEqual([8, 8, 0, false]);
    // In the job's order: GSTIN by location, then period, then GSTR-2A before GSTR-2B.
    expect(queued.items.map((i) => `${i.gstin === TN_CUSTOMER ? 'TN' : 'DL'} ${i.returnPeriod} ${i.source}`)).toEqual([
      'DL 072024 GSTR2A',
      'DL 072024 GSTR2B',
      'DL 082024 GSTR2A',
      'DL 082024 GSTR2B',
      'TN 072024 GSTR2A',
      'TN 072024 GSTR2B',
      'TN 082024 GSTR2A',
      'TN 082024 GSTR2B',
    ]);
    run = await waitForBulk(api, queued.activityIds);
    expect([run.total, run.done, run.downloaded, run.notGenerated, run.failed, run.pending, run.running]).toEqual([8, 8, 3, 1, 4, 0, 0]);
    expect(run.documents).toBe(2);
    expect(run.finishedAt).toBeTruthy();
    const outcome = (gstin: string, period: string, source: string) =>
      run.items.find((i) => i.gstin === gstin && i.returnPeriod === period && i.source === source);
    expect(outcome(TN_CUSTOMER, '082024', 'GSTR2A')).toMatchObject({ status: 'Completed', outcome: 'Downloaded', documentCount: 2 });
    expect(outcome(TN_CUSTOMER, '072024', 'GSTR2A')).toMatchObject({ outcome: 'Downloaded', documentCount: 0 });
    expect(outcome(TN_CUSTOMER, '072024', 'GSTR2B')).toMatchObject({ outcome: 'Downloaded' });
    // July's GSTR-2B was generated on 14 August with nothing for Chennai: a download of none.
    expect(outcome(TN_CUSTOMER, '072024', 'GSTR2B')).toMatchObject({
      status: 'Completed',
      documentCount: 0,
      message: 'The GST portal has no GSTR-2B documents of Jul 2024 for this GSTIN.',
    });
    // August's is asked for before the 14th: not generated yet, which is no failure.
    const notYet = outcome(TN_CUSTOMER, '082024', 'GSTR2B');
    expect(notYet).toMatchObject({ status: 'Unprocessable', outcome: 'NotGenerated' });
    expect(notYet?.message).toBe(
      'GSTR-2B of Aug 2024 is not generated yet. The GST portal answered: GSTR-2B for the return period is generated on ' +
        '14-09-2024: it cannot be requested before then (RET2B1018)',
    );
    for (const item of run.items.filter((i) => i.gstin === DELHI_GSTIN)) {
      expect([item.status, item.outcome]).toEqual(['Unprocessable', 'Failed']);
      expect(item.message).toBe(
        `Sign in to the GST portal for GSTIN ${DELHI_GSTIN}: it has no active portal session (request the OTP on the Regular overview screen).`,
      );
    }
    // The documents are stored as a single download stores them, and the overview reads the same record.
    const stored = await h.ctx.database.db
      .select({ number: portalDocuments.documentNumber })
      .from(portalDocuments)
      .where(and(eq(portalDocuments.entityId, chennai), eq(portalDocuments.source, 'GSTR2A'), eq(portalDocuments.returnPeriod, '082024')));
    expect(stored.map((d) => d.number).sort()).toEqual(['B/001', 'B/002']);
    const overview = (await api.get(R.overview, { entityId: chennai, returnPeriod: '082024' })).json().data as ReturnOverview;
    const twoA = overview.inward.find((i) => i.source === 'GSTR2A');
    expect([twoA?.documents, twoA?.lastCompleted?.activityId]).toEqual([2, outcome(TN_CUSTOMER, '082024', 'GSTR2A')?.activityId]);
  });

  it('lists the last download of each GSTIN, period and source in the summary, filtered and paged', async () => {
    const all = await summaryOf(api, { sortExpression: 'gstin ASC' });
    expect(all.totalRecords).toBe(8);
    expect(new Set(all.items.map(keyOf)).size).toBe(8);
    const row = all.items.find((r) => keyOf(r) === `${TN_CUSTOMER} 082024 GSTR2A`);
    expect(row).toMatchObject({ entityId: chennai, method: 'Manual', outcome: 'Downloaded', documentCount: 2, documents: 2 });
    expect(row?.userName).toMatch(/^Admin /);
    expect(row?.lastCompletedAt).toBe(row?.completedAt);
    const twoBNotYet = all.items.find((r) => keyOf(r) === `${TN_CUSTOMER} 082024 GSTR2B`);
    expect([twoBNotYet?.outcome, twoBNotYet?.lastCompletedAt, twoBNotYet?.documents]).toEqual(['NotGenerated', null, 0]);

    const page = await summaryOf(api, { start: 2, size: 3, sortExpression: 'gstin ASC' });
    expect([page.totalRecords, page.items.map(keyOf)]).toEqual([8, all.items.slice(2, 5).map(keyOf)]);
    // Newest period first by default.
    expect((await summaryOf(api)).items.map((r) => r.returnPeriod)).toEqual([
      '082024',
      '082024',
      '082024',
      '082024',
      '072024',
      '072024',
      '072024',
      '072024',
    ]);
    expect((await summaryOf(api, { filters: { entityIds: [chennai] } })).totalRecords).toBe(4);
    expect((await summaryOf(api, { filters: { returnPeriods: ['072024'], sources: ['GSTR2A'] } })).totalRecords).toBe(2);
    expect((await summaryOf(api, { filters: { outcomes: ['NotGenerated'] } })).items.map(keyOf)).toEqual([`${TN_CUSTOMER} 082024 GSTR2B`]);
    expect((await summaryOf(api, { filters: { outcomes: ['Failed'] } })).totalRecords).toBe(4);
    expect((await summaryOf(api, { filters: { methods: ['Upload', 'Scheduled'] } })).totalRecords).toBe(0);
  });

  it('refuses bad requests and filters in words', async () => {
    const refusal = async (url: string, body: unknown) => {
      const res = await api.post(url, body);
      expect(res.statusCode, res.body).toBe(422);
      return res.json().errors[0] as { code: string; message: string; propertyName?: string };
    };
    const bulk = { entityIds: [chennai], fromPeriod: '072024', toPeriod: '082024', sources: ['GSTR2A'] };
    expect(await refusal(R.inwardBulkDownload, { ...bulk, toPeriod: '062024' })).toMatchObject({
      message: 'The last period comes before the first one.',
    });
    expect((await refusal(R.inwardBulkDownload, { ...bulk, fromPeriod: '13-2024' })).code).toBe('GEN0009');
    expect((await refusal(R.inwardBulkDownload, { ...bulk, sources: [] })).code).toBe('GEN0009');
    expect((await refusal(R.inwardBulkDownload, { ...bulk, fromPeriod: '042021', toPeriod: '082024' })).message).toMatch(
      /At most 36 periods/,
    );
    expect((await refusal(R.inwardBulkDownload, { ...bulk, toPeriod: '102024' })).message).toMatch(/not begun/);
    // A business has no GSTIN of its own.
    expect((await refusal(R.inwardBulkDownload, { ...bulk, entityIds: [buyer.entityIds[0]] })).code).toBe('RET0001');
    expect((await refusal(R.inwardSummary, { sortExpression: 'entityName ASC' })).message).toMatch(/^Sort by one of: returnPeriod, gstin/);
    expect((await refusal(R.inwardSummary, { filters: { returnPeriods: ['2024-08'] } })).code).toBe('GEN0009');
    expect((await refusal(R.inwardBulkStatus, { activityIds: [] })).code).toBe('GEN0009');
    // A record that is not an inward download of this subscriber does not exist for this user.
    const other = await createTenant(h);
    const theirs = await insertInwardActivity(h, other.entityIds[1] ?? 0);
    expect((await api.post(R.inwardBulkStatus, { activityIds: [run.activityIds[0], theirs] })).statusCode).toBe(404);
  });

  it('declares its rights and the locations a user may reach', async () => {
    const viewer = clientOf(h, (await signInLimitedUser(h, buyer, ['ReturnsView'], [chennai, delhi])).token);
    const bulk = { entityIds: [chennai], fromPeriod: '082024', toPeriod: '082024', sources: ['GSTR2A'] };
    expect((await viewer.post(R.inwardBulkDownload, bulk)).statusCode).toBe(403);
    expect((await viewer.post(R.inwardBulkStatus, { activityIds: run.activityIds })).statusCode).toBe(200);
    expect((await summaryOf(viewer)).totalRecords).toBe(8);
    const nobody = clientOf(h, (await signInLimitedUser(h, buyer, ['SalesView'], [chennai, delhi])).token);
    for (const [url, body] of [
      [R.inwardBulkDownload, bulk],
      [R.inwardBulkStatus, { activityIds: run.activityIds }],
      [R.inwardSummary, {}],
    ] as const)
      expect((await nobody.post(url, body)).statusCode, url).toBe(403);
    // A reconciliation user of Delhi only: Chennai's downloads are out of reach, and the summary holds Delhi's alone.
    const delhiOnly = clientOf(h, (await signInLimitedUser(h, buyer, ['Gstr2aReconciliation'], [delhi])).token);
    expect((await delhiOnly.post(R.inwardBulkDownload, bulk)).json().errors[0].code).toBe('GEN0010');
    expect((await delhiOnly.post(R.inwardBulkStatus, { activityIds: run.activityIds })).statusCode).toBe(403);
    expect((await delhiOnly.post(R.inwardSummary, { filters: { entityIds: [chennai] } })).statusCode).toBe(403);
    const own = await summaryOf(delhiOnly);
    expect([own.totalRecords, new Set(own.items.map((r) => r.gstin))]).toEqual([4, new Set([DELHI_GSTIN])]);
  });

  it('tries a transient portal failure again, a bounded number of times, and goes on past each failure', async () => {
    const { db } = h.ctx.database;
    const ids = [
      await insertInwardActivity(h, chennai, {
        action: 'GSTR2A',
        returnType: 'GSTR2A',
        returnPeriod: '082024',
        status: 'Initialized',
        message: null,
        userId: buyer.adminUserId,
      }),
      await insertInwardActivity(h, chennai, {
        action: 'GSTR2A',
        returnType: 'GSTR2A',
        returnPeriod: '072024',
        status: 'Initialized',
        message: null,
        userId: buyer.adminUserId,
      }),
      await insertInwardActivity(h, chennai, {
        action: 'GSTR2A',
        returnType: 'GSTR2A',
        returnPeriod: '062024',
        status: 'Initialized',
        message: null,
        userId: buyer.adminUserId,
      }),
    ];
    // August: one timeout, then the answer. July: the portal never answers. June: a refusal, not worth another try.
    const calls = new Map<string, number>();
    const seen: string[] = [];
    const flaky: GstPortal = {
      ...h.ctx.gstPortal,
      download: async (session, form, period) => {
        const n = (calls.get(period) ?? 0) + 1;
        calls.set(period, n);
        const [row] = await db
          .select({ status: dataActivities.status, message: dataActivities.message })
          .from(dataActivities)
          .where(eq(dataActivities.id, ids[0] ?? 0));
        if (period === '082024' && n === 2) seen.push(`${row?.status}: ${row?.message}`);
        if (period === '082024' && n === 1) throw new PortalError('TIMEOUT', 'The GST portal did not answer within 60 seconds.');
        if (period === '072024') throw new PortalError('HTTP503', 'Service unavailable', 503);
        if (period === '062024') throw new PortalError('RET191100', 'Invalid request: ret_period');
        return h.ctx.gstPortal.download(session, form, period);
      },
    };
    await runInwardBulk(
      { ctx: { ...h.ctx, gstPortal: flaky }, attempts: 3, delayMs: () => 20, budgetMs: 60_000 },
      { subscriberId: buyer.subscriberId, userId: buyer.adminUserId, activityIds: ids },
    );
    expect(Object.fromEntries(calls)).toEqual({ '082024': 2, '072024': 3, '062024': 1 });
    expect(seen).toEqual([
      'Attempted: Attempt 1 of 3 failed: The GST portal refused the request: The GST portal did not answer within 60 seconds. (TIMEOUT) Trying again in 1 s.',
    ]);
    const progress = await waitForBulk(api, ids);
    expect(progress.items.map((i) => [i.returnPeriod, i.status, i.outcome, i.documentCount])).toEqual([
      ['082024', 'Completed', 'Downloaded', 2],
      ['072024', 'MaxAttemptReached', 'Failed', 0],
      ['062024', 'Unprocessable', 'Failed', 0],
    ]);
    expect(progress.items[1]?.message).toBe(
      'The GST portal refused the request: Service unavailable (HTTP503) Tried 3 times; download it again later.',
    );
    expect(progress.items[2]?.message).toBe('The GST portal refused the request: Invalid request: ret_period (RET191100)');
  });

  it('hands what is left to a new run of itself past its time budget', async () => {
    const ids = [
      await insertInwardActivity(h, chennai, {
        action: 'GSTR2A',
        returnType: 'GSTR2A',
        returnPeriod: '082024',
        status: 'Initialized',
        message: null,
        userId: buyer.adminUserId,
      }),
      await insertInwardActivity(h, chennai, {
        action: 'GSTR2B',
        returnType: 'GSTR2B',
        returnPeriod: '072024',
        status: 'Initialized',
        message: null,
        userId: buyer.adminUserId,
      }),
    ];
    const actor = { subscriberId: buyer.subscriberId, userId: buyer.adminUserId };
    await runInwardBulk({ ctx: h.ctx, attempts: 1, delayMs: () => 0, budgetMs: 0 }, { ...actor, activityIds: ids });
    const [first] = await h.ctx.database.db
      .select({ status: dataActivities.status })
      .from(dataActivities)
      .where(eq(dataActivities.id, ids[0] ?? 0));
    expect(first?.status).toBe('Completed');
    // The second was left to the queued run, which the worker takes.
    const progress = await waitForBulk(api, ids);
    expect(progress.items.map((i) => i.outcome)).toEqual(['Downloaded', 'Downloaded']);
  });

  it('queues the automatic download of the signed-in GSTINs of each subscriber whose day it is, once a day', async () => {
    const { db } = h.ctx.database;
    const scheduledRows = () =>
      db
        .select({ gstin: dataActivities.gstin, period: dataActivities.returnPeriod, action: dataActivities.action, id: dataActivities.id })
        .from(dataActivities)
        .where(eq(dataActivities.subscriberId, buyer.subscriberId));
    const before = new Set((await scheduledRows()).map((r) => r.id));
    // The setting is saved on the settings screen's own group, behind SettingsReconciliation, and checked.
    const save = (value: Record<string, unknown>) => api.post(settingsGroupPath('inwardAutoDownload'), value);
    const noSource = await save({ enabled: true, gstr2a: false, gstr2b: false });
    expect([noSource.statusCode, noSource.json().errors[0].message]).toEqual([422, 'Choose GSTR-2A, GSTR-2B or both.']);
    expect((await save({ enabled: true, dayOfMonth: 29 })).statusCode).toBe(422);
    // The 10th is not the day chosen.
    expect((await save({ enabled: true, dayOfMonth: 15, gstr2a: true, gstr2b: false, periodsBack: 2 })).statusCode).toBe(200);
    expect(await queueScheduledInwardDownloads(h.ctx)).toBe(0);
    const saved = await save({ enabled: true, dayOfMonth: 10, gstr2a: true, gstr2b: false, periodsBack: 2 });
    expect(saved.json().data.values).toEqual({ enabled: true, dayOfMonth: 10, gstr2a: true, gstr2b: false, periodsBack: 2 });
    expect(await queueScheduledInwardDownloads(h.ctx)).toBe(1);
    expect(await queueScheduledInwardDownloads(h.ctx)).toBe(0);
    const made = (await scheduledRows()).filter((r) => !before.has(r.id));
    // Chennai alone (Delhi has no portal session), July and August, GSTR-2A only.
    expect(made.map((r) => `${r.gstin} ${r.period} ${r.action}`).sort()).toEqual([
      `${TN_CUSTOMER} 072024 GSTR2A`,
      `${TN_CUSTOMER} 082024 GSTR2A`,
    ]);
    await waitForBulk(
      api,
      made.map((r) => r.id),
    );
    const scheduled = await summaryOf(api, { filters: { methods: ['Scheduled'] } });
    expect(scheduled.items.map((r) => [keyOf(r), r.outcome, r.userName])).toEqual([
      [`${TN_CUSTOMER} 082024 GSTR2A`, 'Downloaded', null],
      [`${TN_CUSTOMER} 072024 GSTR2A`, 'Downloaded', null],
    ]);
  });
});
