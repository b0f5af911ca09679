// DRC-01B and DRC-01C through the product against the portal sandbox mounted in the server (issue 19). GSTR-1 of March
// and April 2025 is filed with ₹18,000 of IGST each and GSTR-3B pays ₹10,000 (the 3B product flow is another module's:
// here the sandbox is driven through the adapter, and the product's filed rows are written as that flow writes them);
// the intimations are synced (threshold ₹1,000 set in the sandbox and as the subscriber's setting, so the product's
// precheck agrees with the portal's Part A); May's GSTR-1 is refused while either is open (Rule 59(6)); a reply that
// leaves a head unexplained is refused before the portal is asked; April is answered with a reason, March with a DRC-03
// from the cash ledger; May's GSTR-1 then goes through. Chennai claims ITC its empty GSTR-2B does not hold: DRC-01C
// under the notified threshold, answered with a reason. Rights and another location are refused.
import {
  DRC01_API as D,
  ORGANIZATION_API as O,
  RETURN_API as R,
  type Drc01Detail,
  type Drc01ListResponse,
  type Drc01SyncResponse,
} from '@opengst/contracts';
import { buildGstr1, NO_TAX, type Heads } from '@opengst/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditTrail, gstr3bReturns, returns } from '../../db/schema';
import { PortalError, type PortalSessionState } from '../../portal';
import { createTenant, ENGINES, setSubscriberSettings, signIn, startHarness, type Harness, type Tenant } from '../../test-support/harness';
import { CHENNAI_GSTIN, CUSTOMER_GSTIN, DELHI_GSTIN } from '../../test-support/import-fixtures';
import { clientOf, signInLimitedUser, type ApiClient } from '../../test-support/org-fixtures';
import { activePortalSession } from '../returns';
import { intimationOfRow } from './drc01.service';

const OTP = '575757';
const igst = (amount: number): Heads => ({ ...NO_TAX, igst: amount });
const noCash = { tax: NO_TAX, interest: NO_TAX, lateFee: { cgst: 0, sgst: 0 } };
const tax = (iamt: number) => ({ iamt, camt: 0, samt: 0, csamt: 0 });

describe('intimationOfRow', () => {
  const row = (status: 'Open' | 'Replied', dueOn: string) =>
    ({
      id: 1,
      subscriberId: 1,
      entityId: 2,
      entityName: 'Delhi',
      gstin: DELHI_GSTIN,
      form: 'DRC01B',
      referenceNumber: 'ZB070525A000001',
      returnPeriod: '042025',
      issuedOn: '2025-05-05',
      dueOn,
      status,
      reported: igst(18_000_00),
      baseline: igst(10_000_00),
      difference: igst(8_000_00),
      excess: igst(8_000_00),
      totalExcess: 8_000_00,
      percentBasisPoints: 8000,
      threshold: null,
      explanation: '',
      reply: status === 'Open' ? null : { ackNumber: 'A', repliedOn: '2025-05-06', reasonCode: 'others', explanation: 'x', drc03: null },
      repliedBy: null,
      syncedAt: new Date('2025-05-05T00:00:00Z'),
      createdAt: new Date('2025-05-05T00:00:00Z'),
      updatedAt: null,
    }) as const;

  it('marks an open intimation overdue the day after its 7 days (Rules 88C(2), 88D(2)), never an answered one', () => {
    expect(intimationOfRow(row('Open', '2025-05-12'), '2025-05-12').isOverdue).toBe(false);
    expect(intimationOfRow(row('Open', '2025-05-12'), '2025-05-13').isOverdue).toBe(true);
    const answered = intimationOfRow(row('Replied', '2025-05-12'), '2025-06-01');
    expect([answered.isOverdue, answered.reply?.reasonText]).toEqual([false, 'Others']);
  });
});

