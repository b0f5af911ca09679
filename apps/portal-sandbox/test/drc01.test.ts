// DRC-01B and DRC-01C at the sandbox over HTTP with the raw protocol: a GSTR-3B filed paying less than GSTR-1 declares
// raises DRC-01B (with a small threshold set through the control hook); the next GSTR-1 is refused at submission while
// it is open (Rule 59(6)); Part B needs an EVC, refuses an empty reply or a DRC-03 the cash ledger cannot pay, and a
// DRC-03 debiting the cash ledger answers it; then GSTR-1 goes through. A 3B claiming ITC that GSTR-2B does not hold
// raises DRC-01C with the notified threshold, answered with a reason.
import { buildGstr1 } from '@opengst/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorOf, OTP, RawClient, startSandbox, type Answer, type Clock, type Session } from './client';
import { BUYER_KA, BUYER_MH, doc, item, SUPPLIER } from './fixtures';

const MARCH = '032025';
const APRIL = '042025';
const MAY = '052025';
const R1 = '/taxpayerapi/v2.0/returns/gstr1';
const R3B = '/taxpayerapi/v2.0/returns/gstr3b';
const DRC = '/taxpayerapi/v2.0/returns/drc01';
const PAYMENT = '/taxpayerapi/v1.0/payment';
const LEDGERS = '/taxpayerapi/v1.0/ledgers';

const clock: Clock = { at: new Date('2025-05-05T10:00:00+05:30') };
let sandbox: Awaited<ReturnType<typeof startSandbox>>;
let client: RawClient;

type J = Record<string, unknown>;
const tax = (iamt: number, camt = 0, samt = 0) => ({ iamt, camt, samt, csamt: 0 });

beforeAll(async () => {
  sandbox = await startSandbox(clock);
  client = new RawClient(sandbox.app);
});
afterAll(async () => sandbox.close());

const evc = async (s: Session, formType: string, path: string, action: string, data: unknown, period: string): Promise<Answer> => {
  const pan = s.gstin.slice(2, 12);
  await client.send(
    'GET',
    `/taxpayerapi/v1.0/authenticate?action=EVCOTP&gstin=${s.gstin}&pan=${pan}&form_type=${formType}`,
    client.headers(s),
  );
  const { inner } = client.seal(s, data);
  return client.write(s, 'POST', path, action, data, period, { st: 'EVC', sid: `${pan}|${OTP}`, sign: client.hmacSign(OTP, inner) });
};

const fileGstr1 = async (s: Session, period: string, docs: Parameters<typeof buildGstr1>[0]): Promise<Answer> => {
  client.open(s, await client.write(s, 'PUT', R1, 'RETSAVE', buildGstr1(docs, { gstin: s.gstin, period }), period));
  const submitted = await client.write(s, 'POST', R1, 'RETSUBMIT', { gstin: s.gstin, ret_period: period }, period);
  if (errorOf(submitted)) return submitted;
  const summary = client.open(s, await client.get(s, R1, { action: 'RETSUM', gstin: s.gstin, ret_period: period }, period));
  return evc(s, 'R1', R1, 'RETFILE', summary, period);
};

const gstr3b = (gstin: string, period: string, outward: J, itc: J) => ({
  gstin,
  ret_period: period,
  sup_details: { osup_det: outward },
  itc_elg: { itc_avl: [{ ty: 'OTH', ...itc }], itc_net: itc },
});

/** Save, submit, pay the liability in cash (ipd), file with EVC. */
const file3b = async (s: Session, period: string, json: J, cashIgst: number): Promise<void> => {
  client.open(s, await client.write(s, 'PUT', R3B, 'RETSAVE', json, period));
  client.open(s, await client.write(s, 'POST', R3B, 'RETSUBMIT', { gstin: s.gstin, ret_period: period }, period));
  if (cashIgst > 0)
    client.open(
      s,
      await client.write(
        s,
        'PUT',
        R3B,
        'RETOFFSET',
        { gstin: s.gstin, ret_period: period, pditc: {}, pdcash: [{ trans_typ: 30001, ipd: cashIgst }] },
        period,
      ),
    );
  const summary = client.open(s, await client.get(s, R3B, { action: 'RETSUM', gstin: s.gstin, ret_period: period }, period));
  client.open(s, await evc(s, 'R3B', R3B, 'RETFILE', summary, period));
};

