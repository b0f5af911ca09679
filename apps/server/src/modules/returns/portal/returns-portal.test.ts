// GSTR-1 through the GST portal (issue 7), against the project's portal sandbox mounted in the server: the OTP session,
// a save the portal answers with a per-document error, the fix, a clean save, submit, file with EVC, the documents
// locked, the history in order; then the buyer (another subscriber) downloads its GSTR-2A and sees the invoices; and
// the data-activity lists.
import {
  DATA_ACTIVITY_API as DA,
  ORGANIZATION_API as O,
  RETURN_API as R,
  type DataActivity,
  type ReturnDetail,
  type ReturnErrorRow,
  type ReturnSectionRow,
} from '@opengst/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dataActivities, documentItems, documents, entities, portalSessions, returns, userEntities } from '../../../db/schema';
import { pollSaveStatus } from './save-status.service';
import { createTenant, ENGINES, signIn, startHarness, type Harness, type Tenant } from '../../../test-support/harness';
import { DELHI_GSTIN } from '../../../test-support/import-fixtures';
import { clientOf, TENANT_PAN } from '../../../test-support/org-fixtures';
import { insertDocument } from '../../../test-support/register-fixtures';
import { generate, PERIOD, TN_CUSTOMER } from '../../../test-support/return-fixtures';

type Api = ReturnType<typeof clientOf>;
const OTP = '575757';

const detailOf = async (api: Api, entityId: number): Promise<ReturnDetail> =>
  (await api.get(R.detail, { entityId, returnType: 'GSTR1', returnPeriod: PERIOD })).json().data as ReturnDetail;

/** Polls the detail until the portal's answer to the save is in (the save-status job). */
const waitForSave = async (api: Api, entityId: number, timeoutMs = 30_000): Promise<ReturnDetail> => {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const detail = await detailOf(api, entityId);
    if (detail.portalSaveStatus !== 'IP') return detail;
    if (Date.now() > until) throw new Error('the save is still in progress');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
};

const signInToPortal = async (api: Api, entityId: number, userName: string) => {
  expect(
    (await api.post(O.entitySetGstPortalCredential, { entityId, portalUserName: userName, portalPassword: 'Portal#Pass1' })).statusCode,
  ).toBe(200);
  const otp = await api.post(R.portalOtp, { entityId });
  expect(otp.statusCode, otp.body).toBe(200);
  const session = await api.post(R.portalAuthenticate, { entityId, otp: OTP });
  expect(session.statusCode, session.body).toBe(200);
  return session;
};

