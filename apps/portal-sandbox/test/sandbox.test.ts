// The whole GSTR-1 flow at the sandbox over HTTP (inject), with the raw protocol: login with OTP, save with a planted
// bad document, status, summary, submit, EVC filing, and the buyer's GSTR-2A / 2B read back with the domain readers.
import { buildGstr1, parseGstr2a, parseGstr2b, summarizeGstr1, type Gstr1Json } from '@opengst/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorOf, OTP, RawClient, startSandbox, type Clock, type Session } from './client';
import { BAD, BUYER_KA, BUYER_MH, doc, GOOD, item, PERIOD, SUPPLIER } from './fixtures';

const clock: Clock = { at: new Date('2025-06-05T10:00:00+05:30') };
let sandbox: Awaited<ReturnType<typeof startSandbox>>;
let client: RawClient;
let supplier: Session;

const R1 = '/taxpayerapi/v2.0/returns/gstr1';
const R1A = '/taxpayerapi/v2.0/returns/gstr1a';
const RETURNS = '/taxpayerapi/v2.0/returns';

beforeAll(async () => {
  sandbox = await startSandbox(clock);
  client = new RawClient(sandbox.app);
});
afterAll(async () => sandbox.close());

const paiseTotals = (sec: Record<string, unknown>) => ({
  records: sec['ttl_rec'],
  taxable: Math.round(Number(sec['ttl_tax']) * 100),
  igst: Math.round(Number(sec['ttl_igst']) * 100),
  cgst: Math.round(Number(sec['ttl_cgst']) * 100),
  sgst: Math.round(Number(sec['ttl_sgst']) * 100),
  cess: Math.round(Number(sec['ttl_cess']) * 100),
});

describe('authentication', () => {
  it('refuses an AUTHTOKEN before any OTP request, then a wrong OTP, and accepts 575757', async () => {
    const early = await client.authToken(SUPPLIER, 'supplier.user', OTP);
    expect(errorOf(early)?.code).toBe('AUTH4038');
    expect((await client.requestOtp(SUPPLIER, 'supplier.user')).json).toEqual({ status_cd: '1' });
    const wrong = await client.authToken(SUPPLIER, 'supplier.user', '123456');
    expect(errorOf(wrong)).toEqual({ code: 'AUTH4034', message: 'Invalid OTP' });
    const right = await client.authToken(SUPPLIER, 'supplier.user', OTP);
    expect(right.json['expiry']).toBe(360);
    expect(right.session?.ek.length).toBe(32);
    supplier = right.session!;
  });

  it('keeps the first username of a GSTIN and refuses an invalid GSTIN', async () => {
    expect(errorOf(await client.requestOtp(SUPPLIER, 'someone.else'))?.code).toBe('AUTH4037');
    expect(errorOf(await client.requestOtp('27AAPFU0939F1ZA', 'x'))?.code).toBe('AUTH4035');
  });

  it('refuses a bad auth token and an app key not sealed with its public key', async () => {
    const bad = await client.get(
      { ...supplier, authToken: 'f'.repeat(32) },
      RETURNS,
      { action: 'RETTRACK', gstin: SUPPLIER, ret_period: PERIOD },
      PERIOD,
    );
    expect(bad.statusCode).toBe(401);
    expect(errorOf(bad)).toEqual({ code: 'AUTH4033', message: 'Invalid Session' });
    const junk = await client.send(
      'POST',
      '/taxpayerapi/v1.0/authenticate',
      { gstin: SUPPLIER },
      { action: 'OTPREQUEST', username: 'supplier.user', app_key: Buffer.alloc(256, 1).toString('base64') },
    );
    expect(errorOf(junk)?.code).toBe('AUTH4036');
  });
});