const intimations = async (s: Session, form?: string): Promise<J[]> =>
  (
    client.open(s, await client.get(s, DRC, { action: 'LIST', gstin: s.gstin, ...(form ? { form_typ: form } : {}) })) as {
      intimations: J[];
    }
  ).intimations;

describe('DRC-01B (Rule 88C)', () => {
  let supplier: Session;
  let refNo = '';

  it('raises an intimation when the GSTR-3B filed pays ₹8,000 of IGST less than GSTR-1 declares (threshold ₹1,000)', async () => {
    supplier = await client.login(SUPPLIER, 'supplier.user');
    const set = await client.write(
      supplier,
      'PUT',
      `${DRC}/sandbox-threshold`,
      'SETTHRESHOLD',
      { form_typ: 'DRC01B', amt: 1_000, pct_bps: 10_000 },
      '',
    );
    expect(client.open(supplier, set)).toEqual({ form_typ: 'DRC01B', amt: 1_000, pct_bps: 10_000, rule: 'amountOrPercent' });
    const filed = await fileGstr1(supplier, APRIL, [
      doc({
        documentNumber: 'D/001',
        documentDate: '2025-04-10',
        counterpartyGstin: BUYER_KA,
        supplyType: 'B2B',
        placeOfSupply: '29',
        items: [item(100_000_00, 18, true)],
      }),
    ]);
    expect(errorOf(filed)).toBeNull();
    // ₹18,000 deposited: ₹10,000 pays the 3B, ₹8,000 stays for the DRC-03.
    const challan = client.open(
      supplier,
      await client.write(supplier, 'POST', PAYMENT, 'GENERATE', { gstin: SUPPLIER, pymnt_mode: 'NEFT', igst: { tx: 18_000 } }, ''),
    ) as J;
    client.open(supplier, await client.write(supplier, 'POST', `${PAYMENT}/sandbox-bank`, 'PAY', { cpin: challan['cpin'] }, ''));
    await file3b(supplier, APRIL, gstr3b(SUPPLIER, APRIL, { txval: 100_000, ...tax(10_000) }, tax(0)), 10_000);

    const [one, ...rest] = await intimations(supplier);
    expect(rest).toEqual([]);
    expect(one).toMatchObject({
      form_typ: 'DRC01B',
      ret_period: APRIL,
      status: 'ISSUED',
      issue_dt: '05/05/2025',
      due_dt: '12/05/2025',
      reported: tax(18_000),
      baseline: tax(10_000),
      difference: tax(8_000),
      excess: tax(8_000),
      tot_excess: 8_000,
      threshold: { amt: 1_000, pct_bps: 10_000, rule: 'amountOrPercent' },
    });
    refNo = String(one?.['ref_no']);
    expect(refNo).toMatch(/^ZB270525[0-9A-Z]{7}$/);
    expect(client.open(supplier, await client.get(supplier, DRC, { action: 'DETAIL', gstin: SUPPLIER, ref_no: refNo }))).toMatchObject({
      ref_no: refNo,
    });
    expect(await intimations(supplier, 'DRC01C')).toEqual([]);
  });

  it('refuses the next GSTR-1 at submission while the intimation is open (Rule 59(6)); its save stays allowed', async () => {
    const refused = await fileGstr1(supplier, MAY, [
      doc({
        documentNumber: 'D/002',
        documentDate: '2025-05-10',
        counterpartyGstin: BUYER_MH,
        supplyType: 'B2B',
        placeOfSupply: '27',
        items: [item(1_000_00, 18, false)],
      }),
    ]);
    expect(errorOf(refused)).toEqual({ code: 'RET191130', message: expect.stringContaining(refNo) as string });
  });

  it('refuses a reply without an EVC, an empty one, and a DRC-03 the cash ledger cannot pay', async () => {
    const unsigned = await client.write(supplier, 'POST', DRC, 'REPLY', { ref_no: refNo, drc03: { tax: tax(8_000) } }, '');
    expect(errorOf(unsigned)?.code).toBe('RET191117');
    expect(errorOf(await evc(supplier, 'DRC01B', DRC, 'REPLY', { ref_no: refNo }, ''))?.code).toBe('DRC1003');
    const short = await evc(supplier, 'DRC01B', DRC, 'REPLY', { ref_no: refNo, drc03: { tax: tax(8_000), intr: tax(100) } }, '');
    expect(errorOf(short)?.code).toBe('RET191126');
    const unexplained = await evc(supplier, 'DRC01B', DRC, 'REPLY', { ref_no: refNo, drc03: { tax: tax(5_000) } }, '');
    expect(errorOf(unexplained)).toEqual({ code: 'DRC1003', message: expect.stringContaining('neither paid nor explained') as string });
  });

  it('answers with a DRC-03 paid from the cash ledger, then takes the next GSTR-1', async () => {
    const replied = client.open(
      supplier,
      await evc(supplier, 'DRC01B', DRC, 'REPLY', { ref_no: refNo, drc03: { tax: tax(8_000) } }, ''),
    ) as J;
    expect(replied).toMatchObject({ status: 'REPLIED', reply: { reason_cd: null, drc03: { tax: tax(8_000), paid_dt: '05/05/2025' } } });
    const arn = String((replied['reply'] as { drc03: J }).drc03['arn']);
    expect(arn).toMatch(/^AD270525\d{7}$/);
    const cash = client.open(
      supplier,
      await client.get(supplier, LEDGERS, { action: 'CASH', gstin: SUPPLIER, fr_dt: '01/05/2025', to_dt: '31/05/2025' }),
    ) as J;
    const last = (cash['tr'] as J[]).at(-1);
    expect([last?.['tr_typ'], last?.['ref_no'], last?.['tot_tr_amt']]).toEqual(['Dr', arn, 8_000]);
    expect(
      errorOf(await evc(supplier, 'DRC01B', DRC, 'REPLY', { ref_no: refNo, reason: { cd: 'others', explanation: 'x' } }, ''))?.code,
    ).toBe('DRC1002');
    const submitted = await client.write(supplier, 'POST', R1, 'RETSUBMIT', { gstin: SUPPLIER, ret_period: MAY }, MAY);
    expect(errorOf(submitted)).toBeNull();
  });
});

