// The GstPortal adapter's GSTR-3B and payment calls against a real sandbox (its own PGlite and clock, in August 2025
// for the July 2025 period whose outward liability is hard-locked): filing refused before GSTR-1, the auto-liability,
// a locked figure refused, submission, an unlawful offset refused, challans created, listed and paid (an expired one
// refused), the offset from the domain's set-off plan, the ledgers in paise, and the EVC filing's ARN.
import { PGlite } from '@electric-sql/pglite';
import { buildGstr1, setOffLiability, type Gstr1Document, type Gstr1Item } from '@opengst/domain';
import { portalSandbox, sandboxSqlOfPglite, sandboxSqlOfPostgres, type SandboxSql } from '@opengst/portal-sandbox';
import Fastify, { type FastifyInstance } from 'fastify';
import { randomUUID } from 'node:crypto';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINES } from '../test-support/harness';
import { PortalError, type GstPortal, type PortalSessionState } from './gst-portal';
import { createHttpGstPortal, type PortalFetch } from './http-gst-portal';

const SUPPLIER = '27AAPFU0939F1ZV';
const BUYER_KA = '29AAGCB7383J1Z4';
const PAN = SUPPLIER.slice(2, 12);
const OTP = '575757';
const PERIOD = '072025';
const START = new Date('2025-08-05T10:00:00+05:30');
const clock = { at: START };

const item = (taxable: number, ratePercent: number, inter: boolean): Gstr1Item => ({
  hsn: '84713010',
  uqc: 'NOS',
  quantity: 1_000,
  rate: ratePercent * 1000,
  taxable,
  igst: inter ? Math.round((taxable * ratePercent) / 100) : 0,
  cgst: inter ? 0 : Math.round((taxable * ratePercent) / 200),
  sgst: inter ? 0 : Math.round((taxable * ratePercent) / 200),
  cess: 0,
});
const doc = (p: Partial<Gstr1Document> & { documentNumber: string; items: Gstr1Item[] }): Gstr1Document => ({
  documentType: 'INV',
  documentDate: '2025-07-10',
  counterpartyGstin: '',
  documentValue: p.items.reduce((s, i) => s + i.taxable + i.igst + i.cgst + i.sgst + i.cess, 0),
  ...p,
});

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

const portalError = async (work: Promise<unknown>): Promise<PortalError> => {
  const error = await work.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(PortalError);
  return error as PortalError;
};

const tax = (iamt: number, camt: number, samt: number) => ({ iamt, camt, samt, csamt: 0 });
type Subtotal = { txval: number; iamt: number; camt: number; samt: number; csamt: number };
/** A 3B with 3.1(a) as given, ITC ₹3,200 IGST (₹200 reversed in 4B(2)) + ₹500 CGST + ₹500 SGST, reverse charge ₹180 + ₹180. */
const gstr3b = (outward: Subtotal) => ({
  gstin: SUPPLIER,
  ret_period: PERIOD,
  sup_details: { osup_det: outward, isup_rev: { txval: 2_000, ...tax(0, 180, 180) } },
  itc_elg: {
    itc_avl: [{ ty: 'OTH', ...tax(3_200, 500, 500) }],
    itc_rev: [{ ty: 'OTH', ...tax(200, 0, 0) }],
    itc_net: tax(3_000, 500, 500),
    itc_inelg: [],
  },
});

