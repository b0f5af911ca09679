// The IRP sandbox over HTTP, as a GSP calls NIC's e-invoice API: authentication with real RSA and AES, generate with
// the IRN by the official rule and signed answers the domain verifies, duplicate 2150 with DUPIRN, schema and value
// errors, get by IRN and by document details, cancel inside 24 hours and refused after, on the sandbox's own clock.
import { buildEinvoice, decodeSignedQr, irnOf, signedDataOf, verifySignedJws, type EinvoiceJson } from '@opengst/domain';
import type { FastifyInstance } from 'fastify';
import { X509Certificate } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { caseOf, gstinOf, SELLER_KA } from '../../../packages/domain/src/einvoice/fixtures/einvoice-cases';
import type { SandboxSql } from '../src/sql';
import { ENGINES, IrpClient, irpErrorOf, startIrp, type Clock, type IrpSession } from './irp-client';

const START = new Date('2026-11-25T10:00:00+05:30');
const SELLER = SELLER_KA.gstin!;
const OTHER_GSTIN = gstinOf('27AAGCB7383J1Z');

const invoiceOf = (documentNumber: string, change: (json: EinvoiceJson) => void = () => {}): EinvoiceJson => {
  const { document, options } = caseOf('B2B', 'INV', false);
  const built = buildEinvoice({ ...document, documentNumber }, SELLER_KA, options);
  expect(built.problems).toEqual([]);
  const json = structuredClone(built.json);
  change(json);
  return json;
};

