// IMS, GSTR-2B from IMS actions and its recompute, at the sandbox over HTTP with the raw protocol (README.md "IMS",
// "GSTR-2B"): a supplier's saved documents reach the buyer's IMS at once; accept, reject, pending and no action decide
// the next 2B exactly; the October 2025 rules (pending for one tax period, remarks, ITC reduction on credit notes);
// an amendment replaces its original and resets the action; the 2B is recomputed after a changed action.
import { parseGstr2b, parseIms } from '@opengst/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorOf, OTP, RawClient, startSandbox, type Clock, type Session } from './client';

const SUPPLIER = '27AAPFU0939F1ZV';
const BUYER = '27AABCT3518Q1ZW';
const NOV = '112025';
const SEP = '092025';
const RETURNS = '/taxpayerapi/v2.0/returns';
const R1 = `${RETURNS}/gstr1`;
const IMS = `${RETURNS}/ims`;
const R2B = `${RETURNS}/gstr2b`;

const ist = (text: string): Date => new Date(`${text}+05:30`);
const clock: Clock = { at: ist('2025-12-03T10:00:00') };
let sandbox: Awaited<ReturnType<typeof startSandbox>>;
let client: RawClient;

type Json = Record<string, unknown>;

const rupees = (value: number): number => Math.round(value * 100) / 100;

/** An intra-state Maharashtra invoice line at 18%, or an inter-state one (place of supply Karnataka). */
const itms = (taxable: number, inter = false) => [
  {
    num: 1,
    itm_det: inter
      ? { rt: 18, txval: taxable, iamt: rupees(taxable * 0.18), csamt: 0 }
      : { rt: 18, txval: taxable, camt: rupees(taxable * 0.09), samt: rupees(taxable * 0.09), csamt: 0 },
  },
];
const inv = (inum: string, taxable: number, date: string, extra: Json = {}): Json => ({
  inum,
  idt: date,
  val: rupees(taxable * 1.18),
  pos: '27',
  rchrg: 'N',
  inv_typ: 'R',
  itms: itms(taxable),
  ...extra,
});
const note = (nt_num: string, ntty: 'C' | 'D', taxable: number, date: string): Json => ({
  ntty,
  nt_num,
  nt_dt: date,
  val: rupees(taxable * 1.18),
  pos: '27',
  rchrg: 'N',
  inv_typ: 'R',
  itms: itms(taxable),
});

const login = (gstin: string) => client.login(gstin, gstin === SUPPLIER ? 'ims.supplier' : 'ims.buyer');

const save = async (s: Session, period: string, payload: Json): Promise<Json> => {
  const ref = (client.open(s, await client.write(s, 'PUT', R1, 'RETSAVE', { gstin: s.gstin, fp: period, ...payload }, period)) as Json)[
    'reference_id'
  ] as string;
  return client.open(
    s,
    await client.get(s, RETURNS, { action: 'RETSTATUS', gstin: s.gstin, ret_period: period, ref_id: ref }, period),
  ) as Json;
};

const file = async (s: Session, period: string): Promise<void> => {
  client.open(s, await client.write(s, 'POST', R1, 'RETSUBMIT', { gstin: s.gstin, ret_period: period }, period));
  const summary = client.open(s, await client.get(s, R1, { action: 'RETSUM', gstin: s.gstin, ret_period: period }, period));
  const pan = s.gstin.slice(2, 12);
  await client.send('GET', `/taxpayerapi/v1.0/authenticate?action=EVCOTP&gstin=${s.gstin}&pan=${pan}&form_type=R1`, client.headers(s));
  const { inner } = client.seal(s, summary);
  client.open(
    s,
    await client.write(s, 'POST', R1, 'RETFILE', summary, period, { st: 'EVC', sid: `${pan}|${OTP}`, sign: client.hmacSign(OTP, inner) }),
  );
};

const getInv = async (s: Session, section: string): Promise<Json[]> => {
  const answer = client.open(s, await client.get(s, IMS, { action: 'GETINV', gstin: s.gstin, section })) as Json;
  return (Object.values(answer)[0] as Json[] | undefined) ?? [];
};

const byNumber = (records: readonly Json[]): Record<string, Json> =>
  Object.fromEntries(records.map((r) => [String(r['inum'] ?? r['nt_num']), r]));