describe.each(ENGINES)('GSTR-1 through the portal sandbox on %s', (engine) => {
  let h: Harness;
  let seller: Tenant;
  let api: Api;
  let delhi: number;
  let bad: number;
  let good: number;
  let returnId: number;

  beforeAll(async () => {
    h = await startHarness(engine);
    seller = await createTenant(h);
    api = clientOf(h, await signIn(h.app, seller));
    delhi = seller.entityIds[1] ?? 0;
    good = await insertDocument(h, seller, delhi, {
      documentNumber: 'P/001',
      documentDate: '2024-08-02',
      counterpartyGstin: TN_CUSTOMER,
      placeOfSupply: '33',
    });
    await insertDocument(
      h,
      seller,
      delhi,
      { documentNumber: 'P/002', documentDate: '2024-08-03', counterpartyGstin: '', counterpartyName: 'Walk-in', placeOfSupply: '07' },
      [{ taxable: 100_000, cgst: 9_000, sgst: 9_000, rate: 18_000 }],
    );
    // Planted: a rate the portal does not accept (17%): RETSTATUS reports this document alone.
    bad = await insertDocument(
      h,
      seller,
      delhi,
      { documentNumber: 'P/BAD', documentDate: '2024-08-04', counterpartyGstin: TN_CUSTOMER, placeOfSupply: '33' },
      [{ taxable: 100_000, igst: 17_000, rate: 17_000 }],
    );
    returnId = (await generate(api, delhi)).id ?? 0;
  }, 120_000);
  afterAll(async () => {
    await h.close();
  });

  it('opens a portal session with the OTP; the session is sealed at rest and never answered', async () => {
    const before = (await api.get(R.portalSession, { entityId: delhi })).json().data;
    expect(before).toMatchObject({ entityId: delhi, gstin: DELHI_GSTIN, hasCredentials: false, active: false, sandbox: true });
    const noCredentials = await api.post(R.portalOtp, { entityId: delhi });
    expect(noCredentials.json().errors[0].code).toBe('RET0009');
    const noSession = await api.post(R.save, { id: returnId });
    expect(noSession.json().errors[0].code).toBe('RET0008');
    expect(
      (await api.post(O.entitySetGstPortalCredential, { entityId: delhi, portalUserName: 'delhi-filer', portalPassword: 'Portal#Pass1' }))
        .statusCode,
    ).toBe(200);
    expect((await api.post(R.portalOtp, { entityId: delhi })).statusCode).toBe(200);
    const wrong = await api.post(R.portalAuthenticate, { entityId: delhi, otp: '111111' });
    expect([wrong.statusCode, wrong.json().errors[0].code]).toEqual([422, 'RET0012']);
    expect(wrong.json().errors[0].message).toContain('Invalid OTP');
    const session = await signInToPortal(api, delhi, 'delhi-filer');
    expect(session.json().data).toMatchObject({ hasCredentials: true, active: true, sandbox: true });
    expect(Object.keys(session.json().data).sort()).toEqual(['active', 'entityId', 'expiresAt', 'gstin', 'hasCredentials', 'sandbox']);
    const [stored] = await h.ctx.database.db.select().from(portalSessions).where(eq(portalSessions.entityId, delhi));
    expect(stored?.session.startsWith('v1.')).toBe(true);
    expect(stored?.session).not.toContain('delhi-filer');
  });

  it('saves; the portal refuses the planted document, shown in errors and against the document in its section', async () => {
    const sent = await api.post(R.save, { id: returnId });
    expect(sent.statusCode, sent.body).toBe(200);
    const answered = await waitForSave(api, delhi);
    expect([answered.portalSaveStatus, answered.status, answered.errorCount]).toEqual(['PE', 'Error', 1]);
    expect(answered.lastError).toBeTruthy();
    const errors = (await api.post(R.errors, { id: returnId })).json().data.items as ReturnErrorRow[];
    expect(errors.map((e) => [e.section, e.documentId, e.documentNumber, e.counterpartyGstin, e.errorCode])).toEqual([
      ['b2b', bad, 'P/BAD', TN_CUSTOMER, 'RET191110'],
    ]);
    const b2b = (await api.post(R.sectionSearch, { id: returnId, section: 'b2b' })).json().data.items as ReturnSectionRow[];
    expect(b2b.find((r) => r.documentId === bad)?.portalError).toContain('RET191110');
    expect(b2b.find((r) => r.documentId === good)?.portalError).toBeNull();
    const submit = await api.post(R.submit, { id: returnId });
    expect(submit.json().errors[0].code).toBe('RET0010');
  });

  it('after the fix and a new generation saves cleanly, submits, and files with the EVC OTP: Filed, ARN, documents locked', async () => {
    const { db } = h.ctx.database;
    await db.update(documentItems).set({ rate: 18_000, igst: 18_000 }).where(eq(documentItems.documentId, bad));
    await db.update(documents).set({ igst: 18_000, documentValue: 118_000, updatedAt: new Date() }).where(eq(documents.id, bad));
    expect((await api.post(R.save, { id: returnId })).json().errors[0].code).toBe('RET0006');
    const regenerated = await generate(api, delhi);
    expect([regenerated.status, regenerated.errorCount, regenerated.stale]).toEqual(['NotSubmitted', 0, false]);
    expect((await api.post(R.save, { id: returnId })).statusCode).toBe(200);
    const clean = await waitForSave(api, delhi);
    expect([clean.portalSaveStatus, clean.status, clean.errorCount, clean.lastError]).toEqual(['P', 'NotSubmitted', 0, null]);
    const submitted = await api.post(R.submit, { id: returnId });
    expect(submitted.statusCode, submitted.body).toBe(200);
    expect(submitted.json().data.status).toBe('Submitted');
    expect((await api.post(R.generate, { entityId: delhi, returnType: 'GSTR1', returnPeriod: PERIOD })).json().errors[0].code).toBe(
      'RET0003',
    );
    expect((await api.post(R.save, { id: returnId })).json().errors[0].code).toBe('RET0007');
    const otp = await api.post(R.fileOtp, { id: returnId });
    expect([otp.statusCode, otp.json().data]).toEqual([200, { sent: true }]);
    const filed = await api.post(R.file, { id: returnId, otp: OTP });
    expect(filed.statusCode, filed.body).toBe(200);
    const detail = filed.json().data as ReturnDetail;
    expect(detail.status).toBe('Filed');
    expect(detail.arn).toMatch(/^\w{10,}$/);
    expect(detail.filedAt).toBeTruthy();
    const locked = await db
      .select({
        id: documents.id,
        filedReturnId: documents.filedReturnId,
        filedNumber: documents.filedNumber,
        number: documents.documentNumber,
        status: documents.status,
      })
      .from(documents)
      .where(eq(documents.entityId, delhi));
    expect(locked).toHaveLength(3);
    for (const d of locked) expect([d.filedReturnId, d.filedNumber, d.status]).toEqual([returnId, d.number, 'Completed']);
    const history = (await api.get(R.history, { id: returnId })).json().data.items as {
      action: string;
      fromStatus: string | null;
      toStatus: string | null;
    }[];
    expect(history.map((r) => [r.action, r.fromStatus, r.toStatus])).toEqual([
      ['Generate', 'NotSubmitted', 'NotSubmitted'],
      ['Save', null, null],
      ['Save', 'NotSubmitted', 'Error'],
      ['Generate', 'Error', 'NotSubmitted'],
      ['Save', null, null],
      ['Save', 'NotSubmitted', 'NotSubmitted'],
      ['Submit', 'NotSubmitted', 'Submitted'],
      ['File', 'Submitted', 'Filed'],
    ]);
    // Nothing was amended or added since the filing: the optional GSTR-1A is not offered as work to do (the GSTR-3B
    // is next).
    const list = (await api.post(R.list, { returnPeriod: PERIOD, entityIds: [delhi] })).json().data.items;
    expect(list.map((r: { returnType: string; status: string }) => [r.returnType, r.status])).toEqual([
      ['GSTR1', 'Filed'],
      ['GSTR3B', 'NotSubmitted'],
    ]);
  });

  it('lists the pushes in data activities, newest first', async () => {
    const pushes = (await api.post(DA.search, { kind: 'Push' })).json().data.items as DataActivity[];
    expect(pushes.map((a) => [a.action, a.status, a.returnId])).toEqual([
      ['File', 'Completed', returnId],
      ['Submit', 'Completed', returnId],
      ['Save', 'Completed', returnId],
      ['Save', 'Completed', returnId],
    ]);
    expect(pushes[3]?.errorCount).toBe(1);
    expect(pushes[0]?.userName).toMatch(/^Admin /);
  });

  it('keeps the items as filed, and reports a later change in the next return: b2ba, and table 12 by the difference', async () => {
    const { db } = h.ctx.database;
    const [filed] = await db.select({ filedItems: documents.filedItems }).from(documents).where(eq(documents.id, good));
    expect(filed?.filedItems).toEqual([
      {
        hsn: '84713010',
        description: 'Laptop',
        uqc: 'NOS',
        quantity: 1000,
        rate: 18000,
        taxable: 100000,
        igst: 18000,
        cgst: 0,
        sgst: 0,
        cess: 0,
      },
    ]);
    // Invoiced ₹1,000 and filed; later corrected to ₹1,500 (two units): the change is an amendment of the next return.
    await db.update(documentItems).set({ taxable: 150_000, igst: 27_000, quantity: 2000 }).where(eq(documentItems.documentId, good));
    await db
      .update(documents)
      .set({ taxable: 150_000, igst: 27_000, documentValue: 177_000, amendmentPending: true, updatedAt: new Date() })
      .where(eq(documents.id, good));
    const september = await generate(api, delhi, 'GSTR1', '092024');
    const json = JSON.parse((await api.get(R.download, { id: september.id ?? 0 })).body) as {
      b2ba?: { inv: { inum: string; oinum: string; val: number }[] }[];
      hsn?: { hsn_b2b?: { hsn_sc: string; qty: number; txval: number; iamt: number }[] };
    };
    expect(json.b2ba?.flatMap((p) => p.inv).map((i) => [i.inum, i.oinum, i.val])).toEqual([['P/001', 'P/001', 1770]]);
    expect(json.hsn?.hsn_b2b?.map((l) => [l.hsn_sc, l.qty, l.txval, l.iamt])).toEqual([['84713010', 1, 500, 90]]);
  });

  it("shows the filed invoices in the buyer's GSTR-2A, downloaded by the buyer (another subscriber)", async () => {
    const buyer = await createTenant(h);
    const { db } = h.ctx.database;
    const [location] = await db
      .insert(entities)
      .values({
        subscriberId: buyer.subscriberId,
        parentEntityId: buyer.entityIds[0],
        entityType: 'Location',
        entityName: 'Bharat Traders Chennai',
        pan: 'AAACB5678B',
        gstin: TN_CUSTOMER,
        stateCode: '33',
        taxpayerType: 'Regular',
      })
      .returning({ id: entities.id });
    const entityId = location?.id ?? 0;
    await db.insert(userEntities).values({ userId: buyer.adminUserId, entityId });
    const buyerApi = clientOf(h, await signIn(h.app, buyer));
    await signInToPortal(buyerApi, entityId, 'bharat-chennai');
    const sync = await buyerApi.post(R.inwardDownload, { entityId, returnPeriod: PERIOD, source: 'GSTR2A' });
    expect(sync.statusCode, sync.body).toBe(200);
    expect(sync.json().data).toMatchObject({ kind: 'Sync', action: 'GSTR2A', status: 'Completed', documentCount: 2, gstin: TN_CUSTOMER });
    const inward = (await buyerApi.post(R.inwardSearch, { entityId, returnPeriod: PERIOD, source: 'GSTR2A' })).json().data;
    expect(inward.totalRecords).toBe(2);
    expect(
      inward.items
        .map((d: { supplierGstin: string; documentNumber: string; taxable: number; igst: number }) => [
          d.supplierGstin,
          d.documentNumber,
          d.taxable,
          d.igst,
        ])
        .sort(),
    ).toEqual([
      [DELHI_GSTIN, 'P/001', 100_000, 18_000],
      [DELHI_GSTIN, 'P/BAD', 100_000, 18_000],
    ]);
    // A second download replaces the first.
    expect((await buyerApi.post(R.inwardDownload, { entityId, returnPeriod: PERIOD, source: 'GSTR2A' })).statusCode).toBe(200);
    expect((await buyerApi.post(R.inwardSearch, { entityId, returnPeriod: PERIOD, source: 'GSTR2A' })).json().data.totalRecords).toBe(2);
    const overview = (await buyerApi.get(R.overview, { entityId, returnPeriod: PERIOD })).json().data;
    expect(overview.inward.find((i: { source: string }) => i.source === 'GSTR2A').documents).toBe(2);
    expect(overview.portalSession.active).toBe(true);
    const syncs = (await buyerApi.post(DA.search, { kind: 'Sync' })).json().data.items as DataActivity[];
    expect(syncs.map((a) => [a.action, a.status, a.documentCount])).toEqual([
      ['GSTR2A', 'Completed', 2],
      ['GSTR2A', 'Completed', 2],
    ]);
    // The seller sees none of the buyer's activities, and the buyer none of the seller's pushes.
    expect((await api.post(DA.search, { kind: 'Sync' })).json().data.items).toEqual([]);
    expect((await buyerApi.post(DA.search, { kind: 'Push' })).json().data.items).toEqual([]);
  });

  it('records each failed poll of a save as a Callback and gives up at the bound: MaxAttemptReached, the return in Error', async () => {
    const { db } = h.ctx.database;
    const chennai = seller.entityIds[2] ?? 0;
    await insertDocument(h, seller, chennai, {
      documentNumber: 'C/001',
      documentDate: '2024-08-02',
      counterpartyGstin: DELHI_GSTIN,
      placeOfSupply: '07',
    });
    const id = (await generate(api, chennai)).id ?? 0;
    await signInToPortal(api, chennai, 'chennai-filer');
    // A save the portal never heard of: every status poll is refused.
    await db.update(returns).set({ portalSaveStatus: 'IP', portalReferenceId: 'NO-SUCH-REF' }).where(eq(returns.id, id));
    const [push] = await db
      .insert(dataActivities)
      .values({
        subscriberId: seller.subscriberId,
        entityId: chennai,
        gstin: `33${TENANT_PAN}1Z`,
        kind: 'Push',
        action: 'Save',
        returnType: 'GSTR1',
        returnPeriod: PERIOD,
        returnId: id,
        status: 'InProcess',
        userId: seller.adminUserId,
        portalReferenceId: 'NO-SUCH-REF',
      })
      .returning({ id: dataActivities.id });
    await pollSaveStatus({ ctx: h.ctx, attempts: 2, delayMs: () => 0 }, push?.id ?? 0, id, seller.adminUserId);
    const callbacks = (await api.post(DA.search, { kind: 'Callback', entityIds: [chennai] })).json().data.items as DataActivity[];
    expect(callbacks.map((a) => [a.action, a.status, a.returnId])).toEqual([
      ['SaveStatus', 'Attempted', id],
      ['SaveStatus', 'Attempted', id],
    ]);
    expect(callbacks[0]?.message).toContain('RET191120');
    const [pushRow] = await db
      .select()
      .from(dataActivities)
      .where(eq(dataActivities.id, push?.id ?? 0));
    expect(pushRow?.status).toBe('MaxAttemptReached');
    const detail = await detailOf(api, chennai);
    expect([detail.status, detail.portalSaveStatus]).toEqual(['Error', null]);
    expect(detail.lastError).toContain('2 attempts');
  });
});
