// The GstPortal adapter's DRC-01B / DRC-01C calls against a real sandbox (its own PGlite and clock, May 2025 for the
// April period, before the 3B's outward liability was hard-locked): a 3B filed paying ₹8,000 of IGST less than GSTR-1
// declares raises DRC-01B under a threshold set through the sandbox hook; the intimation is read in paise and ISO dates;
// a reply without its EVC OTP is refused; Part B with a reason and a part paid through DRC-03 answers it.
import { PGlite } from '@electric-sql/pglite';
import { buildGstr1, NO_TAX } from '@opengst/domain';
import { portalSandbox, sandboxSqlOfPglite } from '@opengst/portal-sandbox';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PortalError, type GstPortal, type PortalSessionState } from './gst-portal';
import { createHttpGstPortal, type PortalFetch } from './http-gst-portal';
import { drcReplyPayload } from './portal-drc';

const SUPPLIER = '27AAPFU0939F1ZV';
const BUYER_KA = '29AAGCB7383J1Z4';
const PAN = SUPPLIER.slice(2, 12);
const OTP = '575757';
const PERIOD = '042025';
const clock = { at: new Date('2025-05-05T10:00:00+05:30') };

const injectOf =
  (app: FastifyInstance): PortalFetch =>
  async (url, init) => {
    const answer = await app.inject({
      method: init.method as 'GET' | 'POST' | 'PUT',
      url,
      headers: init.headers,
      ...(init.body === undefined ? {} : { payload: init.body }),
    });
    return new Response(answer.rawPayload, { status: answer.statusCode });
  };

const igst = (amount: number) => ({ ...NO_TAX, igst: amount });
const noCash = { tax: NO_TAX, interest: NO_TAX, lateFee: { cgst: 0, sgst: 0 } };

