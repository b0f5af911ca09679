// GST challans and the electronic ledgers through the product, against the project's portal sandbox mounted in the
// server (its tables in the same database, its clock the app's): the OTP session, a challan created (checked by the
// domain first: whole rupees, the OTC limit), listed id DESC, its PMT-06 PDF, paid at the sandbox's simulated bank
// (Paid, the CIN, an audit row), the cash ledger read through the product showing the deposit; a challan past its
// 15 days refused; rights, locations and another subscriber's ids refused.
import {
  CHALLAN_API as C,
  LEDGER_API as L,
  ORGANIZATION_API as O,
  RETURN_API as R,
  type CashLedger,
  type Challan,
  type ChallanListResponse,
  type LedgerBalance,
} from '@opengst/contracts';
import { indiaDateOf } from '@opengst/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditTrail } from '../../db/schema';
import { createTenant, ENGINES, signIn, startHarness, type Harness, type Tenant } from '../../test-support/harness';
import { DELHI_GSTIN } from '../../test-support/import-fixtures';
import { clientOf, signInLimitedUser, type ApiClient } from '../../test-support/org-fixtures';
import { rupeesInWords } from './challan-pdf';

const OTP = '575757';
const DAY_MS = 86_400_000;

describe('rupeesInWords', () => {
  it('writes whole rupees by crore, lakh and thousand', () => {
    expect(rupeesInWords(7_180)).toBe('Seven Thousand One Hundred Eighty');
    expect(rupeesInWords(12_34_56_789)).toBe('Twelve Crore Thirty Four Lakh Fifty Six Thousand Seven Hundred Eighty Nine');
    expect(rupeesInWords(1_00_000)).toBe('One Lakh');
    expect(rupeesInWords(0)).toBe('Zero');
  });
});

