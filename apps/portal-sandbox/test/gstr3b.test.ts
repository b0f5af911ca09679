// GSTR-3B and its payment at the sandbox over HTTP, with the raw protocol: the 39(10) block before GSTR-1, the
// system-generated liability and its hard lock (July 2025 period), submission posting the ledgers, unlawful and unfunded
// offsets refused, a challan created and paid (an expired one refused), the offset, the ledgers' balances in paise, the
// EVC filing with its ARN, and the three-year bar.
import { buildGstr1, setOffLiability } from '@opengst/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorOf, OTP, RawClient, startSandbox, type Answer, type Clock, type Session } from './client';
import { BUYER_KA, BUYER_MH, doc, item, SUPPLIER } from './fixtures';

const PERIOD = '072025';
const R1 = '/taxpayerapi/v2.0/returns/gstr1';
const R3B = '/taxpayerapi/v2.0/returns/gstr3b';
const RETURNS = '/taxpayerapi/v2.0/returns';
const LEDGERS = '/taxpayerapi/v1.0/ledgers';
const PAYMENT = '/taxpayerapi/v1.0/payment';
const PAN = SUPPLIER.slice(2, 12);
const START = new Date('2025-08-05T10:00:00+05:30');

const clock: Clock = { at: START };
let sandbox: Awaited<ReturnType<typeof startSandbox>>;
let client: RawClient;
let supplier: Session;

type J = Record<string, unknown>;
const open = (answer: Answer): J => client.open(supplier, answer) as J;
const paise = (rupees: unknown): number => Math.round(Number(rupees) * 100);

beforeAll(async () => {
  sandbox = await startSandbox(clock);
  client = new RawClient(sandbox.app);
  supplier = await client.login(SUPPLIER, 'supplier.user');
});
afterAll(async () => sandbox.close());

const evcOtp = (formType: string) =>
  client.send(
    'GET',
    `/taxpayerapi/v1.0/authenticate?action=EVCOTP&gstin=${SUPPLIER}&pan=${PAN}&form_type=${formType}`,
    client.headers(supplier),
  );

const fileWithEvc = async (path: string, period: string, summary: unknown): Promise<Answer> => {
  const { inner } = client.seal(supplier, summary);
  return client.write(supplier, 'POST', path, 'RETFILE', summary, period, {
    st: 'EVC',
    sid: `${PAN}|${OTP}`,
    sign: client.hmacSign(OTP, inner),
  });
};

const save3b = async (period: string, json: unknown): Promise<J> => {
  const { reference_id: ref } = open(await client.write(supplier, 'PUT', R3B, 'RETSAVE', json, period));
  return open(
    await client.get(supplier, RETURNS, { action: 'RETSTATUS', gstin: SUPPLIER, ret_period: period, ref_id: String(ref) }, period),
  );
};

/** Liability of July 2025 from GSTR-1: 3.1(a) ₹1,42,000 taxable; IGST 18,000, CGST and SGST 2,580 each. */
const OUTWARD = { txval: 142_000, iamt: 18_000, camt: 2_580, samt: 2_580, csamt: 0 };
const tax = (iamt: number, camt: number, samt: number) => ({ iamt, camt, samt, csamt: 0 });

/** The 3B saved: the auto-populated 3.1(a), reverse charge ₹900 + ₹900, ITC ₹5,000 + ₹1,000 + ₹1,000, interest ₹50 + ₹50. */
const gstr3b = (outward = OUTWARD, net = tax(5_000, 1_000, 1_000)) => ({
  gstin: SUPPLIER,
  ret_period: PERIOD,
  sup_details: {
    osup_det: outward,
    osup_zero: { txval: 0, iamt: 0, csamt: 0 },
    osup_nil_exmp: { txval: 0 },
    isup_rev: { txval: 10_000, ...tax(0, 900, 900) },
    osup_nongst: { txval: 0 },
  },
  itc_elg: {
    itc_avl: [
      { ty: 'IMPG', ...tax(0, 0, 0) },
      { ty: 'IMPS', ...tax(0, 0, 0) },
      { ty: 'ISRC', ...tax(0, 900, 900) },
      { ty: 'ISD', ...tax(0, 0, 0) },
      { ty: 'OTH', ...tax(5_000, 100, 100) },
    ],
    itc_rev: [
      { ty: 'RUL', ...tax(0, 0, 0) },
      { ty: 'OTH', ...tax(0, 0, 0) },
    ],
    itc_net: net,
    itc_inelg: [
      { ty: 'RUL', ...tax(0, 0, 0) },
      { ty: 'OTH', ...tax(0, 0, 0) },
    ],
  },
  intr_ltfee: { intr_details: tax(0, 50, 50), ltfee_details: { camt: 0, samt: 0 } },
});

