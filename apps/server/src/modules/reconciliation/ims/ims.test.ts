// IMS end to end through the portal sandbox (issue 18): a supplier files its GSTR-1 naming the buyer; the buyer
// downloads its IMS, reconciles it with its books (a recommended action per record), accepts the matched records and
// rejects the one it never bought, pushes the actions, and the GSTR-2B generated on the 14th holds exactly the
// accepted ones; accepting the rejected one later and recomputing the 2B brings it in.
import {
  IMS_API,
  RECONCILIATION_API as API,
  RECONCILIATION_ROWS_REPORT,
  RETURN_API as R,
  DATA_ACTIVITY_API as DA,
  type DataActivity,
  type ReconciliationRow,
  type Run,
  type RunDetail,
} from '@opengst/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { portalDocuments } from '../../../db/schema';
import { createTenant, ENGINES, signIn, startHarness, type Harness, type Tenant } from '../../../test-support/harness';
import { DELHI_GSTIN } from '../../../test-support/import-fixtures';
import { addLocation, fileGstr1, PORTAL_OTP, signInToPortal } from '../../../test-support/inward-fixtures';
import { clientOf, signInLimitedUser, type ApiClient } from '../../../test-support/org-fixtures';
import { insertPurchases, waitForRun } from '../../../test-support/reconciliation-fixtures';
import { insertDocument } from '../../../test-support/register-fixtures';
import { TN_CUSTOMER } from '../../../test-support/return-fixtures';
import { pushImsActions } from './ims-push.service';

const IST_MS = 330 * 60_000;
/** 10 November 2024, noon in India: October's GSTR-1 is filed, its GSTR-2B comes on the 14th. */
const TENTH_OF_NOVEMBER = Date.UTC(2024, 10, 10, 12) - IST_MS;
const FIFTEENTH_OF_NOVEMBER = Date.UTC(2024, 10, 15, 12) - IST_MS;
const PERIOD = '102024';