describe.each(ENGINES)('GST challans and electronic ledgers through the portal sandbox on %s', (engine) => {
  let h: Harness;
  let tenant: Tenant;
  let api: ApiClient;
  let delhi: number;
  let chennai: number;
  let paidId: number;
  const today = () => indiaDateOf(h.ctx.now());
  const cashOf = async (): Promise<CashLedger> =>
    (await api.get(L.cash, { entityId: delhi, fromDate: today(), toDate: today() })).json().data as CashLedger;

  beforeAll(async () => {
    h = await startHarness(engine);
    tenant = await createTenant(h);
    api = clientOf(h, await signIn(h.app, tenant));
    delhi = tenant.entityIds[1] ?? 0;
    chennai = tenant.entityIds[2] ?? 0;
  }, 120_000);
  afterAll(async () => {
    await h.close();
  });

  it('answers RET0008 (the OTP step) without a live portal session, then reads once signed in', async () => {
    const before = await api.get(L.cash, { entityId: delhi, fromDate: today(), toDate: today() });
    expect([before.statusCode, before.json().errors[0].code]).toEqual([422, 'RET0008']);
    const noSession = await api.post(C.create, { entityId: delhi, mode: 'neftRtgs', amounts: { igst: { tax: 100_00 } } });
    expect(noSession.json().errors[0].code).toBe('RET0008');
    expect(
      (await api.post(O.entitySetGstPortalCredential, { entityId: delhi, portalUserName: 'delhi-payer', portalPassword: 'Portal#Pass1' }))
        .statusCode,
    ).toBe(200);
    expect((await api.post(R.portalOtp, { entityId: delhi })).statusCode).toBe(200);
    expect((await api.post(R.portalAuthenticate, { entityId: delhi, otp: OTP })).statusCode).toBe(200);
    const cash = await cashOf();
    expect(cash.gstin).toBe(DELHI_GSTIN);
    expect(cash.entries).toEqual([]);
  });

  it('refuses amounts the domain refuses before asking the portal: paise (s.170), over the OTC limit (Rule 87(3)(iv)), no bank', async () => {
    const paise = await api.post(C.create, { entityId: delhi, mode: 'neftRtgs', amounts: { igst: { tax: 100_50 } } });
    expect([paise.statusCode, paise.json().errors[0].propertyName]).toEqual([422, 'amounts.igst.tax']);
    const otc = await api.post(C.create, { entityId: delhi, mode: 'otc', bankCode: 'SBIN', amounts: { cgst: { tax: 10_001_00 } } });
    expect(otc.statusCode).toBe(422);
    expect(otc.json().errors[0].message).toContain('Rule 87(3)(iv)');
    const noBank = await api.post(C.create, { entityId: delhi, mode: 'netBanking', amounts: { igst: { tax: 100_00 } } });
    expect([noBank.statusCode, noBank.json().errors[0].propertyName]).toEqual([422, 'bankCode']);
    const listed = (await api.post(C.search, {})).json().data as ChallanListResponse;
    expect(listed.totalRecords).toBe(0);
  });

  it('creates challans at the portal and keeps them: listed id DESC, filtered, with an audit row', async () => {
    const created = await api.post(C.create, {
      entityId: delhi,
      mode: 'netBanking',
      bankCode: 'HDFC',
      amounts: { igst: { tax: 6_000_00 }, cgst: { tax: 580_00, interest: 20_00 }, sgst: { tax: 600_00 } },
    });
    expect(created.statusCode, created.body).toBe(200);
    const challan = created.json().data as Challan;
    expect(challan).toMatchObject({
      gstin: DELHI_GSTIN,
      status: 'Generated',
      sandbox: true,
      total: 7_200_00,
      bankCode: 'HDFC',
      cin: null,
      createdOn: today(),
    });
    expect(challan.cpin).toMatch(/^\d{14}$/);
    expect(challan.amounts.cgst).toEqual({ tax: 580_00, interest: 20_00, penalty: 0, fee: 0, others: 0 });
    expect(challan.validUntil > challan.createdOn).toBe(true);
    paidId = challan.id;
    const mandate = (await api.post(C.create, { entityId: delhi, mode: 'neftRtgs', amounts: { cess: { tax: 1_00 } } })).json()
      .data as Challan;

    const listed = (await api.post(C.search, {})).json().data as ChallanListResponse;
    expect(listed.items.map((c) => c.id)).toEqual([mandate.id, challan.id]);
    expect(listed.items[1]?.createdBy).toBeTruthy();
    const byTotal = (await api.post(C.search, { sortExpression: 'total DESC', filters: { cpin: challan.cpin } })).json().data;
    expect(byTotal.items.map((c: Challan) => c.id)).toEqual([challan.id]);
    const elsewhere = (await api.post(C.search, { filters: { entityIds: [chennai] } })).json().data;
    expect(elsewhere.totalRecords).toBe(0);
    const [audit] = await h.ctx.database.db
      .select()
      .from(auditTrail)
      .where(
        and(eq(auditTrail.subscriberId, tenant.subscriberId), eq(auditTrail.entityType, 'GstChallan'), eq(auditTrail.action, 'Create')),
      );
    expect(audit?.entityName).toContain(challan.cpin);
  });

  it('answers the challan as Form GST PMT-06 in PDF', async () => {
    const pdf = await api.get(C.pdf, { id: paidId });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toMatch(/PMT-06-\d{14}\.pdf/);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('pays at the sandbox bank: Paid with the CIN, audited, and the cash ledger read through the product shows the deposit', async () => {
    const paid = await api.post(C.paySandbox, { id: paidId });
    expect(paid.statusCode, paid.body).toBe(200);
    const challan = paid.json().data as Challan;
    expect(challan).toMatchObject({ status: 'Paid', cin: `${challan.cpin}HDFC`, paidOn: today() });
    expect((await api.get(C.detail, { id: paidId })).json().data.status).toBe('Paid');
    const again = await api.post(C.paySandbox, { id: paidId });
    expect([again.statusCode, again.json().errors[0].message]).toEqual([422, expect.stringContaining('already paid')]);

    const cash = await cashOf();
    expect(cash.entries.map((e) => [e.type, e.reference, e.total])).toEqual([['Credit', challan.cin, 7_200_00]]);
    expect(cash.closing.igst.tax).toBe(6_000_00);
    expect(cash.closing.cgst.interest).toBe(20_00);
    const period = `${today().slice(5, 7)}${today().slice(0, 4)}`;
    const balance = (await api.get(L.balance, { entityId: delhi, period })).json().data as LedgerBalance;
    expect(balance.cash.sgst.tax).toBe(600_00);
    const refreshed = (await api.post(C.refresh, { id: paidId })).json().data as Challan;
    expect(refreshed).toMatchObject({ status: 'Paid', cin: challan.cin });
    const audits = await h.ctx.database.db
      .select({ after: auditTrail.after })
      .from(auditTrail)
      .where(
        and(eq(auditTrail.subscriberId, tenant.subscriberId), eq(auditTrail.entityType, 'GstChallan'), eq(auditTrail.action, 'Update')),
      );
    expect(audits.map((a) => (a.after as { status: string }).status)).toEqual(['Paid']);
  });

  it('reads the credit and liability ledgers and the credit reversal statement', async () => {
    const period = `${today().slice(5, 7)}${today().slice(0, 4)}`;
    const credit = await api.get(L.credit, { entityId: delhi, fromDate: today(), toDate: today() });
    expect(credit.statusCode, credit.body).toBe(200);
    expect(credit.json().data.closing).toEqual({ igst: 0, cgst: 0, sgst: 0, cess: 0 });
    const liability = await api.get(L.liability, { entityId: delhi, fromPeriod: period, toPeriod: period });
    expect(liability.statusCode, liability.body).toBe(200);
    expect(liability.json().data.entries).toEqual([]);
    const reversal = await api.get(L.creditReversal, { entityId: delhi, period });
    expect(reversal.statusCode, reversal.body).toBe(200);
    expect(reversal.json().data.gstin).toBe(DELHI_GSTIN);
    const backwards = await api.get(L.cash, { entityId: delhi, fromDate: today(), toDate: '2017-07-01' });
    expect([backwards.statusCode, backwards.json().errors[0].propertyName]).toEqual([422, 'fromDate']);
  });

  it('refuses users without the right, or without the location', async () => {
    const ledgersOnly = clientOf(h, (await signInLimitedUser(h, tenant, ['ReportLedgers'], [delhi])).token);
    for (const res of [await ledgersOnly.post(C.search, {}), await ledgersOnly.get(C.detail, { id: paidId })])
      expect([res.statusCode, res.json().errors[0].code]).toEqual([403, 'GEN0002']);
    const challansOnly = clientOf(h, (await signInLimitedUser(h, tenant, ['GstChallan'], [chennai])).token);
    const ledger = await challansOnly.get(L.cash, { entityId: delhi, fromDate: today(), toDate: today() });
    expect([ledger.statusCode, ledger.json().errors[0].code]).toEqual([403, 'GEN0002']);
    expect((await challansOnly.post(C.search, {})).json().data.totalRecords).toBe(0);
    const otherLocation = await challansOnly.get(C.detail, { id: paidId });
    expect([otherLocation.statusCode, otherLocation.json().errors[0].code]).toEqual([403, 'GEN0010']);
    // Each may sign its GSTIN in to the portal (the OTP step of its screen), and only the locations it has: the
    // ledgers user gets its OTP; the challans user passes the rights to the GSTIN's own check (no portal user name set
    // for Chennai here).
    const ledgersOtp = await ledgersOnly.post(R.portalOtp, { entityId: delhi });
    expect(ledgersOtp.statusCode, ledgersOtp.body).toBe(200);
    expect((await challansOnly.post(R.portalOtp, { entityId: chennai })).json().errors[0].code).toBe('RET0009');
    expect((await challansOnly.post(R.portalOtp, { entityId: delhi })).json().errors[0].code).toBe('GEN0010');
  });

  it("refuses another subscriber's challan ids with 404", async () => {
    const other = clientOf(h, await signIn(h.app, await createTenant(h)));
    for (const res of [
      await other.get(C.detail, { id: paidId }),
      await other.get(C.pdf, { id: paidId }),
      await other.post(C.paySandbox, { id: paidId }),
      await other.post(C.refresh, { id: paidId }),
    ])
      expect([res.statusCode, res.body.includes(DELHI_GSTIN)]).toEqual([404, false]);
    expect((await other.post(C.search, {})).json().data.totalRecords).toBe(0);
  });

  it('refuses a challan past its 15 days (Rule 87(2)) and lists it as Expired', async () => {
    const stale = (await api.post(C.create, { entityId: delhi, mode: 'neftRtgs', amounts: { sgst: { fee: 50_00 } } })).json()
      .data as Challan;
    h.advanceClock(16 * DAY_MS);
    // The product's own session has lapsed too in sixteen days: sign in again.
    api = clientOf(h, await signIn(h.app, tenant));
    const refused = await api.post(C.paySandbox, { id: stale.id });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors[0].message).toContain('Rule 87(2)');
    expect((await api.get(C.detail, { id: stale.id })).json().data.status).toBe('Expired');
    const expired = (await api.post(C.search, { filters: { statuses: ['Expired'] } })).json().data as ChallanListResponse;
    expect(expired.items.map((c) => c.id)).toContain(stale.id);
    expect(expired.items.map((c) => c.id)).not.toContain(paidId);
  });
});
