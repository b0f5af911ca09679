// GSTR-3B filed through the GST portal from the product (issue 19), against the project's portal sandbox mounted in
// the server: the period's GSTR-1 filed first (s.39(10)), the 3B computed, the set-off over unknown ledgers without a
// portal session and over the sandbox's own balances with one, saved (the portal's P), submitted (figures frozen,
// the ITC in the credit ledger), filing refused by the portal while unpaid, an unlawful utilisation refused (s.49A),
// the offset refused while the cash ledger is short, a challan for the cash created and paid in the sandbox, the
// offset accepted, the OTP and the EVC filing's ARN; each step a Push data activity and a history row; rights.
import {
  CHALLAN_API as C,
  GSTR3B_API as G,
  LEDGER_API as L,
  type Challan,
  type Gstr3bDetail,
  type Gstr3bSetOff,
  type Gstr3bTimeline,
  type LedgerBalance,
} from '@opengst/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dataActivities, drc01Intimations, entities } from '../../db/schema';
import { ENGINES, type Harness, type Tenant } from '../../test-support/harness';
import { computeGstr3b, GSTR3B_PERIOD as PERIOD, insertGstr3bMonth } from '../../test-support/gstr3b-fixtures';
import { fileGstr1, PORTAL_OTP, signInToPortal } from '../../test-support/inward-fixtures';
import { clientOf, openSignedIn, signInLimitedUser, type ApiClient } from '../../test-support/org-fixtures';
import { SAVE_STATUS_WAITS_MS } from './gstr3b-portal.service';