/** SAVE (or RESETIMS) then REQSTS. */
const act = async (s: Session, invdata: Json, reqtyp: 'SAVE' | 'RESET' = 'SAVE'): Promise<Json> => {
  const answer = await client.write(s, 'PUT', IMS, reqtyp === 'SAVE' ? 'SAVE' : 'RESETIMS', { rtin: s.gstin, reqtyp, invdata }, '');
  const ref = (client.open(s, answer) as Json)['reference_id'] as string;
  expect(ref).toMatch(/^27[0-9a-f]{24}$/);
  return client.open(s, await client.get(s, IMS, { action: 'REQSTS', gstin: s.gstin, int_tran_id: ref })) as Json;
};

/** A record to send back: the IMS record as read, with the action to take (prev_status: its action now). */
const take = (record: Json, action: string, extra: Json = {}): Json => {
  const {
    action: previous,
    hash: _hash,
    ispendactblocked: _p,
    isRemarksBlocked: _r,
    isItcRedReqBlocked: _i,
    srcfilstatus: _s,
    ...rest
  } = record;
  return { ...rest, prev_status: previous, action, ...extra };
};

const get2b = async (s: Session, period: string) => client.get(s, R2B, { action: 'GET2B', gstin: s.gstin, rtnprd: period });

/** The 2B's records as parseGstr2b reads them: [listing, section, number, imsStatus]. */
const read2b = (answer: unknown) => {
  const read = parseGstr2b(answer);
  if (!read.ok) throw new Error(JSON.stringify(read.errors));
  return read.records.map((r) => [r.listing, r.section, r.documentNumber, r.imsStatus, r.itcAvailability]);
};

beforeAll(async () => {
  sandbox = await startSandbox(clock);
  client = new RawClient(sandbox.app);
});
afterAll(async () => sandbox.close());