describe('GSTR-3B before the period’s GSTR-1 (section 39(10))', () => {
  it('refuses submitting and filing the 3B while GSTR-1 of the period is not filed', async () => {
    expect((await save3b(PERIOD, { gstin: SUPPLIER, ret_period: PERIOD }))['status_cd']).toBe('P');
    const submit = await client.write(supplier, 'POST', R3B, 'RETSUBMIT', { gstin: SUPPLIER, ret_period: PERIOD }, PERIOD);
    expect(errorOf(submit)?.code).toBe('RET191122');
    const file = await fileWithEvc(R3B, PERIOD, { gstin: SUPPLIER, ret_period: PERIOD, chksum: 'x' });
    expect(errorOf(file)).toEqual({ code: 'RET191122', message: expect.stringContaining('section 39(10)') as string });
  });

  it('files the period’s GSTR-1', async () => {
    const json = buildGstr1(
      [
        doc({
          documentNumber: 'J/001',
          documentDate: '2025-07-10',
          counterpartyGstin: BUYER_KA,
          supplyType: 'B2B',
          placeOfSupply: '29',
          items: [item(100_000_00, 18, true)],
        }),
        doc({
          documentNumber: 'J/002',
          documentDate: '2025-07-11',
          counterpartyGstin: BUYER_MH,
          supplyType: 'B2B',
          placeOfSupply: '27',
          items: [item(40_000_00, 12, false)],
        }),
        doc({
          documentNumber: 'J/003',
          documentDate: '2025-07-12',
          supplyType: 'B2C',
          placeOfSupply: '27',
          items: [item(2_000_00, 18, false)],
        }),
      ],
      { gstin: SUPPLIER, period: PERIOD },
    );
    open(await client.write(supplier, 'PUT', R1, 'RETSAVE', json, PERIOD));
    open(await client.write(supplier, 'POST', R1, 'RETSUBMIT', { gstin: SUPPLIER, ret_period: PERIOD }, PERIOD));
    await evcOtp('R1');
    const summary = open(await client.get(supplier, R1, { action: 'RETSUM', gstin: SUPPLIER, ret_period: PERIOD }, PERIOD));
    expect(open(await fileWithEvc(R1, PERIOD, summary))['ack_num']).toMatch(/^AA27/);
  });
});

describe("the buyer's ITC auto-populated from its GSTR-2B", () => {
  it('answers AUTOLIAB 4A(5) from the 2B generated on the 14th', async () => {
    clock.at = new Date('2025-08-15T10:00:00+05:30');
    try {
      const buyer = await client.login(BUYER_KA, 'buyer.ka');
      const auto = client.open(
        buyer,
        await client.get(buyer, R3B, { action: 'AUTOLIAB', gstin: BUYER_KA, ret_period: PERIOD }, PERIOD),
      ) as J;
      const pop = auto['r3bautopop'] as J;
      expect(pop['r2bgendt']).toBe('14-08-2025');
      const itc = (pop['liabitc'] as { elgitc: { itc4a5: { subtotal: J } } }).elgitc.itc4a5.subtotal;
      expect(itc).toEqual({ iamt: 18_000, camt: 0, samt: 0, csamt: 0 });
    } finally {
      clock.at = START;
    }
  });
});