describe.each(ENGINES)('DRC-01B and DRC-01C through the portal sandbox on %s', (engine) => {
  let h: Harness;
  let tenant: Tenant;
  let api: ApiClient;
  let delhi: number;
  let chennai: number;
  const sessionOf = (entityId: number, gstin: string): Promise<PortalSessionState> => activePortalSession(h.ctx, entityId, gstin);
  const signInPortal = async (entityId: number, userName: string) => {
    await api.post(O.entitySetGstPortalCredential, { entityId, portalUserName: userName, portalPassword: 'Portal#Pass1' });
    expect((await api.post(R.portalOtp, { entityId })).statusCode).toBe(200);
    expect((await api.post(R.portalAuthenticate, { entityId, otp: OTP })).statusCode).toBe(200);
  };

  /** GSTR-1 at the portal, and the product's row as its filing writes it (status Filed, the payload sent). */
  const fileGstr1 = async (entityId: number, gstin: string, period: string, taxable: number): Promise<void> => {
    const s = await sessionOf(entityId, gstin);
    const day = `${period.slice(2)}-${period.slice(0, 2)}-10`;
    const docs =
      taxable === 0
        ? []
        : [
            {
              documentType: 'INV' as const,
              documentNumber: `D/${period}`,
              documentDate: day,
              counterpartyGstin: CUSTOMER_GSTIN,
              supplyType: 'B2B' as const,
              placeOfSupply: '33',
              documentValue: taxable * 1.18,
              items: [
                { hsn: '84713010', uqc: 'NOS', quantity: 1_000, rate: 18_000, taxable, igst: taxable * 0.18, cgst: 0, sgst: 0, cess: 0 },
              ],
            },
          ];
    const json = buildGstr1(docs, { gstin, period });
    const portal = h.ctx.gstPortal;
    await portal.save(s, 'GSTR1', period, JSON.stringify(json));
    await portal.submit(s, 'GSTR1', period);
    await portal.requestEvcOtp(s, 'GSTR1', gstin.slice(2, 12));
    await portal.file(s, 'GSTR1', period, gstin.slice(2, 12), OTP);
    await h.ctx.database.db.insert(returns).values({
      subscriberId: tenant.subscriberId,
      entityId,
      gstin,
      returnType: 'GSTR1',
      financialYear: '2025-26',
      returnPeriod: period,
      status: 'Filed',
      payload: JSON.stringify(json),
    });
  };

  /** GSTR-3B at the portal (save, submit, cash offset, EVC filing), and the product's row as its filing writes it. */
  const file3b = async (entityId: number, gstin: string, period: string, json: Record<string, unknown>, cashIgst: number) => {
    const s = await sessionOf(entityId, gstin);
    const portal = h.ctx.gstPortal;
    await portal.save(s, 'GSTR3B', period, JSON.stringify(json));
    await portal.submit(s, 'GSTR3B', period);
    if (cashIgst > 0)
      await portal.gstr3bOffset(s, period, {
        credit: [],
        cash: { otherThanReverseCharge: { ...noCash, tax: igst(cashIgst) }, reverseCharge: noCash },
      });
    await portal.requestEvcOtp(s, 'GSTR3B', gstin.slice(2, 12));
    await portal.file(s, 'GSTR3B', period, gstin.slice(2, 12), OTP);
    await h.ctx.database.db.insert(gstr3bReturns).values({
      subscriberId: tenant.subscriberId,
      entityId,
      gstin,
      returnPeriod: period,
      financialYear: '2024-25',
      status: 'Filed',
      savedJson: json,
    });
  };

  const list = async (form: 'DRC01B' | 'DRC01C') => (await api.post(D.search, { form })).json().data as Drc01ListResponse;

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

  it('syncs the DRC-01B intimations a short GSTR-3B raised, with the product’s precheck beside them', async () => {
    await signInPortal(delhi, 'delhi-drc');
    const s = await sessionOf(delhi, DELHI_GSTIN);
    const threshold = { amount: 1_000_00, percentBasisPoints: 10_000, rule: 'amountOrPercent' as const };
    await h.ctx.gstPortal.setDrcThresholdInSandbox(s, 'DRC01B', threshold);
    await setSubscriberSettings(h, tenant.subscriberId, { drc01: { ownThresholds: true, drc01bAmount: 1_000, drc01bPercent: 100 } });
    await fileGstr1(delhi, DELHI_GSTIN, '032025', 100_000_00);
    await fileGstr1(delhi, DELHI_GSTIN, '042025', 100_000_00);
    // ₹8,000 left in cash after the two 3Bs: the DRC-03 of March.
    const challan = await h.ctx.gstPortal.createChallan(s, { mode: 'NEFT', amounts: { igst: { tax: 28_000_00 } } });
    await h.ctx.gstPortal.payChallanInSandbox(s, challan.cpin);
    for (const period of ['032025', '042025'])
      await file3b(
        delhi,
        DELHI_GSTIN,
        period,
        { gstin: DELHI_GSTIN, ret_period: period, sup_details: { osup_det: { txval: 100_000, ...tax(10_000) } } },
        10_000_00,
      );

    const synced = await api.post(D.sync, { entityId: delhi });
    expect(synced.statusCode, synced.body).toBe(200);
    expect(synced.json().data as Drc01SyncResponse).toEqual({ received: 2, added: 2, updated: 0 });
    expect((await api.post(D.sync, { entityId: delhi })).json().data).toEqual({ received: 2, added: 0, updated: 2 });
    const listed = await list('DRC01B');
    expect(listed.totalRecords).toBe(2);
    expect(listed.items.map((i) => [i.period, i.status, i.excess.igst, i.isOverdue])).toEqual(
      expect.arrayContaining([
        ['032025', 'Open', 8_000_00, false],
        ['042025', 'Open', 8_000_00, false],
      ]),
    );
    expect((await list('DRC01C')).totalRecords).toBe(0);
    const april = listed.items.find((i) => i.period === '042025');
    const detail = (await api.get(D.detail, { id: april?.id ?? 0 })).json().data as Drc01Detail;
    expect(detail.intimation).toMatchObject({ gstin: DELHI_GSTIN, reported: igst(18_000_00), baseline: igst(10_000_00), reply: null });
    expect(detail.precheck).toMatchObject({ isIntimation: true, missing: [], figures: { excess: igst(8_000_00), totalExcess: 8_000_00 } });
    expect(detail.sandbox).toBe(true);
    // The subscriber's threshold decides the precheck: ₹10,000 and 100% are not exceeded by ₹8,000.
    await setSubscriberSettings(h, tenant.subscriberId, { drc01: { drc01bAmount: 10_000 } });
    const under = (await api.get(D.precheck, { entityId: delhi, form: 'DRC01B', period: '042025' })).json().data;
    expect(under).toMatchObject({ isIntimation: false, figures: { totalExcess: 8_000_00, threshold: { amount: 10_000_00 } } });
    const none = (await api.get(D.precheck, { entityId: delhi, form: 'DRC01B', period: '052025' })).json().data;
    expect(none).toMatchObject({ figures: null, missing: ['GSTR-1 filed', 'GSTR-3B filed'] });
  });

  it('answers both, the May GSTR-1 refused until the last is answered (Rule 59(6))', async () => {
    const s = await sessionOf(delhi, DELHI_GSTIN);
    const json = buildGstr1([], { gstin: DELHI_GSTIN, period: '052025' });
    await h.ctx.gstPortal.save(s, 'GSTR1', '052025', JSON.stringify(json));
    const blocked = await h.ctx.gstPortal.submit(s, 'GSTR1', '052025').then(
      () => null,
      (e: unknown) => e,
    );
    expect((blocked as PortalError).portalCode).toBe('RET191130');

    const { items } = await list('DRC01B');
    const march = items.find((i) => i.period === '032025')?.id ?? 0;
    const april = items.find((i) => i.period === '042025')?.id ?? 0;
    const short = await api.post(D.reply, { id: april, otp: OTP, drc03: { tax: igst(5_000_00), interest: NO_TAX } });
    expect(short.statusCode).toBe(422);
    expect(short.json().errors[0].message).toContain('neither paid nor explained');
    const unsigned = await api.post(D.reply, { id: april, otp: OTP, reason: { code: 'paidInLaterReturn', explanation: 'Paid in May' } });
    expect(unsigned.json().errors[0].message).toContain('RET191117');

    expect((await api.post(D.requestOtp, { id: april })).json().data.sentTo).toContain(DELHI_GSTIN.slice(2, 12));
    const replied = await api.post(D.reply, { id: april, otp: OTP, reason: { code: 'paidInLaterReturn', explanation: 'Paid in May' } });
    expect(replied.statusCode, replied.body).toBe(200);
    expect((replied.json().data as Drc01Detail).intimation).toMatchObject({
      status: 'Replied',
      reply: {
        reasonCode: 'paidInLaterReturn',
        reasonText: 'Liability paid in the GSTR-3B of a later tax period',
        explanation: 'Paid in May',
        drc03: null,
      },
    });
    expect((await api.post(D.reply, { id: april, otp: OTP, reason: { code: 'others', explanation: 'x' } })).statusCode).toBe(422);
    // March is still open.
    const still = await h.ctx.gstPortal.submit(s, 'GSTR1', '052025').then(
      () => null,
      (e: unknown) => e,
    );
    expect((still as PortalError).portalCode).toBe('RET191130');

    await api.post(D.requestOtp, { id: march });
    const paid = await api.post(D.reply, { id: march, otp: OTP, drc03: { tax: igst(8_000_00), interest: NO_TAX } });
    expect(paid.statusCode, paid.body).toBe(200);
    const reply = (paid.json().data as Drc01Detail).intimation;
    expect(reply).toMatchObject({ status: 'Paid', reply: { reasonCode: null, drc03: { tax: igst(8_000_00) } } });
    expect(reply.reply?.drc03?.arn).toMatch(/^AD07\d{11}$/);
    const balance = await h.ctx.gstPortal.ledgerBalance(s, '052025');
    expect(balance.cash.igst.tax).toBe(0);
    expect((await h.ctx.gstPortal.submit(s, 'GSTR1', '052025')).referenceId).toBeTruthy();
    const audit = await h.ctx.database.db
      .select({ action: auditTrail.action })
      .from(auditTrail)
      .where(and(eq(auditTrail.subscriberId, tenant.subscriberId), eq(auditTrail.entityType, 'Drc01Intimation')));
    expect(audit.map((a) => a.action).sort()).toEqual(['Import', 'Import', 'StatusChange', 'StatusChange']);
  });

  it('syncs a DRC-01C raised for ITC its empty GSTR-2B does not hold, and answers it with a reason', async () => {
    await signInPortal(chennai, 'chennai-drc');
    await fileGstr1(chennai, CHENNAI_GSTIN, '042025', 0);
    await file3b(
      chennai,
      CHENNAI_GSTIN,
      '042025',
      { gstin: CHENNAI_GSTIN, ret_period: '042025', itc_elg: { itc_avl: [{ ty: 'OTH', ...tax(5_000) }], itc_net: tax(5_000) } },
      0,
    );
    expect((await api.post(D.sync, { entityId: chennai, form: 'DRC01C' })).json().data).toMatchObject({ added: 1 });
    const [one] = (await list('DRC01C')).items;
    expect(one).toMatchObject({ gstin: CHENNAI_GSTIN, form: 'DRC01C', status: 'Open', reported: igst(5_000_00), baseline: NO_TAX });
    const detail = (await api.get(D.detail, { id: one?.id ?? 0 })).json().data as Drc01Detail;
    expect(detail.precheck).toMatchObject({ isIntimation: true, figures: { excess: igst(5_000_00) } });
    await api.post(D.requestOtp, { id: one?.id });
    const replied = await api.post(D.reply, { id: one?.id, otp: OTP, reason: { code: 'importNotIn2b', explanation: 'BoE of 28-04-2025' } });
    expect((replied.json().data as Drc01Detail).intimation.status).toBe('Replied');
  });

  it('prechecks a quarterly GSTR-3B against the GSTR-1 of the quarter’s three months (Rule 61A)', async () => {
    // July to September 2025 filed in the product (its rows as the GSTR-1 flow writes them), ₹18,000 of IGST a month;
    // the quarter's GSTR-3B pays one month's worth: ₹36,000 short over the quarter.
    for (const period of ['072025', '082025', '092025']) {
      const taxable = 100_000_00;
      const json = buildGstr1(
        [
          {
            documentType: 'INV',
            documentNumber: `Q/${period}`,
            documentDate: `2025-${period.slice(0, 2)}-10`,
            counterpartyGstin: CUSTOMER_GSTIN,
            supplyType: 'B2B',
            placeOfSupply: '33',
            documentValue: taxable * 1.18,
            items: [
              { hsn: '84713010', uqc: 'NOS', quantity: 1_000, rate: 18_000, taxable, igst: taxable * 0.18, cgst: 0, sgst: 0, cess: 0 },
            ],
          },
        ],
        { gstin: DELHI_GSTIN, period },
      );
      await h.ctx.database.db.insert(returns).values({
        subscriberId: tenant.subscriberId,
        entityId: delhi,
        gstin: DELHI_GSTIN,
        returnType: 'GSTR1',
        financialYear: '2025-26',
        returnPeriod: period,
        status: 'Filed',
        payload: JSON.stringify(json),
      });
    }
    await h.ctx.database.db.insert(gstr3bReturns).values({
      subscriberId: tenant.subscriberId,
      entityId: delhi,
      gstin: DELHI_GSTIN,
      returnPeriod: '092025',
      frequency: 'quarterly',
      financialYear: '2025-26',
      status: 'Filed',
      savedJson: { gstin: DELHI_GSTIN, ret_period: '092025', sup_details: { osup_det: { txval: 100_000, ...tax(18_000) } } },
    });
    const check = (await api.get(D.precheck, { entityId: delhi, form: 'DRC01B', period: '092025' })).json().data as Drc01Detail['precheck'];
    expect(check).toMatchObject({ isIntimation: true, missing: [], figures: { reported: igst(54_000_00), baseline: igst(18_000_00) } });
  });

  it('refuses a user without the Drc01 right, and one whose locations do not include the intimation’s', async () => {
    const [one] = (await list('DRC01C')).items;
    const noRight = clientOf(h, (await signInLimitedUser(h, tenant, ['GstChallan'], [chennai])).token);
    expect((await noRight.get(D.detail, { id: one?.id ?? 0 })).statusCode).toBe(403);
    const delhiOnly = clientOf(h, (await signInLimitedUser(h, tenant, ['Drc01'], [delhi])).token);
    expect((await delhiOnly.get(D.detail, { id: one?.id ?? 0 })).statusCode).toBe(403);
    expect(((await delhiOnly.post(D.search, { form: 'DRC01C' })).json().data as Drc01ListResponse).totalRecords).toBe(0);
  });
});