describe('IMS', () => {
  let supplier: Session;
  let buyer: Session;

  it("shows a document the supplier only saved in the buyer's IMS at once, without RCM and place-of-supply records", async () => {
    supplier = await login(SUPPLIER);
    const date = '10-11-2025';
    const saved = await save(supplier, NOV, {
      b2b: [
        {
          ctin: BUYER,
          inv: [
            inv('N/ACC', 1000, date),
            inv('N/REJ', 2000, date),
            inv('N/PEN', 3000, date),
            inv('N/NONE', 4000, date),
            inv('N/RESET', 500, date),
            inv('N/RCM', 5000, date, { rchrg: 'Y' }),
            inv('N/POS', 6000, date, { pos: '29', itms: itms(6000, true) }),
          ],
        },
      ],
      cdnr: [{ ctin: BUYER, nt: [note('CN/1', 'C', 100, date), note('CN/2', 'C', 200, date), note('DN/1', 'D', 300, date)] }],
    });
    expect(saved['status_cd']).toBe('P');
    expect((await save(supplier, SEP, { cdnr: [{ ctin: BUYER, nt: [note('CN/OLD', 'C', 100, '10-09-2025')] }] }))['status_cd']).toBe('P');

    buyer = await login(BUYER);
    const b2b = await getInv(buyer, 'B2B');
    expect(b2b.map((r) => r['inum'])).toEqual(['N/ACC', 'N/REJ', 'N/PEN', 'N/NONE', 'N/RESET']);
    expect(byNumber(b2b)['N/ACC']).toEqual({
      stin: SUPPLIER,
      inum: 'N/ACC',
      idt: date,
      inv_typ: 'R',
      srcform: 'R1',
      rtnprd: NOV,
      srcfilstatus: 'Not Filed',
      val: 1180,
      pos: '27',
      txval: 1000,
      iamt: 0,
      camt: 90,
      samt: 90,
      cess: 0,
      action: 'N',
      ispendactblocked: 'N',
      isRemarksBlocked: 'N',
      isItcRedReqBlocked: 'Y',
      hash: expect.stringMatching(/^[0-9a-f]{64}$/),
    });
    const cn = byNumber(await getInv(buyer, 'CN'));
    expect(Object.keys(cn)).toEqual(['CN/OLD', 'CN/1', 'CN/2']);
    // Credit notes of periods from October 2025 may be pending (for one tax period); older ones never.
    expect([cn['CN/1']?.['ispendactblocked'], cn['CN/1']?.['isItcRedReqBlocked'], cn['CN/1']?.['isRemarksBlocked']]).toEqual([
      'N',
      'N',
      'N',
    ]);
    expect([cn['CN/OLD']?.['ispendactblocked'], cn['CN/OLD']?.['isItcRedReqBlocked'], cn['CN/OLD']?.['isRemarksBlocked']]).toEqual([
      'Y',
      'Y',
      'Y',
    ]);
    expect((await getInv(buyer, 'DN')).map((r) => [r['nt_num'], r['ispendactblocked']])).toEqual([['DN/1', 'N']]);
    expect(await getInv(buyer, 'B2BA')).toEqual([]);
    expect(errorOf(await client.get(buyer, IMS, { action: 'GETINV', gstin: BUYER, section: 'XYZ' }))?.code).toBe('RET191100');
  });

  it('saves accept, reject and pending with remarks, answering a reference id and its status', async () => {
    const b2b = byNumber(await getInv(buyer, 'B2B'));
    const cn = byNumber(await getInv(buyer, 'CN'));
    const status = await act(buyer, {
      b2b: [
        take(b2b['N/ACC']!, 'A'),
        take(b2b['N/REJ']!, 'R', { remarks: 'Not received' }),
        take(b2b['N/PEN']!, 'P'),
        take(b2b['N/RESET']!, 'A'),
      ],
      b2bcn: [take(cn['CN/1']!, 'P')],
    });
    expect(status).toEqual({ status_cd: 'P', transTypCd: 'SAV', proc_cnt: '5', err_cnt: '0', error_report: {} });
    const after = byNumber(await getInv(buyer, 'B2B'));
    expect(Object.values(after).map((r) => [r['inum'], r['action']])).toEqual([
      ['N/ACC', 'A'],
      ['N/REJ', 'R'],
      ['N/PEN', 'P'],
      ['N/NONE', 'N'],
      ['N/RESET', 'A'],
    ]);
    expect(after['N/REJ']?.['remarks']).toBe('Not received');
    const filtered = client.open(
      buyer,
      await client.get(buyer, IMS, { action: 'GETINV', gstin: BUYER, section: 'B2B', status: 'R' }),
    ) as Json;
    expect((filtered['b2b'] as Json[]).map((r) => r['inum'])).toEqual(['N/REJ']);

    const reset = await act(buyer, { b2b: [{ ...take(after['N/RESET']!, 'A'), action: undefined }] }, 'RESET');
    expect(reset).toMatchObject({ status_cd: 'P', transTypCd: 'RST', proc_cnt: '1' });
    expect(byNumber(await getInv(buyer, 'B2B'))['N/RESET']?.['action']).toBe('N');
  });

  it('refuses, record by record, what the rules forbid, in the error report', async () => {
    const b2b = byNumber(await getInv(buyer, 'B2B'));
    const cn = byNumber(await getInv(buyer, 'CN'));
    const status = await act(buyer, {
      b2b: [
        take(b2b['N/NONE']!, 'A', { inum: 'N/MISSING' }),
        take(b2b['N/NONE']!, 'X'),
        { ...take(b2b['N/ACC']!, 'R'), prev_status: 'N' },
        take(b2b['N/NONE']!, 'A', { itcRedReq: 'Y' }),
      ],
      b2bcn: [take(cn['CN/OLD']!, 'P'), take(cn['CN/OLD']!, 'R', { remarks: 'wrong rate' })],
    });
    expect(status).toMatchObject({ status_cd: 'PE', proc_cnt: '0', err_cnt: '6' });
    const report = status['error_report'] as Record<string, { stin: string; error_cd: string; inv: Json[] }[]>;
    expect(report['b2b']?.map((e) => [e.error_cd, e.inv])).toEqual([
      ['IMS1001', [{ inum: 'N/MISSING', rtnprd: NOV }]],
      ['IMS1002', [{ inum: 'N/NONE', rtnprd: NOV }]],
      ['IMS1003', [{ inum: 'N/ACC', rtnprd: NOV }]],
      ['IMS1006', [{ inum: 'N/NONE', rtnprd: NOV }]],
    ]);
    expect(report['b2bcn']?.map((e) => [e.stin, e.error_cd, e.inv])).toEqual([
      [SUPPLIER, 'IMS1004', [{ nt_num: 'CN/OLD', rtnprd: SEP }]],
      [SUPPLIER, 'IMS1005', [{ nt_num: 'CN/OLD', rtnprd: SEP }]],
    ]);
    // Nothing changed.
    expect(Object.values(byNumber(await getInv(buyer, 'B2B'))).map((r) => r['action'])).toEqual(['A', 'R', 'P', 'N', 'N']);
    // A request not for this GSTIN is refused whole.
    const whole = await client.write(buyer, 'PUT', IMS, 'SAVE', { rtin: SUPPLIER, reqtyp: 'SAVE', invdata: {} }, '');
    const ref = (client.open(buyer, whole) as Json)['reference_id'] as string;
    expect(client.open(buyer, await client.get(buyer, IMS, { action: 'REQSTS', gstin: BUYER, int_tran_id: ref }))).toMatchObject({
      status_cd: 'ER',
      err_cd: 'IMS1010',
    });
  });

  it('lets a credit note be accepted with an ITC reduction declared: partial or nil only with remarks', async () => {
    const cn2 = byNumber(await getInv(buyer, 'CN'))['CN/2']!;
    // CN/2: taxable 200, CGST 18, SGST 18.
    const refused = await act(buyer, {
      b2bcn: [take(cn2, 'A', { itcRedReq: 'Y', declCgst: 10, declSgst: 10 }), take(cn2, 'A', { itcRedReq: 'N' })],
    });
    expect((refused['error_report'] as Record<string, { error_cd: string }[]>)['b2bcn']?.map((e) => e.error_cd)).toEqual(['IMS1008']);
    const tooMuch = await act(buyer, { b2bcn: [take(cn2, 'A', { itcRedReq: 'Y', declCgst: 19, declSgst: 18, remarks: 'x' })] });
    expect((tooMuch['error_report'] as Record<string, { error_cd: string }[]>)['b2bcn']?.[0]?.error_cd).toBe('IMS1007');
    expect(
      await act(buyer, { b2bcn: [take(cn2, 'A', { itcRedReq: 'Y', declCgst: 10, declSgst: 10, remarks: 'Half availed' })] }),
    ).toMatchObject({
      status_cd: 'P',
    });
    // As the domain reads it.
    const read = parseIms({ b2bcn: await getInv(buyer, 'CN'), b2b: await getInv(buyer, 'B2B') });
    if (!read.ok) throw new Error(JSON.stringify(read.errors));
    expect(read.warnings).toEqual([]);
    expect(
      read.records.map((r) => [
        r.section,
        r.documentNumber,
        r.imsAction,
        r.isPendingActionBlocked,
        r.itcReductionRequired,
        r.declaredCgst,
        r.remarks,
      ]),
    ).toEqual([
      ['b2b', 'N/ACC', 'Accepted', false, null, null, null],
      ['b2b', 'N/REJ', 'Rejected', false, null, null, 'Not received'],
      ['b2b', 'N/PEN', 'Pending', false, null, null, null],
      ['b2b', 'N/NONE', 'NoAction', false, null, null, null],
      ['b2b', 'N/RESET', 'NoAction', false, null, null, null],
      ['b2bcn', 'CN/OLD', 'NoAction', true, null, null, null],
      ['b2bcn', 'CN/1', 'Pending', false, null, null, null],
      ['b2bcn', 'CN/2', 'Accepted', false, true, 10_00, 'Half availed'],
    ]);
    expect(byNumber(await getInv(buyer, 'CN'))['CN/2']).toMatchObject({
      action: 'A',
      itcRedReq: 'Y',
      declIgst: 0,
      declCgst: 10,
      declSgst: 10,
      declCess: 0,
      remarks: 'Half availed',
    });
  });

  it('builds the 2B from the actions standing on the 14th: accepted or none in docdata, rejected in docRejdata, pending absent', async () => {
    clock.at = ist('2025-12-05T11:00:00');
    supplier = await login(SUPPLIER);
    await file(supplier, NOV);
    buyer = await login(BUYER);
    expect(byNumber(await getInv(buyer, 'B2B'))['N/ACC']?.['srcfilstatus']).toBe('Filed');
    expect(errorOf(await get2b(buyer, NOV))?.code).toBe('RET2B1018');

    clock.at = ist('2025-12-14T01:00:00');
    buyer = await login(BUYER);
    const twoB = client.open(buyer, await get2b(buyer, NOV)) as { data: Json };
    expect(twoB.data['gendt']).toBe('14-12-2025');
    expect(read2b(twoB)).toEqual([
      ['available', 'b2b', 'N/ACC', 'A', 'Y'],
      ['available', 'b2b', 'N/NONE', 'N', 'Y'],
      ['available', 'b2b', 'N/RESET', 'N', 'Y'],
      ['available', 'b2b', 'N/RCM', null, 'Y'],
      ['available', 'b2b', 'N/POS', null, 'N'],
      ['available', 'cdnr', 'CN/2', 'A', 'Y'],
      ['available', 'cdnr', 'DN/1', 'N', 'Y'],
      ['rejected', 'b2b', 'N/REJ', 'R', 'Y'],
    ]);
    // The rejected document and the pending ones are not ITC.
    const summary = (twoB.data['itcsumm'] as { itcavl: { nonrevsup: Json } }).itcavl.nonrevsup;
    expect(summary['cgst']).toBe(90 + 360 + 45 - 18 + 27);
  });

  it('keeps the 2B until it is generated again, then shows the changed action, with its generation date', async () => {
    clock.at = ist('2025-12-16T10:00:00');
    buyer = await login(BUYER);
    const pending = byNumber(await getInv(buyer, 'B2B'))['N/PEN']!;
    expect(await act(buyer, { b2b: [take(pending, 'A')] })).toMatchObject({ status_cd: 'P' });
    // Not in the 2B until it is generated again.
    expect(read2b(client.open(buyer, await get2b(buyer, NOV))).map((r) => r[2])).not.toContain('N/PEN');

    const generate = await client.write(buyer, 'PUT', R2B, 'GEN2B', { rtin: BUYER, itcprd: NOV }, '');
    const ref = (client.open(buyer, generate) as Json)['reference_id'] as string;
    expect(client.open(buyer, await client.get(buyer, R2B, { action: 'GENSTS2B', gstin: BUYER, int_tran_id: ref }))).toEqual({
      status_cd: 'P',
    });
    const again = client.open(buyer, await get2b(buyer, NOV)) as { data: Json };
    expect(again.data['gendt']).toBe('16-12-2025');
    expect(read2b(again).filter((r) => r[2] === 'N/PEN')).toEqual([['available', 'b2b', 'N/PEN', 'A', 'Y']]);
    expect(read2b(again)).toHaveLength(9);
    // Not before its first generation.
    const early = await client.write(buyer, 'PUT', R2B, 'GEN2B', { rtin: BUYER, itcprd: '122025' }, '');
    expect(errorOf(early)).toEqual({
      code: 'RET2B1018',
      message: 'GSTR-2B for the return period is generated on 14-01-2026: it cannot be requested before then',
    });
  });

  it('replaces an amended document in IMS by its amendment, with no action', async () => {
    clock.at = ist('2025-12-20T10:00:00');
    supplier = await login(SUPPLIER);
    const amended = { ...inv('N/ACC', 800, '10-12-2025'), oinum: 'N/ACC', oidt: '10-11-2025' };
    expect((await save(supplier, '122025', { b2ba: [{ ctin: BUYER, inv: [amended] }] }))['status_cd']).toBe('P');
    buyer = await login(BUYER);
    expect((await getInv(buyer, 'B2B')).map((r) => r['inum'])).not.toContain('N/ACC');
    const b2ba = await getInv(buyer, 'B2BA');
    // A downward amendment of an accepted invoice: pending for one tax period, and an ITC reduction may be declared.
    expect(b2ba.map((r) => [r['inum'], r['oinum'], r['action'], r['txval'], r['ispendactblocked'], r['isItcRedReqBlocked']])).toEqual([
      ['N/ACC', 'N/ACC', 'N', 800, 'N', 'N'],
    ]);
  });

  it('carries a pending credit note forward for one tax period, then blocks Pending and deems it accepted', async () => {
    clock.at = ist('2026-01-14T02:00:00');
    buyer = await login(BUYER);
    // The December 2B: the credit note is still pending (allowed until the 3B due date of December, 20 January), so
    // the generation holds no document and GET2B answers so.
    expect(errorOf(await get2b(buyer, '122025'))).toEqual({ code: 'RET2B1016', message: 'No document found for the provided Inputs' });
    expect(errorOf(await client.write(buyer, 'PUT', R2B, 'GEN2B', { rtin: BUYER, itcprd: NOV }, ''))?.code).toBe('RET2B1030');

    clock.at = ist('2026-01-21T01:00:00');
    buyer = await login(BUYER);
    const cn1 = byNumber(await getInv(buyer, 'CN'))['CN/1']!;
    expect([cn1['action'], cn1['ispendactblocked']]).toEqual(['N', 'Y']);
    const refused = await act(buyer, { b2bcn: [take(cn1, 'P')] });
    expect((refused['error_report'] as Record<string, { error_cd: string }[]>)['b2bcn']?.[0]?.error_cd).toBe('IMS1004');

    clock.at = ist('2026-02-14T01:00:00');
    buyer = await login(BUYER);
    expect(read2b(client.open(buyer, await get2b(buyer, '012026')))).toEqual([['available', 'cdnr', 'CN/1', 'N', 'Y']]);
  });
});