describe('GstPortal adapter: DRC-01B against the sandbox', () => {
  let pg: PGlite;
  let standalone: FastifyInstance;
  let portal: GstPortal;
  let session: PortalSessionState;
  let refNo = '';

  beforeAll(async () => {
    pg = new PGlite();
    standalone = Fastify({ logger: false });
    await standalone.register(portalSandbox, { sql: sandboxSqlOfPglite(pg), now: () => clock.at, otp: OTP, schemaDir: '/nonexistent' });
    await standalone.ready();
    portal = createHttpGstPortal({
      baseUrl: '',
      fetch: injectOf(standalone),
      publicKey: async () => (await standalone.inject({ method: 'GET', url: '/taxpayerapi/v1.0/public-key' })).body,
      timeoutMs: 10_000,
      sandbox: true,
      now: () => clock.at,
    });
    await portal.requestOtp(SUPPLIER, 'drc.supplier');
    session = await portal.authenticate(SUPPLIER, 'drc.supplier', OTP);
  });
  afterAll(async () => {
    await standalone.close();
    await pg.close();
  });

  it('raises DRC-01B when the 3B filed pays less than GSTR-1 declares, read in paise and ISO dates', async () => {
    await portal.setDrcThresholdInSandbox(session, 'DRC01B', { amount: 1_000_00, percentBasisPoints: 10_000, rule: 'amountOrPercent' });
    const gstr1 = buildGstr1(
      [
        {
          documentType: 'INV',
          documentNumber: 'P/001',
          documentDate: '2025-04-10',
          counterpartyGstin: BUYER_KA,
          supplyType: 'B2B',
          placeOfSupply: '29',
          documentValue: 118_000_00,
          items: [
            { hsn: '84713010', uqc: 'NOS', quantity: 1_000, rate: 18_000, taxable: 100_000_00, igst: 18_000_00, cgst: 0, sgst: 0, cess: 0 },
          ],
        },
      ],
      { gstin: SUPPLIER, period: PERIOD },
    );
    await portal.save(session, 'GSTR1', PERIOD, JSON.stringify(gstr1));
    await portal.submit(session, 'GSTR1', PERIOD);
    await portal.requestEvcOtp(session, 'GSTR1', PAN);
    await portal.file(session, 'GSTR1', PERIOD, PAN, OTP);
    const challan = await portal.createChallan(session, { mode: 'NEFT', amounts: { igst: { tax: 18_000_00, interest: 45_00 } } });
    await portal.payChallanInSandbox(session, challan.cpin);
    const json = {
      gstin: SUPPLIER,
      ret_period: PERIOD,
      sup_details: { osup_det: { txval: 100_000, iamt: 10_000, camt: 0, samt: 0, csamt: 0 } },
    };
    await portal.save(session, 'GSTR3B', PERIOD, JSON.stringify(json));
    await portal.submit(session, 'GSTR3B', PERIOD);
    await portal.gstr3bOffset(session, PERIOD, {
      credit: [],
      cash: { otherThanReverseCharge: { ...noCash, tax: igst(10_000_00) }, reverseCharge: noCash },
    });
    await portal.requestEvcOtp(session, 'GSTR3B', PAN);
    await portal.file(session, 'GSTR3B', PERIOD, PAN, OTP);

    const [one, ...rest] = await portal.drcIntimations(session);
    expect(rest).toEqual([]);
    expect(one).toMatchObject({
      form: 'DRC01B',
      period: PERIOD,
      status: 'Issued',
      issuedOn: '2025-05-05',
      dueOn: '2025-05-12',
      reported: igst(18_000_00),
      baseline: igst(10_000_00),
      excess: igst(8_000_00),
      totalExcess: 8_000_00,
      threshold: { amount: 1_000_00, percentBasisPoints: 10_000, rule: 'amountOrPercent' },
      reply: null,
    });
    refNo = one?.referenceNumber ?? '';
    expect((await portal.drcIntimation(session, refNo)).referenceNumber).toBe(refNo);
    expect(await portal.drcIntimations(session, 'DRC01C')).toEqual([]);
  });

  it('refuses a reply whose EVC OTP was not requested, and answers one with a reason and a DRC-03 in part', async () => {
    const request = {
      referenceNumber: refNo,
      reason: { code: 'paidInLaterReturn', explanation: 'Rs 5,000 paid in the May 3B' },
      drc03: { tax: igst(3_000_00), interest: igst(45_00) },
    };
    const refused = await portal.replyToDrcIntimation(session, request, PAN, OTP).then(
      () => null,
      (e: unknown) => e,
    );
    expect(refused).toBeInstanceOf(PortalError);
    expect((refused as PortalError).portalCode).toBe('RET191117');
    await portal.requestDrcEvcOtp(session, 'DRC01B', PAN);
    const replied = await portal.replyToDrcIntimation(session, request, PAN, OTP);
    expect(replied).toMatchObject({
      status: 'Replied',
      reply: {
        repliedOn: '2025-05-05',
        reasonCode: 'paidInLaterReturn',
        explanation: 'Rs 5,000 paid in the May 3B',
        drc03: { paidOn: '2025-05-05', tax: igst(3_000_00), interest: igst(45_00) },
      },
    });
    expect(replied.reply?.drc03?.arn).toMatch(/^AD270525\d{7}$/);
  });

  it('writes the reply in rupees and refuses a threshold outside the sandbox', async () => {
    expect(drcReplyPayload({ referenceNumber: 'R', drc03: { tax: igst(12_345), interest: NO_TAX } })).toEqual({
      ref_no: 'R',
      drc03: { tax: { iamt: 123.45, camt: 0, samt: 0, csamt: 0 }, intr: { iamt: 0, camt: 0, samt: 0, csamt: 0 } },
    });
    const real = createHttpGstPortal({
      baseUrl: '',
      fetch: injectOf(standalone),
      publicKey: async () => '',
      timeoutMs: 1_000,
      sandbox: false,
      now: () => clock.at,
    });
    const refused = await real
      .setDrcThresholdInSandbox(session, 'DRC01B', { amount: 0, percentBasisPoints: 0, rule: 'amountOrPercent' })
      .then(
        () => null,
        (e: unknown) => e,
      );
    expect((refused as PortalError).portalCode).toBe('SANDBOX_ONLY');
  });
});