describe('GSTR-1 save, status, summary, submit and EVC filing', () => {
  const payload = buildGstr1([...GOOD, BAD], { gstin: SUPPLIER, period: PERIOD });
  const accepted = buildGstr1(GOOD, { gstin: SUPPLIER, period: PERIOD });
  // What the portal keeps of the save: everything but the refused invoice (the tables sent as a whole, like HSN, stay).
  const kept: Gstr1Json = { ...payload, b2b: payload.b2b?.filter((p) => p.ctin !== SUPPLIER) ?? [] };
  let referenceId = '';

  it('refuses a payload whose HMAC does not match', async () => {
    const { data, inner } = client.seal(supplier, payload);
    const tampered = await client.send('PUT', R1, client.headers(supplier, PERIOD), {
      action: 'RETSAVE',
      data,
      hmac: client.seal(supplier, { other: 1 }).hmac,
    });
    expect(errorOf(tampered)?.code).toBe('RET191101');
    expect(inner.length).toBeGreaterThan(0);
  });

  it('answers a reference id, and RETSTATUS PE with exactly the planted document refused', async () => {
    const saved = await client.write(supplier, 'PUT', R1, 'RETSAVE', payload, PERIOD);
    referenceId = String((client.open(supplier, saved) as { reference_id: string }).reference_id);
    expect(referenceId).toMatch(/^27[0-9a-f]{24}$/);
    const status = client.open(
      supplier,
      await client.get(supplier, RETURNS, { action: 'RETSTATUS', gstin: SUPPLIER, ret_period: PERIOD, ref_id: referenceId }, PERIOD),
    );
    expect(status).toEqual({
      status_cd: 'PE',
      form_typ: 'R1',
      action: 'SAVE',
      error_report: {
        b2b: [
          {
            ctin: SUPPLIER,
            inv: [{ inum: 'INV/25/003', error_cd: 'RET191107', error_msg: 'Recipient GSTIN cannot be the supplier GSTIN' }],
          },
        ],
      },
    });
  });

  it('holds the accepted documents: B2B download and RETSUM equal the GSTR-1 of the good documents', async () => {
    const b2b = client.open(
      supplier,
      await client.get(supplier, R1, { action: 'B2B', gstin: SUPPLIER, ret_period: PERIOD }, PERIOD),
    ) as Gstr1Json;
    expect(b2b.b2b).toEqual(kept.b2b);
    expect(kept.b2b).toEqual(accepted.b2b);
    const sum = client.open(
      supplier,
      await client.get(supplier, R1, { action: 'RETSUM', gstin: SUPPLIER, ret_period: PERIOD }, PERIOD),
    ) as { sec_sum: Record<string, unknown>[] };
    const expected = summarizeGstr1(kept).filter((s) => s.records !== 0);
    expect(sum.sec_sum.map((s) => s['sec_nm'])).toEqual(expected.map((s) => s.section.toUpperCase()));
    for (const [i, s] of expected.entries()) {
      const { section: _section, ...totals } = s;
      expect(paiseTotals(sum.sec_sum[i]!)).toEqual(totals);
    }
    expect(expected.find((s) => s.section === 'b2b')?.records).toBe(2);
  });

  it('replaces a resaved invoice number, and refuses a number used in another period of the same financial year', async () => {
    const again = buildGstr1(
      [
        doc({
          documentNumber: 'INV/25/002',
          counterpartyGstin: BUYER_MH,
          supplyType: 'B2B',
          placeOfSupply: '27',
          documentDate: '2025-05-20',
          items: [item(41_000_00, 12, false)],
        }),
      ],
      { gstin: SUPPLIER, period: PERIOD },
    );
    const ref = (client.open(supplier, await client.write(supplier, 'PUT', R1, 'RETSAVE', again, PERIOD)) as { reference_id: string })
      .reference_id;
    const ok = client.open(
      supplier,
      await client.get(supplier, RETURNS, { action: 'RETSTATUS', gstin: SUPPLIER, ret_period: PERIOD, ref_id: ref }, PERIOD),
    );
    expect(ok).toMatchObject({ status_cd: 'P', error_report: {} });
    const b2b = client.open(
      supplier,
      await client.get(supplier, R1, { action: 'B2B', gstin: SUPPLIER, ret_period: PERIOD }, PERIOD),
    ) as Gstr1Json;
    expect(b2b.b2b?.flatMap((p) => p.inv.map((i) => [i.inum, i.val]))).toEqual([
      ['INV/25/001', 123_250.53],
      ['INV/25/002', 45_920],
    ]);

    const june = buildGstr1(
      [
        doc({
          documentNumber: 'inv/25/001',
          documentDate: '2025-06-02',
          counterpartyGstin: BUYER_MH,
          supplyType: 'B2B',
          placeOfSupply: '27',
          items: [item(1_000_00, 18, false)],
        }),
      ],
      { gstin: SUPPLIER, period: '062025' },
    );
    const juneRef = (client.open(supplier, await client.write(supplier, 'PUT', R1, 'RETSAVE', june, '062025')) as { reference_id: string })
      .reference_id;
    const dup = client.open(
      supplier,
      await client.get(supplier, RETURNS, { action: 'RETSTATUS', gstin: SUPPLIER, ret_period: '062025', ref_id: juneRef }, '062025'),
    ) as { status_cd: string; error_report: { b2b: { inv: { error_cd: string }[] }[] } };
    expect(dup.status_cd).toBe('PE');
    expect(dup.error_report.b2b[0]!.inv[0]!.error_cd).toBe('RET191112');
  });

  it('refuses the second of two documents with one number in a save', async () => {
    const twice = buildGstr1(
      [
        doc({
          documentNumber: 'INV/25/050',
          counterpartyGstin: BUYER_MH,
          supplyType: 'B2B',
          placeOfSupply: '27',
          items: [item(1_000_00, 18, false)],
        }),
        doc({
          documentNumber: 'INV/25/050',
          supplyType: 'B2C',
          placeOfSupply: '27',
          items: [item(1_000_00, 18, false)],
          documentValue: 3_00_000_00,
        }),
        doc({
          documentNumber: 'INV/25/050',
          counterpartyGstin: BUYER_KA,
          supplyType: 'B2B',
          placeOfSupply: '29',
          items: [item(2_000_00, 18, true)],
        }),
      ],
      { gstin: SUPPLIER, period: PERIOD },
    );
    const ref = (client.open(supplier, await client.write(supplier, 'PUT', R1, 'RETSAVE', twice, PERIOD)) as { reference_id: string })
      .reference_id;
    const status = client.open(
      supplier,
      await client.get(supplier, RETURNS, { action: 'RETSTATUS', gstin: SUPPLIER, ret_period: PERIOD, ref_id: ref }, PERIOD),
    ) as { status_cd: string; error_report: Record<string, { ctin?: string; inv: { inum: string; error_cd: string }[] }[]> };
    expect(status.status_cd).toBe('PE');
    expect(status.error_report).toEqual({
      b2b: [
        { ctin: expect.any(String), inv: [{ inum: 'INV/25/050', error_cd: 'RET191112', error_msg: expect.stringContaining('2025-26') }] },
      ],
    });
    const b2b = client.open(
      supplier,
      await client.get(supplier, R1, { action: 'B2B', gstin: SUPPLIER, ret_period: PERIOD }, PERIOD),
    ) as Gstr1Json;
    expect(b2b.b2b?.flatMap((p) => p.inv.filter((i) => i.inum === 'INV/25/050').map(() => p.ctin))).toHaveLength(1);
  });

  it('refuses a whole save for another period than the header (ER) and one failing the official schema', async () => {
    const ref = (client.open(supplier, await client.write(supplier, 'PUT', R1, 'RETSAVE', accepted, '042025')) as { reference_id: string })
      .reference_id;
    const status = client.open(
      supplier,
      await client.get(supplier, RETURNS, { action: 'RETSTATUS', gstin: SUPPLIER, ret_period: '042025', ref_id: ref }, '042025'),
    );
    expect(status).toMatchObject({ status_cd: 'ER', error_report: { error_cd: 'RET191105' } });
    const broken = { ...accepted, b2b: [{ ctin: BUYER_KA, inv: [{ inum: 'X1', idt: '10-05-2025' }] }] };
    const ref2 = (client.open(supplier, await client.write(supplier, 'PUT', R1, 'RETSAVE', broken, PERIOD)) as { reference_id: string })
      .reference_id;
    const status2 = client.open(
      supplier,
      await client.get(supplier, RETURNS, { action: 'RETSTATUS', gstin: SUPPLIER, ret_period: PERIOD, ref_id: ref2 }, PERIOD),
    ) as { status_cd: string; error_report: { error_cd: string; error_msg: string } };
    expect(status2.status_cd).toBe('ER');
    expect(status2.error_report.error_cd).toBe('RET191103');
    expect(status2.error_report.error_msg).toContain('/b2b/0/inv/0');
  });

  it('refuses GSTR-1A while GSTR-1 is not filed', async () => {
    const early = await client.write(supplier, 'PUT', R1A, 'RETSAVE', accepted, PERIOD);
    expect(errorOf(early)?.code).toBe('RET191119');
  });

  it('submits, then refuses saves; files with the EVC OTP only', async () => {
    const submitted = client.open(
      supplier,
      await client.write(supplier, 'POST', R1, 'RETSUBMIT', { gstin: SUPPLIER, ret_period: PERIOD }, PERIOD),
    ) as { reference_id: string };
    expect(submitted.reference_id).toMatch(/^27/);
    expect(errorOf(await client.write(supplier, 'PUT', R1, 'RETSAVE', accepted, PERIOD))?.code).toBe('RET191114');

    const summary = client.open(
      supplier,
      await client.get(supplier, R1, { action: 'RETSUM', gstin: SUPPLIER, ret_period: PERIOD }, PERIOD),
    );
    const pan = SUPPLIER.slice(2, 12);
    const file = async (otp: string, body = summary) => {
      const { inner } = client.seal(supplier, body);
      return client.write(supplier, 'POST', R1, 'RETFILE', body, PERIOD, {
        st: 'EVC',
        sid: `${pan}|${otp}`,
        sign: client.hmacSign(otp, inner),
      });
    };
    expect(errorOf(await file(OTP))?.code).toBe('RET191117'); // no EVC OTP requested yet
    const evc = await client.send(
      'GET',
      `/taxpayerapi/v1.0/authenticate?action=EVCOTP&gstin=${SUPPLIER}&pan=${pan}&form_type=R1`,
      client.headers(supplier),
    );
    expect(evc.json).toEqual({ status_cd: '1' });
    expect(errorOf(await file('111111'))?.code).toBe('RET191117');
    expect(errorOf(await file(OTP, { ...(summary as object), chksum: 'x' }))?.code).toBe('RET191118');
    const filed = client.open(supplier, await file(OTP)) as { ack_num: string };
    expect(filed.ack_num).toMatch(/^AA270625\d{6}[A-Z]$/);

    const track = client.open(
      supplier,
      await client.get(supplier, RETURNS, { action: 'RETTRACK', gstin: SUPPLIER, ret_period: PERIOD, type: 'GSTR1' }, PERIOD),
    );
    expect(track).toEqual({
      EFiledlist: [
        { valid: 'Y', mof: 'ONLINE', dof: '05-06-2025', ret_prd: PERIOD, rtntype: 'GSTR1', arn: filed.ack_num, status: 'Filed' },
      ],
    });
    expect(errorOf(await file(OTP))?.code).toBe('RET191116');
  });

  it('opens GSTR-1A once GSTR-1 is filed', async () => {
    const extra = buildGstr1(
      [
        doc({
          documentNumber: 'INV/25/009',
          counterpartyGstin: BUYER_MH,
          supplyType: 'B2B',
          placeOfSupply: '27',
          items: [item(3_000_00, 18, false)],
        }),
      ],
      { gstin: SUPPLIER, period: PERIOD },
    );
    const ref = (client.open(supplier, await client.write(supplier, 'PUT', R1A, 'RETSAVE', extra, PERIOD)) as { reference_id: string })
      .reference_id;
    expect(
      client.open(
        supplier,
        await client.get(supplier, RETURNS, { action: 'RETSTATUS', gstin: SUPPLIER, ret_period: PERIOD, ref_id: ref }, PERIOD),
      ),
    ).toMatchObject({ status_cd: 'P', form_typ: 'R1A' });
  });
});