/** The sandbox's own database on the engine: a PGlite, or a fresh PostgreSQL database (TEST_DATABASE_URL). */
const sandboxDatabase = async (engine: 'pglite' | 'postgres'): Promise<{ sql: SandboxSql; close: () => Promise<void> }> => {
  if (engine === 'pglite') {
    const pg = new PGlite();
    return { sql: sandboxSqlOfPglite(pg), close: () => pg.close() };
  }
  const admin = process.env.TEST_DATABASE_URL ?? '';
  const name = `opengst_g3b_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
  const adminSql = postgres(admin, { max: 1, onnotice: () => {} });
  await adminSql.unsafe(`create database ${name}`);
  const url = new URL(admin);
  url.pathname = `/${name}`;
  const client = postgres(url.toString(), { max: 4, onnotice: () => {} });
  return {
    sql: sandboxSqlOfPostgres(client),
    close: async () => {
      await client.end({ timeout: 5 });
      await adminSql.unsafe(`drop database if exists ${name} with (force)`);
      await adminSql.end({ timeout: 5 });
    },
  };
};

for (const engine of ENGINES)
  describe(`GstPortal adapter: GSTR-3B, ledgers and challans against the sandbox (${engine})`, () => {
    let database: Awaited<ReturnType<typeof sandboxDatabase>>;
    let standalone: FastifyInstance;
    let portal: GstPortal;
    let session: PortalSessionState;
    let outward: Subtotal;
    const login = async () => {
      await portal.requestOtp(SUPPLIER, 'g3b.supplier');
      session = await portal.authenticate(SUPPLIER, 'g3b.supplier', OTP);
    };

    beforeAll(async () => {
      database = await sandboxDatabase(engine);
      standalone = Fastify({ logger: false });
      await standalone.register(portalSandbox, { sql: database.sql, now: () => clock.at, otp: OTP, schemaDir: '/nonexistent' });
      await standalone.ready();
      portal = createHttpGstPortal({
        baseUrl: '',
        fetch: injectOf(standalone),
        publicKey: async () => (await standalone.inject({ method: 'GET', url: '/taxpayerapi/v1.0/public-key' })).body,
        timeoutMs: 10_000,
        sandbox: true,
        now: () => clock.at,
      });
      await login();
    });
    afterAll(async () => {
      await standalone.close();
      await database.close();
    });

    it('refuses to file GSTR-3B before the period’s GSTR-1 (section 39(10))', async () => {
      await portal.save(session, 'GSTR3B', PERIOD, JSON.stringify({ gstin: SUPPLIER, ret_period: PERIOD }));
      const refused = await portalError(portal.file(session, 'GSTR3B', PERIOD, PAN, OTP));
      expect(refused.portalCode).toBe('RET191122');
    });

    it('reads the auto-liability from the filed GSTR-1 and refuses a save changing the locked 3.1(a)', async () => {
      const json = buildGstr1(
        [
          doc({
            documentNumber: 'G3/1',
            counterpartyGstin: BUYER_KA,
            supplyType: 'B2B',
            placeOfSupply: '29',
            items: [item(50_000_00, 18, true)],
          }),
          doc({ documentNumber: 'G3/2', supplyType: 'B2C', placeOfSupply: '27', items: [item(10_000_00, 18, false)] }),
        ],
        { gstin: SUPPLIER, period: PERIOD },
      );
      await portal.save(session, 'GSTR1', PERIOD, JSON.stringify(json));
      await portal.submit(session, 'GSTR1', PERIOD);
      await portal.requestEvcOtp(session, 'GSTR1', PAN);
      await portal.file(session, 'GSTR1', PERIOD, PAN, OTP);

      const auto = (await portal.gstr3bAutoLiability(session, PERIOD)) as {
        r3bautopop: { liabitc: { sup_details: { osup_3_1a: { subtotal: Subtotal } } } };
      };
      outward = auto.r3bautopop.liabitc.sup_details.osup_3_1a.subtotal;
      expect(outward).toEqual({ txval: 60_000, iamt: 9_000, camt: 900, samt: 900, csamt: 0 });

      const { referenceId } = await portal.save(session, 'GSTR3B', PERIOD, JSON.stringify(gstr3b({ ...outward, camt: 800 })));
      const status = await portal.saveStatus(session, PERIOD, referenceId);
      expect(status.status).toBe('ER');
      expect(status.message).toMatch(/^RET191123 Table 3\.1\(a\)/);
    });

    it('saves and submits the 3B: its ITC in the credit ledger, its liability in the liability ledger', async () => {
      const { referenceId } = await portal.save(session, 'GSTR3B', PERIOD, JSON.stringify(gstr3b(outward)));
      expect((await portal.saveStatus(session, PERIOD, referenceId)).status).toBe('P');
      await portal.submit(session, 'GSTR3B', PERIOD);
      expect((await portal.filingStatus(session, 'GSTR3B', PERIOD)).status).toBe('SUBMITTED');
      const balance = await portal.ledgerBalance(session, PERIOD);
      expect(balance.credit).toEqual({ igst: 3_000_00, cgst: 500_00, sgst: 500_00, cess: 0 });
      const liability = await portal.liabilityLedger(session, PERIOD, PERIOD);
      expect([liability.closing.igst.tax, liability.closing.cgst.tax, liability.closing.sgst.tax]).toEqual([9_000_00, 1_080_00, 1_080_00]);
      const reversal = await portal.creditReversalStatement(session, PERIOD);
      expect(reversal.entries.map((e) => [e.returnPeriod, e.type, e.amounts.igst])).toEqual([[PERIOD, 'Credit', 200_00]]);
      expect(reversal.closing).toEqual({ igst: 200_00, cgst: 0, sgst: 0, cess: 0 });
      const rcm = await portal.rcmStatement(session, PERIOD);
      expect(rcm.closing).toEqual({ igst: 0, cgst: 180_00, sgst: 180_00, cess: 0 });
    });

    const plan = setOffLiability(
      { igst: 9_000_00, cgst: 900_00, sgst: 900_00, cess: 0 },
      { igst: 3_000_00, cgst: 500_00, sgst: 500_00, cess: 0 },
    );
    const noTax = { igst: 0, cgst: 0, sgst: 0, cess: 0 };
    const offset = {
      credit: plan.utilisation,
      cash: {
        otherThanReverseCharge: { tax: plan.cash, interest: noTax, lateFee: { cgst: 0, sgst: 0 } },
        reverseCharge: { tax: { ...noTax, cgst: 180_00, sgst: 180_00 }, interest: noTax, lateFee: { cgst: 0, sgst: 0 } },
      },
    };

    it('refuses an unlawful offset and one the cash ledger cannot pay', async () => {
      const unlawful = await portalError(
        portal.gstr3bOffset(session, PERIOD, { ...offset, credit: [{ from: 'cgst', to: 'igst', amount: 500_00 }] }),
      );
      expect([unlawful.portalCode, unlawful.message]).toEqual(['RET191125', expect.stringContaining('section 49A') as string]);
      expect((await portalError(portal.gstr3bOffset(session, PERIOD, offset))).portalCode).toBe('RET191126');
    });

    it('creates, lists and pays a challan in the sandbox; an expired one is refused', async () => {
      expect(plan.cash).toEqual({ igst: 6_000_00, cgst: 400_00, sgst: 400_00, cess: 0 });
      const challan = await portal.createChallan(session, {
        mode: 'EPY',
        bankCode: 'HDFC',
        amounts: { igst: { tax: 6_000_00 }, cgst: { tax: 580_00 }, sgst: { tax: 600_00 } },
      });
      expect(challan).toMatchObject({ status: 'GENERATED', createdOn: '2025-08-05', expiresOn: '2025-08-20', total: 7_180_00, cin: null });
      expect(challan.cpin).toMatch(/^\d{14}$/);
      const stale = await portal.createChallan(session, { mode: 'NEFT', amounts: { cess: { tax: 1_00 } } });
      expect((await portal.challans(session, '2025-08-01', '2025-08-31')).map((c) => c.cpin)).toEqual([stale.cpin, challan.cpin]);

      clock.at = new Date(START.getTime() + 16 * 86_400_000);
      try {
        await login();
        expect((await portalError(portal.payChallanInSandbox(session, stale.cpin))).portalCode).toBe('PMT1002');
        expect((await portal.challan(session, stale.cpin)).status).toBe('EXPIRED');
      } finally {
        clock.at = START;
        await login();
      }
      const paid = await portal.payChallanInSandbox(session, challan.cpin);
      expect(paid).toMatchObject({ status: 'PAID', cin: `${challan.cpin}HDFC`, paidOn: '2025-08-05' });
      const real = createHttpGstPortal({
        baseUrl: '',
        fetch: injectOf(standalone),
        publicKey: async () => '',
        timeoutMs: 1_000,
        sandbox: false,
        now: () => clock.at,
      });
      expect((await portalError(real.payChallanInSandbox(session, challan.cpin))).portalCode).toBe('SANDBOX_ONLY');
    });

    it('offsets with the set-off plan: the ledgers hold the paise expected', async () => {
      expect((await portal.gstr3bOffset(session, PERIOD, offset)).referenceId).toMatch(/^27/);
      const balance = await portal.ledgerBalance(session, PERIOD);
      expect(balance.credit).toEqual(noTax);
      // ₹580 deposited for CGST tax, ₹400 + ₹180 used; ₹600 for SGST, ₹580 used: ₹20 left.
      expect([balance.cash.igst.tax, balance.cash.cgst.tax, balance.cash.sgst.tax]).toEqual([0, 0, 20_00]);
      const cash = await portal.cashLedger(session, '2025-08-01', '2025-08-31');
      expect(cash.entries.map((e) => [e.type, e.total])).toEqual([
        ['Credit', 7_180_00],
        ['Debit', 6_800_00],
        ['Debit', 360_00],
      ]);
      expect(cash.entries[0]?.reference).toMatch(/HDFC$/);
      expect(cash.closing.sgst.tax).toBe(20_00);
      const credit = await portal.creditLedger(session, '2025-08-01', '2025-08-31');
      expect(credit.entries.map((e) => [e.type, e.amounts.igst])).toEqual([
        ['Credit', 3_000_00],
        ['Debit', 3_000_00],
      ]);
      const liability = await portal.liabilityLedger(session, PERIOD, PERIOD);
      expect(liability.closing.igst.tax + liability.closing.cgst.tax + liability.closing.sgst.tax).toBe(0);
      expect(liability.entries.filter((e) => e.type === 'Credit').map((e) => e.discharge)).toEqual(['credit', 'cash', 'cash']);
    });

    it('files the 3B with EVC: the ARN, its filing status and its summary', async () => {
      await portal.requestEvcOtp(session, 'GSTR3B', PAN);
      const { arn } = await portal.file(session, 'GSTR3B', PERIOD, PAN, OTP);
      expect(arn).toMatch(/^AA270825\d{6}[A-Z]$/);
      expect(await portal.filingStatus(session, 'GSTR3B', PERIOD)).toEqual({ status: 'FILED', arn, filedOn: '2025-08-05' });
      const summary = (await portal.download(session, 'GSTR3B', PERIOD)) as { tx_pmt: { pditc: Record<string, number> } };
      expect(summary.tx_pmt.pditc).toMatchObject({ i_pdi: 3_000, c_pdc: 500, s_pds: 500 });
    });
  });