describe('the system-generated liability and its hard lock (July 2025 period)', () => {
  it('answers AUTOLIAB with table 3.1(a) from the filed GSTR-1', async () => {
    const auto = open(await client.get(supplier, R3B, { action: 'AUTOLIAB', gstin: SUPPLIER, ret_period: PERIOD }, PERIOD));
    const pop = auto['r3bautopop'] as J;
    expect(pop['r1fildt']).toBe('05-08-2025');
    const liab = pop['liabitc'] as { sup_details: { osup_3_1a: { subtotal: J } } };
    expect(liab.sup_details.osup_3_1a.subtotal).toEqual(OUTWARD);
  });

  it('refuses a save that changes the locked 3.1(a), and one whose net ITC is not available − reversed', async () => {
    const changed = await save3b(PERIOD, gstr3b({ ...OUTWARD, iamt: 17_000 }));
    expect(changed['status_cd']).toBe('ER');
    expect(changed['error_report']).toMatchObject({ error_cd: 'RET191123', error_msg: expect.stringContaining('3.1(a)') as string });
    const badNet = await save3b(PERIOD, gstr3b(OUTWARD, tax(5_000, 1_000, 999)));
    expect(badNet['error_report']).toEqual({ error_cd: 'RET3B91404', error_msg: 'NET ITC is not equal to ITC Available - ITC Reversed' });
    const unknown = await save3b(PERIOD, { ...gstr3b(), sup_details: { ...gstr3b().sup_details, osup_xyz: { txval: 1 } } });
    expect(unknown['error_report']).toMatchObject({ error_cd: 'RET191103' });
  });

  it('keeps a save with the auto-populated liability and submits it to the ledgers', async () => {
    expect((await save3b(PERIOD, gstr3b()))['status_cd']).toBe('P');
    open(await client.write(supplier, 'POST', R3B, 'RETSUBMIT', { gstin: SUPPLIER, ret_period: PERIOD }, PERIOD));
    expect(errorOf(await client.write(supplier, 'PUT', R3B, 'RETSAVE', gstr3b(), PERIOD))?.code).toBe('RET191114');
    const liab = open(await client.get(supplier, LEDGERS, { action: 'RETLIAB', gstin: SUPPLIER, ret_period: PERIOD }));
    const [oth, rc] = liab['op_liab'] as { igst: J; cgst: J; sgst: J }[];
    expect([paise(oth?.igst['tx']), paise(oth?.cgst['tx']), paise(oth?.cgst['intr']), paise(rc?.sgst['tx'])]).toEqual([
      18_000_00, 2_580_00, 50_00, 900_00,
    ]);
    const bal = open(await client.get(supplier, LEDGERS, { action: 'BAL', gstin: SUPPLIER, ret_period: PERIOD }));
    expect(bal['itc_bal']).toEqual({ igst_bal: 5_000, cgst_bal: 1_000, sgst_bal: 1_000, cess_bal: 0 });
    // RCM statement: 3.1(d) ₹900 + ₹900 in, the same claimed in 4A(3) out.
    const rcm = open(await client.get(supplier, R3B, { action: 'RCMCLOSINGBAL', gstin: SUPPLIER }, PERIOD));
    expect((rcm['tr'] as J[]).map((t) => [t['tr_typ'], t['camt'], t['samt']])).toEqual([
      ['Cr', 900, 900],
      ['Dr', 900, 900],
    ]);
    expect(rcm['clsbal']).toEqual({ iamt: 0, camt: 0, samt: 0, csamt: 0 });
  });
});

