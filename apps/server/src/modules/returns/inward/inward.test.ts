// The last download of each inward source comes from its download record (issue 17, item 5). A period the portal has no
// document of (a generated GSTR-2B holding nothing, which the portal answers with RET2B1016; a GSTR-2A with empty
// sections) is a completed download of 0 documents that removes what an earlier download stored and says why; a GSTR-2B
// asked for before the 14th (RET2B1018) is "not generated yet", in words, beside the completed one.
import {
  ORGANIZATION_API as O,
  RETURN_API as R,
  type DataActivity,
  type InwardCount,
  type InwardSummaryResponse,
  type ReturnOverview,
} from '@opengst/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { portalDocuments } from '../../../db/schema';
import { createTenant, ENGINES, signIn, startHarness, type Harness, type Tenant } from '../../../test-support/harness';
import { DELHI_GSTIN } from '../../../test-support/import-fixtures';
import { clientOf } from '../../../test-support/org-fixtures';
import { insertPortal } from '../../../test-support/reconciliation-fixtures';

type Api = ReturnType<typeof clientOf>;
/** August 2024: its GSTR-2B was generated on 14 September 2024, and no supplier filed anything for this tenant. */
const PERIOD = '082024';
const IST_MS = 330 * 60_000;

const inwardOf = async (api: Api, entityId: number, source: 'GSTR2A' | 'GSTR2B'): Promise<InwardCount | undefined> => {
  const overview = (await api.get(R.overview, { entityId, returnPeriod: PERIOD })).json().data as ReturnOverview;
  return overview.inward.find((row) => row.source === source);
};
const storedOf = async (h: Harness, entityId: number, source: 'GSTR2A' | 'GSTR2B'): Promise<string[]> =>
  (
    await h.ctx.database.db
      .select({ number: portalDocuments.documentNumber })
      .from(portalDocuments)
      .where(and(eq(portalDocuments.entityId, entityId), eq(portalDocuments.source, source), eq(portalDocuments.returnPeriod, PERIOD)))
  ).map((r) => r.number);
/** A document an earlier download of the source stored for the period. */
const storeEarlier = (h: Harness, tenant: Tenant, entityId: number, source: 'GSTR2A' | 'GSTR2B') =>
  insertPortal(
    h.ctx.database.db,
    tenant.subscriberId,
    () => DELHI_GSTIN,
    [
      {
        entityId,
        supplierGstin: '27AAPFU0939F1ZV',
        documentNumber: `OLD/${source}`,
        documentDate: '2024-08-05',
        returnPeriod: PERIOD,
        taxable: 1000_00,
      },
    ],
    source,
  );