describe.each(ENGINES)('the IRP sandbox on %s', (engine) => {
  const clock: Clock = { at: START };
  let app: FastifyInstance;
  let sql: SandboxSql;
  let close: () => Promise<void>;
  let client: IrpClient;
  let session: IrpSession;
  let certificate: string;

  beforeAll(async () => {
    ({ app, sql, close } = await startIrp(clock, engine));
    client = new IrpClient(app);
    const auth = await client.authenticate(SELLER, 'bharat_api', 'Secret@123');
    expect(auth.json['Status'], JSON.stringify(auth.json)).toBe(1);
    session = auth.session!;
    certificate = await client.get('/keys/signing-certificate');
  });
  afterAll(async () => close());

  /** Moves the sandbox's clock; a token lasts 6 hours, so the user signs in again at the new time. */
  const at = async (time: Date): Promise<void> => {
    clock.at = time;
    session = (await client.authenticate(SELLER, 'bharat_api', 'Secret@123')).session!;
  };

  describe('authentication', () => {
    it('answers a token and the SEK encrypted with the AppKey; a call with that SEK is understood', async () => {
      expect(session.sek).toHaveLength(32);
      expect(session.tokenExpiry).toBe('2026-11-25 16:00:00');
      const generated = await client.generate(session, invoiceOf('AUTH/1'));
      expect(generated.json['Status'], irpErrorOf(generated)).toBe(1);
    });

    it('answers the same token within its validity, a new one on a forced refresh in its last 10 minutes', async () => {
      const again = await client.authenticate(SELLER, 'bharat_api', 'Secret@123', { force: true });
      expect(again.session?.authToken).toBe(session.authToken);
      expect(again.session?.sek.equals(session.sek)).toBe(true);
      clock.at = new Date(START.getTime() + 355 * 60_000);
      const refreshed = await client.authenticate(SELLER, 'bharat_api', 'Secret@123', { force: true });
      expect(refreshed.session?.authToken).not.toBe(session.authToken);
      expect(irpErrorOf(await client.byIrn(session, '0'.repeat(64)))).toBe('1005 Invalid Token');
      clock.at = START;
      session = refreshed.session!;
    });

    it('refuses a wrong password, a wrong user, a bad AppKey, missing client headers', async () => {
      expect(irpErrorOf(await client.authenticate(SELLER, 'bharat_api', 'wrong'))).toBe('1019 Incorrect Password');
      expect(irpErrorOf(await client.authenticate(SELLER, 'someone', 'Secret@123'))).toBe('1017 Incorrect user id/User does not exists');
      expect(irpErrorOf(await client.authenticate(SELLER, 'bharat_api', 'Secret@123', { appKey: Buffer.alloc(16, 1) }))).toBe(
        '1016 Decryption of App Key failed',
      );
      const bare = await client.send('POST', '/eivital/v1.04/auth', { Gstin: SELLER }, { Data: 'x' });
      expect(irpErrorOf(bare)).toBe('1011 Client Id is required');
      const garbled = await client.send(
        'POST',
        '/eivital/v1.04/auth',
        { client_id: 'c', client_secret: 's', Gstin: SELLER },
        { Data: 'AAAA' },
      );
      expect(irpErrorOf(garbled)).toBe('1007 Authentication failed. Pls. inform the helpdesk');
      expect(garbled.json).toMatchObject({ Status: 0, Data: null, InfoDtls: null });
    });

    it('refuses a token with another GSTIN in the header (1015) and an unknown token (1005)', async () => {
      expect(irpErrorOf(await client.byIrn({ ...session, gstin: OTHER_GSTIN }, '0'.repeat(64)))).toBe('1015 Invalid GSTIN for this user');
      expect(irpErrorOf(await client.byIrn({ ...session, authToken: 'nope' }, '0'.repeat(64)))).toBe('1005 Invalid Token');
    });
  });

  describe('generate', () => {
    it('answers the IRN of the official rule, a 15-digit AckNo, and RS256 signatures that the published certificate verifies', async () => {
      const invoice = invoiceOf('INV/2026-27/0042');
      const answer = await client.generate(session, invoice);
      expect(answer.json['Status'], irpErrorOf(answer)).toBe(1);
      const data = answer.data!;
      const irn = irnOf({ sellerGstin: SELLER, documentType: 'INV', documentNumber: 'INV/2026-27/0042', documentDate: '2026-11-20' });
      expect(data['Irn']).toBe(irn);
      expect(String(data['AckNo'])).toMatch(/^126\d{12}$/);
      expect(data['AckDt']).toBe('2026-11-25 10:00:00');
      expect(data).toMatchObject({ Status: 'ACT', EwbNo: null });

      expect(new X509Certificate(certificate).subject).toContain('OpenGST IRP sandbox signing');
      expect(verifySignedJws(data['SignedInvoice'] as string, certificate)).toBe(true);
      expect(verifySignedJws(data['SignedQRCode'] as string, certificate)).toBe(true);
      const [h, p, s] = (data['SignedQRCode'] as string).split('.');
      expect(verifySignedJws(`${h}.${p}.${s!.slice(0, -4)}AAAA`, certificate)).toBe(false);

      expect(decodeSignedQr(data['SignedQRCode'] as string)).toEqual({
        SellerGstin: SELLER,
        BuyerGstin: invoice.BuyerDtls.Gstin,
        DocNo: 'INV/2026-27/0042',
        DocTyp: 'INV',
        DocDt: '20/11/2026',
        TotInvVal: invoice.ValDtls.TotInvVal,
        ItemCnt: invoice.ItemList.length,
        MainHsnCode: invoice.ItemList[0]!.HsnCd,
        Irn: irn,
        IrnDt: '2026-11-25 10:00:00',
      });
      const signed = signedDataOf(data['SignedInvoice'] as string);
      expect(signed).toMatchObject({
        Irn: irn,
        AckNo: data['AckNo'],
        AckDt: data['AckDt'],
        DocDtls: invoice.DocDtls,
        ValDtls: invoice.ValDtls,
      });
    });

    it('refuses the same document again with 2150 and the first registration in InfoDtls DUPIRN', async () => {
      const first = await client.byDocument(session, 'INV', 'INV/2026-27/0042', '20/11/2026');
      const again = await client.generate(session, invoiceOf('INV/2026-27/0042'));
      expect(again.json).toEqual({
        Status: 0,
        Data: null,
        ErrorDetails: [{ ErrorCode: '2150', ErrorMessage: 'Duplicate IRN' }],
        InfoDtls: [{ InfCd: 'DUPIRN', Desc: { AckNo: first.data!['AckNo'], AckDt: first.data!['AckDt'], Irn: first.data!['Irn'] } }],
      });
    });

    it('reads document numbers without regard to case: another case of a registered number in its year is 2150', async () => {
      const first = await client.byDocument(session, 'INV', 'INV/2026-27/0042', '20/11/2026');
      const lower = await client.generate(
        session,
        invoiceOf('INV/2026-27/0042', (j) => {
          j.DocDtls.No = 'Inv/2026-27/0042';
        }),
      );
      expect(lower.json['InfoDtls']).toEqual([
        { InfCd: 'DUPIRN', Desc: { AckNo: first.data!['AckNo'], AckDt: first.data!['AckDt'], Irn: first.data!['Irn'] } },
      ]);
    });

    it('refuses JSON against the official schema (2140), naming the field', async () => {
      const answer = await client.generate(
        session,
        invoiceOf('SCHEMA/1', (json) => {
          json.DocDtls.No = '0042';
        }),
      );
      expect(irpErrorOf(answer)).toMatch(/^2140 Error while validating invoice: \/DocDtls\/No must match pattern/);
      const missing = await client.generate(session, { Version: '1.1' });
      expect(irpErrorOf(missing)).toContain("must have required property 'TranDtls'");
    });

    it('applies the value rules 2193, 2182, 2189 (±₹1) and 2172', async () => {
      const item = (no: string, change: (json: EinvoiceJson) => void) => client.generate(session, invoiceOf(no, change));
      expect(irpErrorOf(await item('VAL/1', (j) => (j.ItemList[0]!.AssAmt += 1)))).toMatch(/^2193 For HSN - \d+ and Sl. No - 1, AssAmt/);
      expect(irpErrorOf(await item('VAL/2', (j) => (j.ValDtls.AssVal += 5)))).toBe(
        '2182 Total assessable value is not matching with sum of assessable value of items',
      );
      expect(irpErrorOf(await item('VAL/3', (j) => (j.ValDtls.TotInvVal += 1.01)))).toBe('2189 Invalid total invoice value');
      const withinRupee = await item('VAL/4', (j) => (j.ValDtls.TotInvVal += 1));
      expect(withinRupee.json['Status'], irpErrorOf(withinRupee)).toBe(1);
      const igst = await item('VAL/5', (j) => {
        const v = j.ValDtls;
        v.IgstVal = v.CgstVal + v.SgstVal;
        v.CgstVal = 0;
        v.SgstVal = 0;
      });
      expect(irpErrorOf(igst)).toMatch(/^2172 /);
    });

    it("refuses another seller's invoice (2143) and a document dated after today (2163)", async () => {
      const other = await client.generate(
        session,
        invoiceOf('OTHER/1', (j) => {
          j.SellerDtls.Gstin = OTHER_GSTIN;
          j.SellerDtls.Stcd = '27';
        }),
      );
      expect(irpErrorOf(other)).toBe('2143 Invoice does not belongs to the user GSTIN');
      const future = await client.generate(
        session,
        invoiceOf('FUTURE/1', (j) => {
          j.DocDtls.Dt = '26/11/2026';
        }),
      );
      expect(irpErrorOf(future)).toBe('2163 The document date should not be future date');
    });
  });

  describe('the 30-day reporting limit', () => {
    it('refuses a document older than 30 days from a taxpayer at or above the limit in force, and only then', async () => {
      const dated = (no: string, dt: string) =>
        invoiceOf(no, (j) => {
          j.DocDtls.Dt = dt;
        });
      // No AATO known: no limit.
      expect((await client.generate(session, dated('OLD/1', '20/10/2026'))).json['Status']).toBe(1);
      // ₹10 crore from 01-04-2025: at the limit, 36 days old is refused; 30 days old is not.
      expect((await client.setAato(session, 10_00_00_000)).data).toEqual({ Gstin: SELLER, Aato: 10_00_00_000 });
      expect(irpErrorOf(await client.generate(session, dated('OLD/2', '20/10/2026')))).toMatch(
        /^SBX2001 The document date is more than 30 days/,
      );
      expect((await client.generate(session, dated('OLD/3', '26/10/2026'))).json['Status']).toBe(1);
      // Below the limit: no restriction.
      await client.setAato(session, 9_99_99_999);
      expect((await client.generate(session, dated('OLD/4', '20/10/2026'))).json['Status']).toBe(1);
      await client.setAato(session, null);
    });
  });

  describe('get and cancel', () => {
    it('gets an IRN by itself and by its document details (the number in any case); unknown ones 2148 and 2154', async () => {
      const byDoc = await client.byDocument(session, 'INV', 'inv/2026-27/0042', '20/11/2026');
      expect(byDoc.json['Status'], irpErrorOf(byDoc)).toBe(1);
      const byIrn = await client.byIrn(session, byDoc.data!['Irn'] as string);
      expect(byIrn.data).toEqual(byDoc.data);
      expect(byIrn.data).toMatchObject({ Status: 'ACT' });
      expect(verifySignedJws(byIrn.data!['SignedQRCode'] as string, certificate)).toBe(true);
      expect(irpErrorOf(await client.byIrn(session, 'f'.repeat(64)))).toBe('2148 Requested IRN data is not available');
      expect(irpErrorOf(await client.byDocument(session, 'INV', 'NONE/1', '20/11/2026'))).toBe('2154 IRN details are not found');
    });

    it('cancels inside 24 hours with a reason; the IRN is then CNL, cannot be cancelled again nor its number registered again', async () => {
      const made = await client.generate(session, invoiceOf('CNL/1'));
      const irn = made.data!['Irn'] as string;
      await at(new Date(START.getTime() + 23 * 3_600_000 + 59 * 60_000));
      expect(irpErrorOf(await client.cancel(session, { Irn: irn, CnlRsn: '5', CnlRem: 'Wrong' }))).toBe(
        '2142 Incomplete request parameters',
      );
      const cancelled = await client.cancel(session, { Irn: irn, CnlRsn: '2', CnlRem: 'Data entry mistake' });
      expect(cancelled.json['Status'], irpErrorOf(cancelled)).toBe(1);
      expect(cancelled.data).toEqual({ Irn: irn, CancelDate: '2026-11-26 09:59:00' });
      expect((await client.byIrn(session, irn)).data).toMatchObject({ Status: 'CNL' });
      expect(irpErrorOf(await client.cancel(session, { Irn: irn, CnlRsn: '1', CnlRem: 'Again' }))).toBe('9999 Invoice is not active');
      expect(irpErrorOf(await client.generate(session, invoiceOf('CNL/1')))).toBe('2150 Duplicate IRN');
      await at(START);
    });

    it('refuses to cancel after 24 hours (2270) and while an e-way bill is recorded on the IRN (2230)', async () => {
      const late = (await client.generate(session, invoiceOf('CNL/2'))).data!['Irn'] as string;
      const withEwb = (await client.generate(session, invoiceOf('CNL/3'))).data!['Irn'] as string;
      await sql.query("UPDATE portal_sandbox.irp_invoices SET ewb_no = '331009876543' WHERE irn = $1", [withEwb]);
      expect(irpErrorOf(await client.cancel(session, { Irn: withEwb, CnlRsn: '3', CnlRem: 'Order cancelled' }))).toMatch(/^2230 /);
      expect((await client.byIrn(session, withEwb)).data).toMatchObject({ Status: 'ACT', EwbNo: 331009876543 });
      await at(new Date(START.getTime() + 24 * 3_600_000 + 60_000));
      expect(irpErrorOf(await client.cancel(session, { Irn: late, CnlRsn: '4', CnlRem: 'Others' }))).toBe(
        '2270 The allowed cancellation time limit is crossed, you cannot cancel the IRN',
      );
      expect((await client.byIrn(session, late)).data).toMatchObject({ Status: 'ACT' });
    });

    it('answers get by IRN for 2 days only (2283), and refuses to cancel or fetch another GSTIN’s IRN (2143)', async () => {
      await at(START);
      const irn = (await client.generate(session, invoiceOf('GET/1'))).data!['Irn'] as string;
      const other = (await client.authenticate(OTHER_GSTIN, 'other_api', 'Other@123')).session!;
      expect(irpErrorOf(await client.byIrn(other, irn))).toBe('2143 Invoice does not belongs to the user GSTIN');
      expect(irpErrorOf(await client.cancel(other, { Irn: irn, CnlRsn: '1', CnlRem: 'Not mine' }))).toBe(
        '2143 Invoice does not belongs to the user GSTIN',
      );
      await at(new Date(START.getTime() + 2 * 86_400_000 + 60_000));
      expect(irpErrorOf(await client.byIrn(session, irn))).toBe(
        '2283 IRN details cannot be provided as it is generated more than 2 days ago',
      );
      await at(START);
    });
  });
});