describe.each(ENGINES)('GSTR-3B through the portal sandbox on %s', (engine) => {
  let h: Harness;
  let t: Tenant;
  let api: ApiClient;
  let delhi: number;
  let chennai: number;

  const key = () => ({ entityId: delhi, returnPeriod: PERIOD });
  const setOff = async (entityId = delhi): Promise<Gstr3bSetOff> => {
    const res = await api.get(G.setOff, { entityId, returnPeriod: PERIOD });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as Gstr3bSetOff;
  };
  const act = async (url: string, body: Record<string, unknown> = {}): Promise<Gstr3bDetail> => {
    const res = await api.post(url, { ...key(), ...body });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as Gstr3bDetail;
  };
  const refused = async (url: string, body: Record<string, unknown> = {}) => {
    const res = await api.post(url, { ...key(), ...body });
    expect(res.statusCode, res.body).toBe(422);
    return res.json().errors[0] as { code: string; message: string };
  };

  beforeAll(async () => {
    ({ h, t, api } = await openSignedIn(engine));
    delhi = t.entityIds[1]!;
    chennai = t.entityIds[2]!;
    const [row] = await h.ctx.database.db.select({ gstin: entities.gstin }).from(entities).where(eq(entities.id, delhi));
    await insertGstr3bMonth(h, t, delhi, row!.gstin!);
    await signInToPortal(api, delhi, 'g3b-delhi');
    // Computed after the GSTR-1 is filed, as a user does: its documents, now carrying the filed return's id, are its
    // own liability, not amendments of themselves (a nil 3.1(a) the portal's lock would refuse, RET191123).
    await fileGstr1(api, delhi, PERIOD);
    expect((await computeGstr3b(api, key())).compute.status).toBe('Completed');
  }, 180_000);
  afterAll(async () => h?.close());

  it('says the ledgers are unknown without a portal session, and refuses to save what is not computed or without one', async () => {
    const notComputed = await api.post(G.saveToPortal, { entityId: chennai, returnPeriod: PERIOD });
    expect(notComputed.json().errors[0].code).toBe('RET0015');
    expect((await computeGstr3b(api, { entityId: chennai, returnPeriod: PERIOD })).compute.status).toBe('Completed');
    const s = await setOff(chennai);
    expect(s.portalLedgers).toBeNull();
    expect(s.cashNeeded).toBeNull();
    expect(s.cashToDeposit).toBeNull();
    expect([s.creditLedger.known, s.cashLedger.known]).toEqual([false, false]);
    const noSession = await api.post(G.saveToPortal, { entityId: chennai, returnPeriod: PERIOD });
    expect(noSession.json().errors[0].code).toBe('RET0008');
  });

  it('keeps a save the portal is still processing (IP) until its answer is read, then the answer P', async () => {
    expect((await refused(G.submit)).code).toBe('RET0010');
    const portal = h.ctx.gstPortal;
    const saveStatus = portal.saveStatus.bind(portal);
    let polls = 0;
    portal.saveStatus = async () => {
      polls += 1;
      return { status: 'IP', errors: [], message: null };
    };
    try {
      const waiting = await act(G.saveToPortal);
      expect([waiting.status, waiting.portal.saveStatus, polls]).toEqual(['NotSubmitted', 'IP', SAVE_STATUS_WAITS_MS.length]);
      expect((await refused(G.saveToPortal)).code).toBe('RET0013');
      expect((await refused(G.submit)).code).toBe('RET0010');
    } finally {
      portal.saveStatus = saveStatus;
    }
    const answered = await act(G.saveStatus);
    expect([answered.status, answered.portal.saveStatus]).toEqual(['NotSubmitted', 'P']);
  });

  it('saves the computed 3B to the portal again: P', async () => {
    const d = await act(G.saveToPortal);
    expect([d.status, d.portal.lastError]).toEqual(['NotSubmitted', null]);
    expect(d.portal).toMatchObject({ saveStatus: 'P', lastError: null });
    expect(d.portal.referenceId).toMatch(/^07/);
    expect(d.portal.savedAt).not.toBeNull();
  });

  it('submits only the figures saved, then they are frozen (compute refused) and the set-off reads the sandbox’s ledgers', async () => {
    await act(G.saveFigures, { figures: [{ figure: '3.1d', amounts: { taxable: 2_000_00, cgst: 50_00, sgst: 50_00 } }] });
    expect((await refused(G.submit)).code).toBe('RET0020');
    await act(G.saveFigures, { figures: [{ figure: '3.1d', amounts: null }] });
    const d = await act(G.submit);
    expect([d.status, d.portal.submittedAt !== null]).toEqual(['Submitted', true]);
    expect((await refused(G.compute)).code).toBe('RET0007');
    expect((await refused(G.saveFigures, { figures: [{ figure: '3.1d', amounts: null }] })).code).toBe('RET0007');

    const s = await setOff();
    const sandbox = (await api.get(L.balance, { entityId: delhi, period: PERIOD })).json().data as LedgerBalance;
    expect(s.portalLedgers).toEqual({ cash: sandbox.cash, credit: sandbox.credit, creditHoldsReturnItc: true });
    expect(s.creditLedger.balance).toEqual(sandbox.credit);
    // The ITC posted at submission is this return's net ITC: the credit available is the ledger, not twice the ITC.
    expect(s.creditAvailable).toEqual(sandbox.credit);
    expect(sandbox.credit.igst).toBe(s.netItc.igst);
    expect(s.cashNeeded!.total).toBeGreaterThan(0);
    // Reverse charge (s.49(4)) and the late fee are cash only: the challan holds them.
    expect(s.cashNeeded!.challan.cgst.tax).toBe(Math.ceil((s.cash.tax.cgst + s.cash.reverseCharge.cgst) / 100) * 100);
    expect(s.cashNeeded!.challan.cgst.fee).toBe(Math.ceil(s.cash.lateFee.cgst / 100) * 100);
  });

  it('answers the portal’s refusal in its words: filing before the liability is paid', async () => {
    expect((await api.post(G.fileOtp, key())).statusCode).toBe(200);
    const error = await refused(G.file, { otp: PORTAL_OTP });
    expect(error.code).toBe('RET0012');
    expect(error.message).toContain('not fully paid');
    const d = (await api.get(G.detail, key())).json().data as Gstr3bDetail;
    expect([d.status, d.portal.lastError]).toEqual(['Submitted', error.message]);
  });

  it('refuses an unlawful utilisation (s.49A) and an offset the cash ledger cannot pay, naming the cash short', async () => {
    const s = await setOff();
    const unlawful = await refused(G.offset, { credit: [{ from: 'cgst', to: 'igst', amount: 1_00 }] });
    expect(unlawful.code).toBe('RET0022');
    expect(unlawful.message).toMatch(/section 49A|Rule 88A/);
    const short = await refused(G.offset);
    expect(short.code).toBe('RET0023');
    expect(short.message).toContain('CGST tax: the cash ledger holds ₹ 0.00');
    expect(s.offset).toBeNull();
  });

  it('offsets once a challan for the cash is paid in the sandbox, then files with EVC: the ARN', async () => {
    const before = await setOff();
    const amounts = before.cashNeeded!.challan;
    const created = await api.post(C.create, { entityId: delhi, mode: 'neftRtgs', amounts });
    expect(created.statusCode, created.body).toBe(200);
    const challan = created.json().data as Challan;
    expect(challan.total).toBe(before.cashNeeded!.total);
    expect((await api.post(C.paySandbox, { id: challan.id })).statusCode).toBe(200);
    const paid = await setOff();
    expect(paid.cashNeeded!.total).toBe(0);
    expect(paid.portalLedgers!.cash.cgst.tax).toBe(amounts.cgst.tax);

    const offset = await act(G.offset);
    expect([offset.status, offset.portal.offsetAt !== null, offset.portal.lastError]).toEqual(['Submitted', true, null]);
    const after = await setOff();
    expect(after.offset!.credit).toEqual(before.utilisation.map(({ from, to, amount }) => ({ from, to, amount })));
    expect(after.offset!.cash.reverseCharge).toEqual(before.payable.reverseCharge);
    expect((await refused(G.offset)).code).toBe('RET0021');

    expect((await api.post(G.fileOtp, key())).json().data).toEqual({ sent: true });
    const filed = await act(G.file, { otp: PORTAL_OTP });
    expect(filed.status).toBe('Filed');
    expect(filed.portal.arn).toMatch(/^AA07\d{10}[A-Z]$/);
    const timeline = (await api.get(G.timeline, key())).json().data as Gstr3bTimeline;
    expect([timeline.status, timeline.arn]).toEqual(['Filed', filed.portal.arn]);
    expect(timeline.events.map((e) => e.action).filter((a) => a !== 'Compute')).toEqual([
      'Save',
      'Save',
      'Save',
      'SaveFigures',
      'SaveFigures',
      'Submit',
      'File',
      'Offset',
      'File',
      'Drc01',
    ]);

    // The portal's DRC-01B/DRC-01C are read as the return is filed. The month's GSTR-2B here is the product's own
    // (written to its tables): the sandbox's is empty, so the ITC claimed in 4A(5) exceeds it and the sandbox raises
    // a DRC-01C (Rule 88D), which the list now holds and the timeline names.
    expect(timeline.events.find((e) => e.action === 'Drc01')?.message).toContain('The portal raised 1 DRC-01B/DRC-01C intimation');
    const drc = await h.ctx.database.db
      .select({ form: drc01Intimations.form, excess: drc01Intimations.totalExcess, status: drc01Intimations.status })
      .from(drc01Intimations)
      .where(eq(drc01Intimations.entityId, delhi));
    expect(drc).toEqual([{ form: 'DRC01C', excess: 4_400_00, status: 'Open' }]);

    const pushes = await h.ctx.database.db
      .select({ action: dataActivities.action, status: dataActivities.status })
      .from(dataActivities)
      .where(and(eq(dataActivities.subscriberId, t.subscriberId), eq(dataActivities.returnType, 'GSTR3B')))
      .orderBy(dataActivities.id);
    expect(pushes).toEqual([
      { action: 'Save', status: 'Completed' },
      { action: 'Save', status: 'Completed' },
      { action: 'Submit', status: 'Completed' },
      { action: 'File', status: 'Unprocessable' },
      { action: 'Offset', status: 'Completed' },
      { action: 'File', status: 'Completed' },
    ]);
  });

  it('takes Gstr3bFile for the portal actions', async () => {
    const preparer = clientOf(h, (await signInLimitedUser(h, t, ['Gstr3bPrepare'], [delhi])).token);
    for (const url of [G.saveToPortal, G.saveStatus, G.submit, G.offset, G.fileOtp])
      expect((await preparer.post(url, key())).statusCode, url).toBe(403);
    expect((await preparer.post(G.file, { ...key(), otp: PORTAL_OTP })).statusCode).toBe(403);
  });
});