describe("the buyer's GSTR-2A and GSTR-2B", () => {
  let buyer: Session;
  beforeAll(async () => {
    buyer = await client.login(BUYER_KA, 'buyer.ka');
  });

  it('shows the filed invoices and notes in GSTR-2A at once, read by parseGstr2a with the same amounts', async () => {
    const b2b = client.open(
      buyer,
      await client.get(buyer, '/taxpayerapi/v2.0/returns/gstr2a', { action: 'B2B', gstin: BUYER_KA, ret_period: PERIOD }, PERIOD),
    ) as Record<string, unknown>;
    const cdn = client.open(
      buyer,
      await client.get(buyer, '/taxpayerapi/v2.0/returns/gstr2a', { action: 'CDN', gstin: BUYER_KA, ret_period: PERIOD }, PERIOD),
    ) as Record<string, unknown>;
    const read = parseGstr2a({ gstin: BUYER_KA, fp: PERIOD, ...b2b, ...cdn });
    if (!read.ok) throw new Error(JSON.stringify(read.errors));
    expect(read.warnings).toEqual([]);
    expect(
      read.records.map((r) => [
        r.section,
        r.supplierGstin,
        r.documentNumber,
        r.documentDate,
        r.taxable,
        r.igst,
        r.invoiceValue,
        r.supplierFiledGstr1,
        r.supplierFilingDate,
        r.supplierFilingPeriod,
      ]),
    ).toEqual([
      ['b2b', SUPPLIER, 'INV/25/001', '2025-05-10', 105_000_50, 18_250_03, 123_250_53, true, '2025-06-05', '052025'],
      ['cdnr', SUPPLIER, 'CN/25/001', '2025-05-10', 10_000_00, 1_800_00, 11_800_00, true, '2025-06-05', '052025'],
    ]);
  });

  it('refuses GSTR-2B before the 14th of the next month, and gives it from then on, read by parseGstr2b', async () => {
    const early = await client.get(buyer, '/taxpayerapi/v2.0/returns/gstr2b', { action: 'GET2B', gstin: BUYER_KA, rtnprd: PERIOD }, PERIOD);
    expect(errorOf(early)).toEqual({
      code: 'RET2B1018',
      message: 'GSTR-2B for the return period is generated on 14-06-2025: it cannot be requested before then',
    });
    clock.at = new Date('2025-06-14T00:30:00+05:30');
    expect(
      errorOf(await client.get(buyer, '/taxpayerapi/v2.0/returns/gstr2a', { action: 'B2B', gstin: BUYER_KA, ret_period: PERIOD }, PERIOD))
        ?.code,
    ).toBe('AUTH4033');
    buyer = await client.login(BUYER_KA, 'buyer.ka');
    const twoB = client.open(
      buyer,
      await client.get(buyer, '/taxpayerapi/v2.0/returns/gstr2b', { action: 'GET2B', gstin: BUYER_KA, rtnprd: PERIOD }, PERIOD),
    );
    const read = parseGstr2b(twoB);
    if (!read.ok) throw new Error(JSON.stringify(read.errors));
    expect(read.warnings).toEqual([]);
    expect(
      read.records.map((r) => [r.section, r.documentType, r.documentNumber, r.taxable, r.igst, r.itcAvailability, r.supplierFilingDate]),
    ).toEqual([
      ['b2b', 'INV', 'INV/25/001', 105_000_50, 18_250_03, 'Y', '2025-06-05'],
      ['cdnr', 'CRN', 'CN/25/001', 10_000_00, 1_800_00, 'Y', '2025-06-05'],
    ]);
    expect((twoB as { data: { itcsumm: unknown } }).data.itcsumm).toEqual({
      itcavl: {
        nonrevsup: {
          igst: 16_450.03,
          cgst: 0,
          sgst: 0,
          cess: 0,
          b2b: { igst: 18_250.03, cgst: 0, sgst: 0, cess: 0 },
          cdnr: { igst: -1_800, cgst: 0, sgst: 0, cess: 0 },
        },
      },
    });
    // The April 2B holds nothing of the buyer in Maharashtra (its documents were filed outside that window): generated,
    // it answers "no document found", not an empty statement.
    const mh = await client.login(BUYER_MH, 'buyer.mh');
    const mhB = await client.get(mh, '/taxpayerapi/v2.0/returns/gstr2b', { action: 'GET2B', gstin: BUYER_MH, rtnprd: '042025' }, '042025');
    expect(errorOf(mhB)).toEqual({ code: 'RET2B1016', message: 'No document found for the provided Inputs' });
  });

  it('ends a session after 6 hours', async () => {
    clock.at = new Date(clock.at.getTime() + 6 * 3600_000 - 1000);
    expect(
      (await client.get(buyer, '/taxpayerapi/v2.0/returns/gstr2a', { action: 'B2B', gstin: BUYER_KA, ret_period: PERIOD }, PERIOD)).json[
        'status_cd'
      ],
    ).toBe('1');
    clock.at = new Date(clock.at.getTime() + 2000);
    const late = await client.get(
      buyer,
      '/taxpayerapi/v2.0/returns/gstr2a',
      { action: 'B2B', gstin: BUYER_KA, ret_period: PERIOD },
      PERIOD,
    );
    expect(errorOf(late)?.code).toBe('AUTH4033');
  });
});