describe.each(ENGINES)('inward downloads on %s', (engine) => {
  let h: Harness;
  let tenant: Tenant;
  let api: Api;
  let delhi: number;

  beforeAll(async () => {
    h = await startHarness(engine);
    tenant = await createTenant(h);
    api = clientOf(h, await signIn(h.app, tenant));
    delhi = tenant.entityIds[1] ?? 0;
    await api.post(O.entitySetGstPortalCredential, { entityId: delhi, portalUserName: 'delhi-buyer', portalPassword: 'Portal#Pass1' });
    expect((await api.post(R.portalOtp, { entityId: delhi })).statusCode).toBe(200);
    expect((await api.post(R.portalAuthenticate, { entityId: delhi, otp: '575757' })).statusCode).toBe(200);
  }, 120_000);
  afterAll(async () => {
    await h.close();
  });

  it('says "not downloaded" before any download', async () => {
    expect(await inwardOf(api, delhi, 'GSTR2B')).toEqual({
      source: 'GSTR2B',
      documents: 0,
      syncedAt: null,
      lastDownload: null,
      lastCompleted: null,
    });
  });

  it('stores a generated GSTR-2B that holds no document as a download of 0 documents, removing the earlier ones', async () => {
    await storeEarlier(h, tenant, delhi, 'GSTR2B');
    expect(await storedOf(h, delhi, 'GSTR2B')).toEqual(['OLD/GSTR2B']);
    const sync = await api.post(R.inwardDownload, { entityId: delhi, returnPeriod: PERIOD, source: 'GSTR2B' });
    expect(sync.statusCode, sync.body).toBe(200);
    const activity = sync.json().data as DataActivity;
    expect([activity.action, activity.status, activity.documentCount]).toEqual(['GSTR2B', 'Completed', 0]);
    expect(activity.completedAt).toBeTruthy();

    const twoB = await inwardOf(api, delhi, 'GSTR2B');
    const download = {
      activityId: activity.id,
      status: 'Completed',
      outcome: 'Downloaded',
      startedAt: activity.createdAt,
      completedAt: activity.completedAt,
      documentCount: 0,
      userName: activity.userName,
      message: 'The GST portal has no GSTR-2B documents of Aug 2024 for this GSTIN.',
    };
    expect(twoB).toEqual({
      source: 'GSTR2B',
      documents: 0,
      syncedAt: activity.completedAt,
      lastDownload: download,
      lastCompleted: download,
    });
    expect(activity.userName).toMatch(/^Admin /);
    // The list agrees: no rows, and the same time.
    const list = (await api.post(R.inwardSearch, { entityId: delhi, returnPeriod: PERIOD, source: 'GSTR2B' })).json().data;
    expect([list.totalRecords, list.syncedAt]).toEqual([0, activity.completedAt]);
    expect(await storedOf(h, delhi, 'GSTR2B')).toEqual([]);
    // The other source is still not downloaded.
    expect((await inwardOf(api, delhi, 'GSTR2A'))?.lastDownload).toBeNull();
  });

  it('stores a GSTR-2A period the portal has no document of the same way', async () => {
    await storeEarlier(h, tenant, delhi, 'GSTR2A');
    const sync = await api.post(R.inwardDownload, { entityId: delhi, returnPeriod: PERIOD, source: 'GSTR2A' });
    expect(sync.statusCode, sync.body).toBe(200);
    const activity = sync.json().data as DataActivity;
    expect([activity.status, activity.documentCount, activity.message]).toEqual([
      'Completed',
      0,
      'The GST portal has no GSTR-2A documents of Aug 2024 for this GSTIN.',
    ]);
    expect(await storedOf(h, delhi, 'GSTR2A')).toEqual([]);
    expect((await inwardOf(api, delhi, 'GSTR2A'))?.lastCompleted?.activityId).toBe(activity.id);
  });

  it('says a GSTR-2B asked for before the 14th is not generated yet, and keeps the completed one as the listed one', async () => {
    const before = await inwardOf(api, delhi, 'GSTR2B');
    // Back to 10 September 2024 (IST): the GSTR-2B of August is not generated until the 14th.
    const tenth = Date.UTC(2024, 8, 10, 12) - IST_MS;
    h.advanceClock(tenth - h.ctx.now().getTime());
    const notYet =
      'GSTR-2B of Aug 2024 is not generated yet. The GST portal answered: GSTR-2B for the return period is generated on ' +
      '14-09-2024: it cannot be requested before then (RET2B1018)';
    try {
      const refused = await api.post(R.inwardDownload, { entityId: delhi, returnPeriod: PERIOD, source: 'GSTR2B' });
      expect([refused.statusCode, refused.json().errors[0].message]).toEqual([422, notYet]);
    } finally {
      h.advanceClock(Date.now() - h.ctx.now().getTime());
    }
    const twoB = await inwardOf(api, delhi, 'GSTR2B');
    expect([twoB?.lastDownload?.status, twoB?.lastDownload?.outcome]).toEqual(['Unprocessable', 'NotGenerated']);
    expect(twoB?.lastDownload?.message).toBe(notYet);
    // Not generated yet is a normal answer, not a failure: the download summary says so.
    const summary = (await api.post(R.inwardSummary, { filters: { entityIds: [delhi], sources: ['GSTR2B'] } })).json()
      .data as InwardSummaryResponse;
    expect(summary.items.map((r) => [r.returnPeriod, r.outcome, r.documents])).toEqual([[PERIOD, 'NotGenerated', 0]]);
    expect(twoB?.lastDownload?.activityId).not.toBe(before?.lastCompleted?.activityId);
    expect(twoB?.lastCompleted).toEqual(before?.lastCompleted);
    expect([twoB?.documents, twoB?.syncedAt]).toEqual([0, before?.syncedAt]);
  });
});