describe('offset, challan and filing', () => {
  const liability = { igst: 18_000_00, cgst: 2_580_00, sgst: 2_580_00, cess: 0 };
  const credit = { igst: 5_000_00, cgst: 1_000_00, sgst: 1_000_00, cess: 0 };
  const plan = setOffLiability(liability, credit);
  const pditc = Object.fromEntries(plan.utilisation.map((u) => [`${u.from.charAt(0)}_pd${u.to.charAt(0)}`, u.amount / 100]));
  const pdcash = [
    { trans_typ: 30001, ipd: plan.cash.igst / 100, cpd: plan.cash.cgst / 100, spd: plan.cash.sgst / 100, c_intrpd: 50, s_intrpd: 50 },
    { trans_typ: 30002, cpd: 900, spd: 900 },
  ];
  const offset = (data: unknown) =>
    client.write(supplier, 'PUT', R3B, 'RETOFFSET', { gstin: SUPPLIER, ret_period: PERIOD, ...(data as J) }, PERIOD);
  let cpin = '';

  it('refuses unlawful utilisations of credit (section 49A, Rule 88A)', async () => {
    const early = await offset({ pditc: { c_pdi: 1_000 }, pdcash: [] });
    expect(errorOf(early)).toEqual({ code: 'RET191125', message: expect.stringContaining('section 49A') as string });
    const cross = await offset({ pditc: { i_pdi: 5_000, c_pds: 100 }, pdcash: [] });
    expect(errorOf(cross)?.message).toContain('CGST credit cannot pay SGST (Rule 88A)');
  });

  it('refuses an offset the cash ledger cannot pay', async () => {
    const answer = await offset({ pditc, pdcash });
    expect(errorOf(answer)?.code).toBe('RET191126');
    expect(errorOf(answer)?.message).toContain('the cash ledger holds ₹0 of IGST tax');
  });

  it('creates a challan (CPIN, 15 days) and refuses one over the counter above ₹10,000 (Rule 87(3))', async () => {
    const challan = {
      gstin: SUPPLIER,
      pymnt_mode: 'EPY',
      bank_cd: 'SBIN',
      igst: { tx: 13_500 },
      cgst: { tx: 2_480, intr: 50 },
      sgst: { tx: 2_480, intr: 50 },
    };
    const created = open(await client.write(supplier, 'POST', PAYMENT, 'GENERATE', challan, ''));
    expect(created).toMatchObject({ status: 'GENERATED', chln_dt: '05/08/2025', chln_exp_dt: '20/08/2025', tot_amt: 18_560 });
    cpin = String(created['cpin']);
    expect(cpin).toMatch(/^250827\d{8}$/);
    const otc = await client.write(supplier, 'POST', PAYMENT, 'GENERATE', { ...challan, pymnt_mode: 'OTC' }, '');
    expect(errorOf(otc)?.code).toBe('PMT1004');
  });

  it('refuses to pay a challan after its 15 days (Rule 87(2))', async () => {
    const stale = open(
      await client.write(supplier, 'POST', PAYMENT, 'GENERATE', { gstin: SUPPLIER, pymnt_mode: 'NEFT', cgst: { tx: 1 } }, ''),
    );
    clock.at = new Date(START.getTime() + 15 * 86_400_000);
    try {
      // A session lasts 6 hours: a new one 15 days later.
      const later = await client.login(SUPPLIER, 'supplier.user');
      const late = await client.write(later, 'POST', `${PAYMENT}/sandbox-bank`, 'PAY', { cpin: stale['cpin'] }, '');
      expect(errorOf(late)).toEqual({ code: 'PMT1002', message: expect.stringContaining('expired on 20/08/2025') as string });
      const details = client.open(
        later,
        await client.get(later, PAYMENT, { action: 'CHLNDTLS', gstin: SUPPLIER, cpin: String(stale['cpin']) }),
      ) as J;
      expect(details['status']).toBe('EXPIRED');
    } finally {
      clock.at = START;
    }
  });

  it('pays the challan: CIN = CPIN + bank code, the cash ledger credited', async () => {
    const paid = open(await client.write(supplier, 'POST', `${PAYMENT}/sandbox-bank`, 'PAY', { cpin }, ''));
    expect(paid).toMatchObject({ status: 'PAID', cin: `${cpin}SBIN` });
    expect(errorOf(await client.write(supplier, 'POST', `${PAYMENT}/sandbox-bank`, 'PAY', { cpin }, ''))?.code).toBe('PMT1003');
    const history = open(
      await client.get(supplier, PAYMENT, { action: 'CHLNHIST', gstin: SUPPLIER, fr_dt: '01/08/2025', to_dt: '31/08/2025' }),
    );
    expect((history['chln_list'] as J[]).map((c) => c['status'])).toEqual(['GENERATED', 'PAID']);
  });

  it('offsets the liability: credit and cash ledgers debited, the liability discharged', async () => {
    open(await offset({ pditc, pdcash }));
    const bal = open(await client.get(supplier, LEDGERS, { action: 'BAL', gstin: SUPPLIER, ret_period: PERIOD }));
    const cash = bal['cash_bal'] as Record<string, J>;
    // ₹13,500 deposited for IGST, ₹13,000 used: ₹500 left; everything else used up.
    expect([paise(cash['igst']?.['tx']), paise(cash['igst_tot_bal']), paise(cash['cgst_tot_bal']), paise(cash['sgst_tot_bal'])]).toEqual([
      500_00, 500_00, 0, 0,
    ]);
    expect(bal['itc_bal']).toEqual({ igst_bal: 0, cgst_bal: 0, sgst_bal: 0, cess_bal: 0 });
    const ledger = open(await client.get(supplier, LEDGERS, { action: 'CASH', gstin: SUPPLIER, fr_dt: '01/08/2025', to_dt: '31/08/2025' }));
    const tr = ledger['tr'] as J[];
    expect(tr.map((t) => [t['tr_typ'], paise(t['tot_tr_amt'])])).toEqual([
      ['Cr', 18_560_00],
      ['Dr', 16_260_00],
      ['Dr', 1_800_00],
    ]);
    expect(tr[0]?.['ref_no']).toBe(`${cpin}SBIN`);
    expect(paise((ledger['cl_bal'] as J)['tot_rng_bal'])).toBe(500_00);
    const tax = open(await client.get(supplier, LEDGERS, { action: 'TAX', gstin: SUPPLIER, fr_dt: PERIOD, to_dt: PERIOD }));
    expect(paise((tax['cl_bal'] as J)['tot_rng_bal'])).toBe(0);
    const itc = open(await client.get(supplier, LEDGERS, { action: 'ITC', gstin: SUPPLIER, fr_dt: '01/08/2025', to_dt: '31/08/2025' }));
    expect(((itc['itcLdgDtls'] as J)['tr'] as J[]).map((t) => [t['tr_typ'], paise(t['tot_tr_amt'])])).toEqual([
      ['Cr', 7_000_00],
      ['Dr', 7_000_00],
    ]);
  });

  it('files with EVC and answers the ARN; RETTRACK shows it filed', async () => {
    await evcOtp('R3B');
    const summary = open(await client.get(supplier, R3B, { action: 'RETSUM', gstin: SUPPLIER, ret_period: PERIOD }, PERIOD));
    expect((summary['tx_pmt'] as { pditc: J }).pditc).toMatchObject({ i_pdi: 5_000, c_pdc: 1_000, s_pds: 1_000 });
    const arn = String(open(await fileWithEvc(R3B, PERIOD, summary))['ack_num']);
    expect(arn).toMatch(/^AA270825\d{6}[A-Z]$/);
    const track = open(
      await client.get(supplier, RETURNS, { action: 'RETTRACK', gstin: SUPPLIER, ret_period: PERIOD, type: 'GSTR3B' }, PERIOD),
    );
    expect(track['EFiledlist']).toEqual([expect.objectContaining({ rtntype: 'GSTR3B', arn, status: 'Filed' })]);
    expect(errorOf(await client.write(supplier, 'PUT', R3B, 'RETSAVE', gstr3b(), PERIOD))?.code).toBe('RET191116');
    // The buyer's 2A now says the supplier filed its 3B of the period.
    const buyer = await client.login(BUYER_KA, 'buyer.ka');
    const b2b = client.open(
      buyer,
      await client.get(buyer, '/taxpayerapi/v2.0/returns/gstr2a', { action: 'B2B', gstin: BUYER_KA, ret_period: PERIOD }, PERIOD),
    ) as { b2b: J[] };
    expect(b2b.b2b.map((s) => [s['ctin'], s['cfs3b']])).toEqual([[SUPPLIER, 'Y']]);
  });
});