describe('DRC-01C (Rule 88D)', () => {
  it('raises an intimation for ITC of 4A(5) that GSTR-2B does not hold (notified threshold) and takes a reason', async () => {
    // On 5 May, April's GSTR-2B is not out (the 14th): its 3B is not checked; March's 2B (empty) is, so March's is.
    const later = await client.login(BUYER_KA, 'buyer.ka');
    expect(errorOf(await fileGstr1(later, MARCH, []))).toBeNull();
    expect(errorOf(await fileGstr1(later, APRIL, []))).toBeNull();
    await file3b(later, APRIL, gstr3b(BUYER_KA, APRIL, tax(0), tax(5_000)), 0);
    expect(await intimations(later)).toEqual([]);
    await file3b(later, MARCH, gstr3b(BUYER_KA, MARCH, tax(0), tax(5_000)), 0);
    const [one, ...rest] = await intimations(later);
    expect(rest).toEqual([]);
    expect(one).toMatchObject({
      form_typ: 'DRC01C',
      ret_period: MARCH,
      reported: tax(5_000),
      baseline: tax(0),
      excess: tax(5_000),
      status: 'ISSUED',
    });
    const others = await evc(later, 'DRC01C', DRC, 'REPLY', { ref_no: one?.['ref_no'], reason: { cd: 'others', explanation: ' ' } }, '');
    expect(errorOf(others)?.message).toContain('Explain the difference');
    const replied = client.open(
      later,
      await evc(
        later,
        'DRC01C',
        DRC,
        'REPLY',
        { ref_no: one?.['ref_no'], reason: { cd: 'importNotIn2b', explanation: 'BoE 123 of 28-04-2025' } },
        '',
      ),
    );
    expect(replied).toMatchObject({
      status: 'REPLIED',
      reply: { reason_cd: 'importNotIn2b', explanation: 'BoE 123 of 28-04-2025', drc03: null },
    });
  });
});