describe.each(ENGINES)('IMS on %s', (engine) => {
  let h: Harness;
  let buyer: Tenant;
  let api: ApiClient;
  let chennai: number;
  let run: RunDetail;
  let rows: ReconciliationRow[];
  const rowOf = (n: string) => rows.find((r) => r.portalNumber === n)!;

  /** The run's rows once the push job has sent every action (none waiting or sending). */
  const pushed = async (runId: number): Promise<ReconciliationRow[]> => {
    for (let i = 0; i < 300; i++) {
      const items = (await api.post(RECONCILIATION_ROWS_REPORT.endpoints.search.path, { filters: { runId } })).json().data
        .items as ReconciliationRow[];
      if (items.every((r) => r.action === null || (r.pushStatus !== null && r.pushStatus !== 'Sending'))) return items;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error('the push did not end');
  };
  const twoBNumbers = async () => {
    const download = await api.post(R.inwardDownload, { entityId: chennai, returnPeriod: PERIOD, source: 'GSTR2B' });
    expect(download.statusCode, download.body).toBe(200);
    const docs = await h.ctx.database.db
      .select({ number: portalDocuments.documentNumber, listing: portalDocuments.listing })
      .from(portalDocuments)
      .where(and(eq(portalDocuments.entityId, chennai), eq(portalDocuments.source, 'GSTR2B')));
    return {
      available: docs
        .filter((d) => d.listing === 'available')
        .map((d) => d.number)
        .sort(),
      rejected: docs
        .filter((d) => d.listing === 'rejected')
        .map((d) => d.number)
        .sort(),
    };
  };

  beforeAll(async () => {
    h = await startHarness(engine);
    h.advanceClock(TENTH_OF_NOVEMBER - h.ctx.now().getTime());
    const seller = await createTenant(h);
    const sellerApi = clientOf(h, await signIn(h.app, seller));
    const sellerDelhi = seller.entityIds[1] ?? 0;
    const dayBefore = new Date(TENTH_OF_NOVEMBER - 86_400_000);
    for (const number of ['S/1', 'S/2', 'S/3'])
      await insertDocument(h, seller, sellerDelhi, {
        documentNumber: number,
        documentDate: '2024-10-05',
        counterpartyGstin: TN_CUSTOMER,
        createdAt: dayBefore,
        updatedAt: dayBefore,
      });
    await signInToPortal(sellerApi, sellerDelhi, 'ims-seller');
    expect((await fileGstr1(sellerApi, sellerDelhi, PERIOD)).status).toBe('Filed');

    buyer = await createTenant(h);
    api = clientOf(h, await signIn(h.app, buyer));
    chennai = await addLocation(h, buyer, { gstin: TN_CUSTOMER, name: 'Bharat Traders Chennai' });
    await signInToPortal(api, chennai, 'ims-buyer');
    // The buyer booked S/1 and S/2 (as the seller invoiced them: ₹1,000 + ₹180 IGST), never S/3.
    await insertPurchases(h.ctx.database.db, buyer.subscriberId, [
      { entityId: chennai, supplierGstin: DELHI_GSTIN, documentNumber: 'S/1', documentDate: '2024-10-05', taxable: 100_000, igst: 18_000 },
      { entityId: chennai, supplierGstin: DELHI_GSTIN, documentNumber: 'S/2', documentDate: '2024-10-05', taxable: 100_000, igst: 18_000 },
    ]);
  }, 240_000);
  afterAll(async () => {
    await h.close();
  });

  it('downloads the records in IMS, as the portal holds them, with no action yet', async () => {
    const res = await api.post(IMS_API.download, { entityIds: [chennai] });
    expect(res.statusCode, res.body).toBe(200);
    const [activity] = res.json().data as DataActivity[];
    expect(activity).toMatchObject({ action: 'IMS', status: 'Completed', documentCount: 3, gstin: TN_CUSTOMER });
    const stored = await h.ctx.database.db
      .select({ number: portalDocuments.documentNumber, action: portalDocuments.imsAction, record: portalDocuments.record })
      .from(portalDocuments)
      .where(and(eq(portalDocuments.entityId, chennai), eq(portalDocuments.source, 'IMS')));
    expect(stored.map((s) => [s.number, s.action]).sort()).toEqual([
      ['S/1', 'NoAction'],
      ['S/2', 'NoAction'],
      ['S/3', 'NoAction'],
    ]);
    expect(stored.every((s) => s.record && typeof s.record === 'object')).toBe(true);
  });

  it('records a GSTIN without a portal session as failed, in words, and downloads the others', async () => {
    const delhi = buyer.entityIds[1] ?? 0;
    const res = await api.post(IMS_API.download, { entityIds: [delhi, chennai] });
    expect(res.statusCode, res.body).toBe(200);
    const byGstin = new Map((res.json().data as DataActivity[]).map((a) => [a.gstin, a]));
    expect(byGstin.get(DELHI_GSTIN)).toMatchObject({ status: 'Unprocessable', message: expect.stringMatching(/sign in to the portal/i) });
    expect(byGstin.get(TN_CUSTOMER)).toMatchObject({ status: 'Completed', documentCount: 3 });
  });

  it('reconciles IMS with the books and recommends an action per record', async () => {
    const start = await api.post(API.runStart, { entityIds: [chennai], fromPeriod: PERIOD, toPeriod: PERIOD, portalSource: 'IMS' });
    expect(start.statusCode, start.body).toBe(200);
    run = await waitForRun(api, (start.json().data as Run).id);
    expect(run.run.status, run.run.message ?? '').toBe('Completed');
    rows = (await api.post(RECONCILIATION_ROWS_REPORT.endpoints.search.path, { filters: { runId: run.run.id } })).json().data.items;
    expect(rowOf('S/1')).toMatchObject({ status: 'Matched', recommendedAction: 'Accept', imsAction: 'NoAction' });
    expect(rowOf('S/3')).toMatchObject({ status: 'GST only', recommendedAction: 'Reject' });
    expect(rowOf('S/3').recommendationReason).toMatch(/not in your books/i);
  });

  it('pushes the accepts and the reject; the 2B of the 14th holds exactly the accepted records', async () => {
    const runId = run.run.id;
    expect(
      (await api.post(API.action, { runId, selection: { rowIds: [rowOf('S/1').id, rowOf('S/2').id] }, action: 'Accept' })).json().data
        .affected,
    ).toBe(2);
    const reject = await api.post(API.action, {
      runId,
      selection: { rowIds: [rowOf('S/3').id] },
      action: 'Reject',
      remarks: 'Not ordered by us',
    });
    expect(reject.json().data.affected).toBe(1);
    expect((await api.get(IMS_API.pushCount, { runId })).json().data).toEqual({ waiting: 3, unanswered: 3 });
    const push = await api.post(IMS_API.push, { runId });
    expect(push.statusCode, push.body).toBe(200);
    expect(push.json().data).toEqual({ records: 3, gstins: [TN_CUSTOMER] });
    rows = await pushed(runId);
    expect(rows.map((r) => [r.portalNumber, r.pushStatus, r.imsAction]).sort()).toEqual([
      ['S/1', 'Pushed', 'Accepted'],
      ['S/2', 'Pushed', 'Accepted'],
      ['S/3', 'Pushed', 'Rejected'],
    ]);
    const pushes = (await api.post(DA.search, { kind: 'Push', entityIds: [chennai], actions: ['IMS'] })).json().data
      .items as DataActivity[];
    expect(pushes[0]).toMatchObject({ status: 'Completed', documentCount: 3 });
    expect(pushes[0]?.portalReferenceId).toBeTruthy();
    // Nothing left to push.
    expect((await api.post(IMS_API.push, { runId })).json().errors[0].code).toBe('REC0009');
    expect((await api.get(IMS_API.pushCount, { runId })).json().data).toEqual({ waiting: 0, unanswered: 0 });

    // Five days later: a new sign-in, here and at the portal (its session lasts six hours).
    h.advanceClock(FIFTEENTH_OF_NOVEMBER - h.ctx.now().getTime());
    api = clientOf(h, await signIn(h.app, buyer));
    await signInToPortal(api, chennai, 'ims-buyer');
    expect(await twoBNumbers()).toEqual({ available: ['S/1', 'S/2'], rejected: ['S/3'] });
  });

  it('recomputes the 2B after a changed action: the record accepted later is in it', async () => {
    const runId = run.run.id;
    await api.post(API.action, { runId, selection: { rowIds: [rowOf('S/3').id] }, action: 'Accept', remarks: 'Found the goods receipt' });
    expect((await api.post(IMS_API.push, { runId })).json().data.records).toBe(1);
    // A second push at once finds nothing to send: the job has claimed the action.
    await pushImsActions(h.ctx, runId, buyer.adminUserId, { attempts: 3, delayMs: 10 });
    await pushed(runId);
    const regenerate = await api.post(IMS_API.regenerate2b, { entityId: chennai, returnPeriod: PERIOD });
    expect(regenerate.statusCode, regenerate.body).toBe(200);
    expect(regenerate.json().data.status).toBe('P');
    rows = (await api.post(RECONCILIATION_ROWS_REPORT.endpoints.search.path, { filters: { runId } })).json().data.items;
    expect([rowOf('S/3').pushStatus, rowOf('S/3').imsAction]).toEqual(['Pushed', 'Accepted']);
    expect(await twoBNumbers()).toEqual({ available: ['S/1', 'S/2', 'S/3'], rejected: [] });
  });

  it('lets a user with only the IMS right sign in to the portal for its GSTIN, and read the session', async () => {
    const imsOnly = clientOf(h, (await signInLimitedUser(h, buyer, ['InvoiceManagementSystem'], [chennai])).token);
    expect((await imsOnly.post(R.portalOtp, { entityId: chennai })).statusCode).toBe(200);
    expect((await imsOnly.post(R.portalAuthenticate, { entityId: chennai, otp: PORTAL_OTP })).statusCode).toBe(200);
    expect((await imsOnly.get(R.portalSession, { entityId: chennai })).json().data.active).toBe(true);
    const viewer = clientOf(h, (await signInLimitedUser(h, buyer, ['ReturnsView'], [chennai])).token);
    expect((await viewer.post(R.portalOtp, { entityId: chennai })).statusCode).toBe(403);
  });

  it('needs the IMS right, and refuses another tenant', async () => {
    const noRight = clientOf(h, (await signInLimitedUser(h, buyer, ['ReturnsView'], [chennai])).token);
    expect((await noRight.post(IMS_API.download, { entityIds: [chennai] })).statusCode).toBe(403);
    expect((await noRight.post(IMS_API.push, { runId: run.run.id })).statusCode).toBe(403);
    const imsOnly = clientOf(h, (await signInLimitedUser(h, buyer, ['InvoiceManagementSystem'], [chennai])).token);
    expect((await imsOnly.get(API.run, { runId: run.run.id })).statusCode).toBe(200);
    const stranger = clientOf(h, await signIn(h.app, await createTenant(h)));
    expect((await stranger.post(IMS_API.download, { entityIds: [chennai] })).statusCode).toBe(404);
    expect((await stranger.post(IMS_API.push, { runId: run.run.id })).statusCode).toBe(404);
    expect((await stranger.post(IMS_API.regenerate2b, { entityId: chennai, returnPeriod: PERIOD })).statusCode).toBe(404);
  });
});