describe('a GSTR-1A filed after the 3B is saved', () => {
  const AUGUST = '082025';
  const fileGstr1 = async (path: string, number: string, taxable: number, evcForm: string) => {
    const json = buildGstr1(
      [
        doc({
          documentNumber: number,
          documentDate: '2025-08-10',
          counterpartyGstin: BUYER_MH,
          supplyType: 'B2B',
          placeOfSupply: '27',
          items: [item(taxable, 18, false)],
        }),
      ],
      { gstin: SUPPLIER, period: AUGUST },
    );
    open(await client.write(supplier, 'PUT', path, 'RETSAVE', json, AUGUST));
    open(await client.write(supplier, 'POST', path, 'RETSUBMIT', { gstin: SUPPLIER, ret_period: AUGUST }, AUGUST));
    await evcOtp(evcForm);
    const summary = open(await client.get(supplier, path, { action: 'RETSUM', gstin: SUPPLIER, ret_period: AUGUST }, AUGUST));
    open(await fileWithEvc(path, AUGUST, summary));
  };
  const autoOutward = async () => {
    const auto = open(await client.get(supplier, R3B, { action: 'AUTOLIAB', gstin: SUPPLIER, ret_period: AUGUST }, AUGUST));
    return ((auto['r3bautopop'] as J)['liabitc'] as { sup_details: { osup_3_1a: { subtotal: J } } }).sup_details.osup_3_1a.subtotal;
  };

  beforeAll(async () => {
    clock.at = new Date('2025-09-05T10:00:00+05:30');
    supplier = await client.login(SUPPLIER, 'supplier.user');
  });
  afterAll(async () => {
    clock.at = START;
    supplier = await client.login(SUPPLIER, 'supplier.user');
  });

  it('refuses to submit the 3B whose locked 3.1(a) no longer is the auto-populated one, and submits it saved again', async () => {
    await fileGstr1(R1, 'A/001', 10_000_00, 'R1');
    const before = await autoOutward();
    expect(before).toEqual({ txval: 10_000, iamt: 0, camt: 900, samt: 900, csamt: 0 });
    const saved = { gstin: SUPPLIER, ret_period: AUGUST, sup_details: { osup_det: before } };
    expect((await save3b(AUGUST, saved))['status_cd']).toBe('P');
    await fileGstr1('/taxpayerapi/v2.0/returns/gstr1a', 'A/002', 1_000_00, 'R1A');
    const submit = () => client.write(supplier, 'POST', R3B, 'RETSUBMIT', { gstin: SUPPLIER, ret_period: AUGUST }, AUGUST);
    expect(errorOf(await submit())?.code).toBe('RET191123');
    const after = await autoOutward();
    expect(after).toEqual({ txval: 11_000, iamt: 0, camt: 990, samt: 990, csamt: 0 });
    expect((await save3b(AUGUST, { ...saved, sup_details: { osup_det: after } }))['status_cd']).toBe('P');
    expect(errorOf(await submit())).toBeNull();
  });
});

