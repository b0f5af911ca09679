// The last download of each inward source comes from its download record (issue 17, item 5): a GSTR-2B that holds no
// document for the GSTIN shows as downloaded, with 0 documents and its time, in the overview the panel reads; a later
// download the portal refuses (the 2B not generated yet) shows as failed, in words, beside the completed one.
import { ORGANIZATION_API as O, RETURN_API as R, type DataActivity, type InwardCount, type ReturnOverview } from '@opengst/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, ENGINES, signIn, startHarness, type Harness, type Tenant } from '../../../test-support/harness';
import { clientOf } from '../../../test-support/org-fixtures';

type Api = ReturnType<typeof clientOf>;
/** August 2024: its GSTR-2B was generated on 14 September 2024, and no supplier filed anything for this tenant. */
const PERIOD = '082024';
const IST_MS = 330 * 60_000;

const inwardOf = async (api: Api, entityId: number, source: 'GSTR2A' | 'GSTR2B'): Promise<InwardCount | undefined> => {
  const overview = (await api.get(R.overview, { entityId, returnPeriod: PERIOD })).json().data as ReturnOverview;
  return overview.inward.find((row) => row.source === source);
};

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

  it('shows a GSTR-2B download of 0 documents as downloaded, with its time and who downloaded it', async () => {
    const sync = await api.post(R.inwardDownload, { entityId: delhi, returnPeriod: PERIOD, source: 'GSTR2B' });
    expect(sync.statusCode, sync.body).toBe(200);
    const activity = sync.json().data as DataActivity;
    expect([activity.action, activity.status, activity.documentCount]).toEqual(['GSTR2B', 'Completed', 0]);
    expect(activity.completedAt).toBeTruthy();

    const twoB = await inwardOf(api, delhi, 'GSTR2B');
    const download = {
      activityId: activity.id,
      status: 'Completed',
      startedAt: activity.createdAt,
      completedAt: activity.completedAt,
      documentCount: 0,
      userName: activity.userName,
      message: null,
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
    // The other source is still not downloaded.
    expect((await inwardOf(api, delhi, 'GSTR2A'))?.lastDownload).toBeNull();
  });

  it('shows a refused later download as failed, with the reason, and keeps the completed one as the listed one', async () => {
    const before = await inwardOf(api, delhi, 'GSTR2B');
    // Back to 10 September 2024 (IST): the GSTR-2B of August is not generated until the 14th.
    const tenth = Date.UTC(2024, 8, 10, 12) - IST_MS;
    h.advanceClock(tenth - h.ctx.now().getTime());
    try {
      const refused = await api.post(R.inwardDownload, { entityId: delhi, returnPeriod: PERIOD, source: 'GSTR2B' });
      expect(refused.statusCode).toBe(422);
    } finally {
      h.advanceClock(Date.now() - h.ctx.now().getTime());
    }
    const twoB = await inwardOf(api, delhi, 'GSTR2B');
    expect(twoB?.lastDownload?.status).toBe('Unprocessable');
    expect(twoB?.lastDownload?.message).toMatch(/not yet generated/i);
    expect(twoB?.lastDownload?.activityId).not.toBe(before?.lastCompleted?.activityId);
    expect(twoB?.lastCompleted).toEqual(before?.lastCompleted);
    expect([twoB?.documents, twoB?.syncedAt]).toEqual([0, before?.syncedAt]);
  });
});