describe('the three-year bar (section 39(11))', () => {
  it('refuses the 3B of June 2022 (due 20-07-2022) in August 2025, not that of August 2022', async () => {
    const barred = await client.write(supplier, 'PUT', R3B, 'RETSAVE', { gstin: SUPPLIER, ret_period: '062022' }, '062022');
    expect(errorOf(barred)).toEqual({ code: 'RET191124', message: expect.stringContaining('due date 20-07-2022') as string });
    expect((await save3b('082022', { gstin: SUPPLIER, ret_period: '082022' }))['status_cd']).toBe('P');
  });

  it('bars GSTR-1 as well: June 2022 (due 11-07-2022) is refused in August 2025', async () => {
    const barred = await client.write(supplier, 'PUT', R1, 'RETSAVE', { gstin: SUPPLIER, fp: '062022' }, '062022');
    expect(errorOf(barred)).toEqual({ code: 'RET191124', message: expect.stringContaining('due date 11-07-2022') as string });
  });

  it('does not bar before the portal enforced it (1 August 2025)', async () => {
    clock.at = new Date('2025-07-31T18:00:00+05:30');
    try {
      expect((await save3b('052022', { gstin: SUPPLIER, ret_period: '052022' }))['status_cd']).toBe('P');
    } finally {
      clock.at = START;
    }
  });
});
