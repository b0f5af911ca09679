// The GstPortal HTTP adapter against the sandbox mounted in the server (buildApp, app.inject), on each engine: every
// method, the mapping of portal errors to PortalError, and that no key, token, OTP or payload reaches the log.
import { PGlite } from '@electric-sql/pglite';
import {
  buildGstr1,
  gstinCheckCharacter,
  parseGstr2a,
  parseGstr2b,
  parseIms,
  summarizeGstr1,
  type Gstr1Document,
  type Gstr1Item,
  type Gstr1Json,
} from '@opengst/domain';
import { portalSandbox, sandboxSqlOfPglite } from '@opengst/portal-sandbox';
import Fastify, { type FastifyInstance } from 'fastify';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGstPortal, createSandboxGate } from './index';
import { PortalError, type GstPortal, type PortalSessionState } from './gst-portal';
import { createHttpGstPortal, type PortalFetch } from './http-gst-portal';
import { ENGINES, startHarness, type Harness } from '../test-support/harness';

const SUPPLIER = '27AAPFU0939F1ZV';
const BUYER_KA = '29AAGCB7383J1Z4';
const BUYER_MH = '27AABCT3518Q1ZW';
/** A second Maharashtra supplier (its check character computed). */
const SUPPLIER2_BODY = '27AAACR5055K1Z';
const OTP = '575757';
const IST_MS = 330 * 60_000;

const item = (taxable: number, ratePercent: number, inter: boolean): Gstr1Item => {
  const tax = Math.round((taxable * ratePercent) / 100);
  const half = Math.round((taxable * ratePercent) / 200);
  return {
    hsn: '84713010',
    uqc: 'NOS',
    quantity: 1_000,
    rate: ratePercent * 1000,
    taxable,
    igst: inter ? tax : 0,
    cgst: inter ? 0 : half,
    sgst: inter ? 0 : half,
    cess: 0,
  };
};
const doc = (p: Partial<Gstr1Document> & { documentNumber: string; items: Gstr1Item[]; documentDate: string }): Gstr1Document => ({
  documentType: 'INV',
  counterpartyGstin: '',
  documentValue: p.items.reduce((s, i) => s + i.taxable + i.igst + i.cgst + i.sgst + i.cess, 0),
  ...p,
});

const portalError = async (work: Promise<unknown>): Promise<PortalError> => {
  const error = await work.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(PortalError);
  return error as PortalError;
};

/** A fetch answered by a Fastify instance through inject, its bytes as they are. */
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

/** IST calendar parts of an instant. */
const ist = (at: Date) => {
  const d = new Date(at.getTime() + IST_MS);
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() };
};
const periodOf = (year: number, month: number): string => `${String(month).padStart(2, '0')}${year}`;

for (const engine of ENGINES) {
  describe(`GstPortal adapter on the mounted sandbox (${engine})`, () => {
    let h: Harness;
    let portal: GstPortal;
    const log: string[] = [];
    const secrets: string[] = [OTP];
    const now = new Date();
    const { year, month, day } = ist(now);
    const period = periodOf(year, month);
    const dated = `${year}-${String(month).padStart(2, '0')}-01`;
    const good = [
      doc({
        documentNumber: `PA/${engine}/1`,
        documentDate: dated,
        counterpartyGstin: BUYER_KA,
        supplyType: 'B2B',
        placeOfSupply: '29',
        items: [item(250_000_00, 18, true)],
      }),
      doc({
        documentNumber: `PA/${engine}/2`,
        documentDate: dated,
        supplyType: 'B2C',
        placeOfSupply: '27',
        items: [item(3_000_00, 5, false)],
      }),
    ];
    // Planted: a buyer GSTIN whose check character is wrong.
    const bad = doc({
      documentNumber: `PA/${engine}/3`,
      documentDate: dated,
      counterpartyGstin: '29AAGCB7383J1Z5',
      supplyType: 'B2B',
      placeOfSupply: '29',
      items: [item(1_000_00, 18, true)],
    });
    const payload = buildGstr1([...good, bad], { gstin: SUPPLIER, period });
    let session: PortalSessionState;

    beforeAll(async () => {
      const stream = new Writable({
        write(chunk: Buffer, _encoding, done) {
          log.push(chunk.toString('utf8'));
          done();
        },
      });
      h = await startHarness(engine, { logStream: stream });
      portal = h.ctx.gstPortal;
    });
    afterAll(async () => h.close());

    it('answers only its own server: a request from outside, even with the sandbox OTP, finds nothing', async () => {
      for (const url of ['/portal-sandbox/taxpayerapi/v1.0/public-key', '/portal-sandbox/taxpayerapi/v1.0/authenticate']) {
        const outside = await h.app.inject({ method: url.endsWith('public-key') ? 'GET' : 'POST', url, payload: { action: 'OTPREQUEST' } });
        expect(outside.statusCode, url).toBe(404);
        const guessed = await h.app.inject({ method: 'GET', url, headers: { 'x-opengst-sandbox-gate': 'a'.repeat(43) } });
        expect(guessed.statusCode, url).toBe(404);
      }
      // The adapter, inside the server, still reaches it (a GSTIN of its own: the sandbox ties a GSTIN to its first user).
      const body = '33AAPFU0939F1Z';
      await portal.requestOtp(`${body}${gstinCheckCharacter(body)}`, `gate.${engine}`);
    });

    it('is the sandbox, and logs in with the OTP only', async () => {
      expect(portal.sandbox).toBe(true);
      expect(JSON.stringify(h.app.swagger())).not.toContain('taxpayerapi');
      await portal.requestOtp(SUPPLIER, 'pa.supplier');
      const wrong = await portalError(portal.authenticate(SUPPLIER, 'pa.supplier', '000000'));
      expect([wrong.portalCode, wrong.message]).toEqual(['AUTH4034', 'Invalid OTP']);
      session = await portal.authenticate(SUPPLIER, 'pa.supplier', OTP);
      expect(session.gstin).toBe(SUPPLIER);
      expect(new Date(session.expiresAt).getTime() - h.ctx.now().getTime()).toBeGreaterThan(359 * 60_000);
      const refreshed = await portal.refresh(session);
      expect(refreshed.secrets['authToken']).not.toBe(session.secrets['authToken']);
      expect((await portalError(portal.filingStatus(session, 'GSTR1', period))).portalCode).toBe('AUTH4033');
      session = refreshed;
      secrets.push(...Object.values(session.secrets), ...Object.values(refreshed.secrets));
    });

    it('saves with per-document errors, summarises and downloads what the portal kept', async () => {
      const { referenceId } = await portal.save(session, 'GSTR1', period, JSON.stringify(payload));
      expect(referenceId).toMatch(/^27/);
      const status = await portal.saveStatus(session, period, referenceId);
      expect(status).toEqual({
        status: 'PE',
        message: null,
        errors: [
          {
            section: 'b2b',
            documentNumber: `PA/${engine}/3`,
            counterpartyGstin: '29AAGCB7383J1Z5',
            errorCode: 'RET191106',
            errorMessage: 'Recipient GSTIN 29AAGCB7383J1Z5 is invalid',
          },
        ],
      });
      const kept = { ...payload, b2b: buildGstr1(good, { gstin: SUPPLIER, period }).b2b } as Gstr1Json;
      const summary = (await portal.summary(session, 'GSTR1', period)) as {
        sec_sum: { sec_nm: string; ttl_rec: number; ttl_tax: number; ttl_igst: number }[];
      };
      const expected = summarizeGstr1(kept).filter((s) => s.records !== 0);
      expect(summary.sec_sum.map((s) => [s.sec_nm, s.ttl_rec, Math.round(s.ttl_tax * 100), Math.round(s.ttl_igst * 100)])).toEqual(
        expected.map((s) => [s.section.toUpperCase(), s.records, s.taxable, s.igst]),
      );
      const whole = (await portal.download(session, 'GSTR1', period)) as Gstr1Json;
      expect(whole.b2b).toEqual(kept.b2b);
      expect(whole.b2cs).toEqual(kept.b2cs);
      expect(whole.hsn).toEqual(kept.hsn);
      expect(await portal.section(session, 'GSTR1', period, 'b2b')).toEqual(kept.b2b);
      expect(await portal.section(session, 'GSTR1', period, 'cdnr')).toBeUndefined();
      await expect(portal.section(session, 'GSTR2B', period, 'b2b')).rejects.toThrow(RangeError);
    });

    it('submits, refuses a later save, files with EVC and reports the filing', async () => {
      expect((await portal.submit(session, 'GSTR1', period)).referenceId).toMatch(/^27/);
      expect((await portalError(portal.save(session, 'GSTR1', period, JSON.stringify(payload)))).portalCode).toBe('RET191114');
      expect(await portal.filingStatus(session, 'GSTR1', period)).toEqual({ status: 'SUBMITTED', arn: null, filedOn: null });
      await portal.requestEvcOtp(session, 'GSTR1', SUPPLIER.slice(2, 12));
      expect((await portalError(portal.file(session, 'GSTR1', period, SUPPLIER.slice(2, 12), '123123'))).portalCode).toBe('RET191117');
      const { arn } = await portal.file(session, 'GSTR1', period, SUPPLIER.slice(2, 12), OTP);
      expect(arn).toMatch(/^AA27\d{10}[A-Z]$/);
      expect(await portal.filingStatus(session, 'GSTR1', period)).toEqual({
        status: 'FILED',
        arn,
        filedOn: `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`,
      });
    });

    it('gives the buyer its GSTR-2A at once and its GSTR-2B from the 14th after the window', async () => {
      await portal.requestOtp(BUYER_KA, 'pa.buyer');
      let buyer = await portal.authenticate(BUYER_KA, 'pa.buyer', OTP);
      secrets.push(...Object.values(buyer.secrets));
      const read = parseGstr2a(await portal.download(buyer, 'GSTR2A', period));
      if (!read.ok) throw new Error(JSON.stringify(read.errors));
      expect(read.warnings).toEqual([]);
      expect(
        read.records
          .filter((r) => r.documentNumber.startsWith(`PA/${engine}/`))
          .map((r) => [r.documentNumber, r.taxable, r.igst, r.supplierGstin]),
      ).toEqual([[`PA/${engine}/1`, 250_000_00, 45_000_00, SUPPLIER]]);

      // The filing falls in the 2B of this month from the 14th on, else in the last month's.
      const twoBPeriod = day >= 14 ? period : month === 1 ? periodOf(year - 1, 12) : periodOf(year, month - 1);
      const early = await portalError(portal.download(buyer, 'GSTR2B', twoBPeriod));
      expect(early.portalCode).toBe('RET2B1018');
      const generated = Date.UTC(Number(twoBPeriod.slice(2)), Number(twoBPeriod.slice(0, 2)), 14) - IST_MS;
      h.advanceClock(generated - h.ctx.now().getTime() + 60_000);
      expect((await portalError(portal.download(buyer, 'GSTR2A', period))).portalCode).toBe('AUTH4033');
      await portal.requestOtp(BUYER_KA, 'pa.buyer');
      buyer = await portal.authenticate(BUYER_KA, 'pa.buyer', OTP);
      secrets.push(...Object.values(buyer.secrets));
      const twoB = parseGstr2b(await portal.download(buyer, 'GSTR2B', twoBPeriod));
      if (!twoB.ok) throw new Error(JSON.stringify(twoB.errors));
      expect(
        twoB.records.filter((r) => r.documentNumber.startsWith(`PA/${engine}/`)).map((r) => [r.documentNumber, r.igst, r.itcAvailability]),
      ).toEqual([[`PA/${engine}/1`, 45_000_00, 'Y']]);
    });

    it("acts on the buyer's IMS, and generates its GSTR-2B again from the changed actions", async () => {
      const clockNow = ist(h.ctx.now());
      const saved = clockNow.month === 1 ? periodOf(clockNow.year - 1, 12) : periodOf(clockNow.year, clockNow.month - 1);
      const savedDate = `${saved.slice(2)}-${saved.slice(0, 2)}-01`;
      const supplier2 = `${SUPPLIER2_BODY}${gstinCheckCharacter(SUPPLIER2_BODY)}`;
      const number = (n: string) => `IM/${engine}/${n}`;
      const docs = ['1', '2', '3'].map((n) =>
        doc({
          documentNumber: number(n),
          documentDate: savedDate,
          counterpartyGstin: BUYER_MH,
          supplyType: 'B2B',
          placeOfSupply: '27',
          items: [item(10_000_00, 18, false)],
        }),
      );
      const credit = doc({
        documentType: 'CRN',
        documentNumber: number('C1'),
        documentDate: savedDate,
        counterpartyGstin: BUYER_MH,
        supplyType: 'B2B',
        placeOfSupply: '27',
        originalDocumentNumber: number('1'),
        originalDocumentDate: savedDate,
        items: [item(1_000_00, 18, false)],
      });
      await portal.requestOtp(supplier2, 'ims.supplier');
      const seller = await portal.authenticate(supplier2, 'ims.supplier', OTP);
      const { referenceId: saveId } = await portal.save(
        seller,
        'GSTR1',
        saved,
        JSON.stringify(buildGstr1([...docs, credit], { gstin: supplier2, period: saved })),
      );
      expect((await portal.saveStatus(seller, saved, saveId)).status).toBe('P');

      // Saved, not filed: in the buyer's IMS at once.
      await portal.requestOtp(BUYER_MH, 'ims.buyer');
      let buyer = await portal.authenticate(BUYER_MH, 'ims.buyer', OTP);
      secrets.push(...Object.values(seller.secrets), ...Object.values(buyer.secrets));
      const records = async () => {
        const ims = (await portal.imsInvoices(buyer)) as Record<string, Record<string, unknown>[]>;
        return Object.fromEntries(
          Object.values(ims)
            .flat()
            .filter((r) => String(r['inum'] ?? r['nt_num']).startsWith(`IM/${engine}/`))
            .map((r) => [String(r['inum'] ?? r['nt_num']), r]),
        );
      };
      let ims = await records();
      expect(Object.keys(ims)).toEqual([number('1'), number('2'), number('3'), number('C1')]);
      expect(ims[number('1')]).toMatchObject({ stin: supplier2, rtnprd: saved, srcfilstatus: 'Not Filed', action: 'N', txval: 10_000 });
      expect(Object.keys((await portal.imsInvoices(buyer, { sections: ['b2bcn'] })) as object)).toEqual(['b2bcn']);
      // As the domain reads it.
      const read = parseIms(await portal.imsInvoices(buyer));
      if (!read.ok) throw new Error(JSON.stringify(read.errors));
      expect(read.warnings).toEqual([]);
      expect(
        read.records
          .filter((r) => r.documentNumber.startsWith(`IM/${engine}/`))
          .map((r) => [r.section, r.documentType, r.documentNumber, r.imsAction, r.supplierFilingStatus, r.cgst, r.isPendingActionBlocked]),
      ).toEqual([
        ['b2b', 'INV', number('1'), 'NoAction', 'NotFiled', 900_00, false],
        ['b2b', 'INV', number('2'), 'NoAction', 'NotFiled', 900_00, false],
        ['b2b', 'INV', number('3'), 'NoAction', 'NotFiled', 900_00, false],
        ['b2bcn', 'CRN', number('C1'), 'NoAction', 'NotFiled', 90_00, false],
      ]);

      const { referenceId } = await portal.imsSaveActions(buyer, [
        { section: 'b2b', record: ims[number('1')]!, action: 'A' },
        { section: 'b2b', record: ims[number('2')]!, action: 'R', remarks: 'Not received' },
        { section: 'b2b', record: ims[number('3')]!, action: 'P' },
      ]);
      expect(await portal.imsSaveStatus(buyer, referenceId)).toEqual({ status: 'P', processed: 3, errors: [], message: null });
      // A partial ITC reduction needs remarks: the portal refuses the record.
      const partial = await portal.imsSaveActions(buyer, [
        { section: 'b2bcn', record: ims[number('C1')]!, action: 'A', itcReduction: { required: true, cgst: 1_00, sgst: 1_00 } },
      ]);
      expect(await portal.imsSaveStatus(buyer, partial.referenceId)).toEqual({
        status: 'PE',
        processed: 0,
        errors: [
          {
            section: 'b2bcn',
            supplierGstin: supplier2,
            documentNumber: number('C1'),
            supplierPeriod: saved,
            errorCode: 'IMS1008',
            errorMessage: 'Remarks are mandatory when the ITC reduction declared is partial or nil',
          },
        ],
        message: null,
      });
      ims = await records();
      expect([number('1'), number('2'), number('3'), number('C1')].map((n) => ims[n]?.['action'])).toEqual(['A', 'R', 'P', 'N']);

      // Filed now, its 2B is the one of the window holding today; generated on the 14th after.
      await portal.submit(seller, 'GSTR1', saved);
      await portal.requestEvcOtp(seller, 'GSTR1', supplier2.slice(2, 12));
      await portal.file(seller, 'GSTR1', saved, supplier2.slice(2, 12), OTP);
      const filedOn = ist(h.ctx.now());
      const window =
        filedOn.day >= 14
          ? periodOf(filedOn.year, filedOn.month)
          : filedOn.month === 1
            ? periodOf(filedOn.year - 1, 12)
            : periodOf(filedOn.year, filedOn.month - 1);
      const generated = Date.UTC(Number(window.slice(2)), Number(window.slice(0, 2)), 14) - IST_MS;
      h.advanceClock(generated - h.ctx.now().getTime() + 60_000);
      await portal.requestOtp(BUYER_MH, 'ims.buyer');
      buyer = await portal.authenticate(BUYER_MH, 'ims.buyer', OTP);
      secrets.push(...Object.values(buyer.secrets));
      const twoB = async () => {
        const read = parseGstr2b(await portal.download(buyer, 'GSTR2B', window));
        if (!read.ok) throw new Error(JSON.stringify(read.errors));
        return read.records
          .filter((r) => r.documentNumber.startsWith(`IM/${engine}/`))
          .map((r) => [r.listing, r.documentNumber, r.imsStatus]);
      };
      expect(await twoB()).toEqual([
        ['available', number('1'), 'A'],
        ['available', number('C1'), 'N'],
        ['rejected', number('2'), 'R'],
      ]);

      // The pending invoice accepted: in the 2B once it is generated again.
      ims = await records();
      const accepted = await portal.imsSaveActions(buyer, [{ section: 'b2b', record: ims[number('3')]!, action: 'A' }]);
      expect((await portal.imsSaveStatus(buyer, accepted.referenceId)).status).toBe('P');
      expect((await twoB()).map((r) => r[1])).not.toContain(number('3'));
      const regeneration = await portal.regenerateGstr2b(buyer, window);
      expect(regeneration.referenceId).toMatch(/^27/);
      expect(await portal.gstr2bGenerationStatus(buyer, regeneration.referenceId)).toEqual({ status: 'P', message: null });
      expect(await twoB()).toEqual([
        ['available', number('1'), 'A'],
        ['available', number('3'), 'A'],
        ['available', number('C1'), 'N'],
        ['rejected', number('2'), 'R'],
      ]);

      const reset = await portal.imsResetActions(buyer, [{ section: 'b2b', record: (await records())[number('2')]! }]);
      expect((await portal.imsSaveStatus(buyer, reset.referenceId)).status).toBe('P');
      expect((await records())[number('2')]?.['action']).toBe('N');
      expect((await portalError(portal.imsSaveStatus(buyer, 'unknown'))).portalCode).toBe('RET191120');
    });

    it('keeps keys, tokens, OTPs and payloads out of the log', () => {
      const text = log.join('');
      expect(text).toContain('/portal-sandbox/taxpayerapi');
      for (const secret of secrets) expect(text).not.toContain(secret);
      expect(text).not.toContain(`PA/${engine}/1`);
      expect(text).not.toMatch(/"(sek|rek|app_key|auth_token|auth-token)"/);
    });
  });
}

describe('GstPortal adapter transport', () => {
  const base = { publicKey: async () => '', timeoutMs: 200, sandbox: true, now: () => new Date() };

  it('maps a portal that does not answer to TIMEOUT and an unreachable one to NETWORK', async () => {
    const silent = createHttpGstPortal({
      ...base,
      baseUrl: 'http://portal.invalid',
      fetch: (_url, init) => new Promise((_resolve, reject) => init.signal?.addEventListener('abort', () => reject(new Error('aborted')))),
    });
    const session: PortalSessionState = {
      gstin: SUPPLIER,
      userName: 'x',
      expiresAt: new Date().toISOString(),
      secrets: { authToken: 'a', ek: Buffer.alloc(32).toString('base64') },
    };
    expect((await portalError(silent.filingStatus(session, 'GSTR1', '052025'))).portalCode).toBe('TIMEOUT');
    const unreachable = createHttpGstPortal({ ...base, baseUrl: 'http://127.0.0.1:9', fetch: (url, init) => fetch(url, init) });
    expect((await portalError(unreachable.filingStatus(session, 'GSTR1', '052025'))).portalCode).toBe('NETWORK');
    const notJson = createHttpGstPortal({
      ...base,
      baseUrl: 'http://x',
      fetch: async () => new Response('<html>busy</html>', { status: 502 }),
    });
    const error = await portalError(notJson.filingStatus(session, 'GSTR1', '052025'));
    expect([error.portalCode, error.httpStatus]).toEqual(['BAD_ANSWER', 502]);
  });

  it('waits for queued answers within its bounds: token, "not ready yet", then the files; gives up with QUEUED', async () => {
    const pg = new PGlite();
    const clock = { at: new Date('2025-06-05T10:00:00+05:30') };
    const standalone = Fastify({ logger: false });
    await standalone.register(portalSandbox, {
      sql: sandboxSqlOfPglite(pg),
      now: () => clock.at,
      otp: OTP,
      schemaDir: '/nonexistent',
      queue: { threshold: 2, notReadyPolls: 2, est: '3', fileSize: 2 },
    });
    await standalone.ready();
    const waits: [number, number][] = [];
    const adapter = (attempts: number) =>
      createHttpGstPortal({
        ...base,
        now: () => clock.at,
        baseUrl: '',
        fetch: injectOf(standalone),
        publicKey: async () => (await standalone.inject({ method: 'GET', url: '/taxpayerapi/v1.0/public-key' })).body,
        queuedRetry: {
          attempts,
          delayMs: (est, attempt) => {
            waits.push([est, attempt]);
            return 0;
          },
          sleep: async () => {},
        },
      });
    try {
      const portal = adapter(3);
      const period = '052025';
      await portal.requestOtp(SUPPLIER, 'queue.supplier');
      const seller = await portal.authenticate(SUPPLIER, 'queue.supplier', OTP);
      const invoices = [1, 2, 3, 4, 5].map((n) =>
        doc({
          documentNumber: `Q/${n}`,
          documentDate: '2025-05-10',
          counterpartyGstin: BUYER_KA,
          supplyType: 'B2B',
          placeOfSupply: '29',
          items: [item(1_000_00, 18, true)],
        }),
      );
      const notes = [1, 2, 3].map((n) =>
        doc({
          documentType: 'CRN',
          documentNumber: `QC/${n}`,
          documentDate: '2025-05-20',
          counterpartyGstin: BUYER_KA,
          supplyType: 'B2B',
          placeOfSupply: '29',
          originalDocumentNumber: `Q/${n}`,
          originalDocumentDate: '2025-05-10',
          items: [item(100_00, 18, true)],
        }),
      );
      await portal.save(seller, 'GSTR1', period, JSON.stringify(buildGstr1([...invoices, ...notes], { gstin: SUPPLIER, period })));
      await portal.submit(seller, 'GSTR1', period);
      await portal.requestEvcOtp(seller, 'GSTR1', SUPPLIER.slice(2, 12));
      await portal.file(seller, 'GSTR1', period, SUPPLIER.slice(2, 12), OTP);

      await portal.requestOtp(BUYER_KA, 'queue.buyer');
      const buyer = await portal.authenticate(BUYER_KA, 'queue.buyer', OTP);
      // B2B (5) and CDN (3) are queued: two "not ready yet" each, then the files.
      const read = parseGstr2a(await portal.download(buyer, 'GSTR2A', period));
      if (!read.ok) throw new Error(JSON.stringify(read.errors));
      expect(read.records.map((r) => [r.section, r.documentNumber, r.igst])).toEqual([
        ...[1, 2, 3, 4, 5].map((n) => ['b2b', `Q/${n}`, 180_00]),
        ...[1, 2, 3].map((n) => ['cdnr', `QC/${n}`, 18_00]),
      ]);
      expect(waits).toEqual([
        [3, 1],
        [3, 2],
        [3, 3],
        [3, 1],
        [3, 2],
        [3, 3],
      ]);
      // A section the portal answers with a "no documents" code (RET13508/09/10 for GSTR-2A, portal-codes.ts) is empty;
      // the form's other sections still come.
      const noB2b = createHttpGstPortal({
        ...base,
        baseUrl: '',
        fetch: async (url, init) =>
          url.includes('action=B2B&')
            ? new Response(JSON.stringify({ status_cd: '0', error: { error_cd: 'RET13509', message: 'No document found' } }))
            : injectOf(standalone)(url, init),
        queuedRetry: { attempts: 3, delayMs: () => 0, sleep: async () => {} },
      });
      expect(await noB2b.section(buyer, 'GSTR2A', period, 'b2b')).toBeUndefined();
      const withoutB2b = parseGstr2a(await noB2b.download(buyer, 'GSTR2A', period));
      if (!withoutB2b.ok) throw new Error(JSON.stringify(withoutB2b.errors));
      expect(withoutB2b.records.map((r) => r.documentNumber)).toEqual(['QC/1', 'QC/2', 'QC/3']);

      const ims = (await portal.imsInvoices(buyer, { sections: ['b2b'] })) as { b2b: { inum: string }[] };
      expect(ims.b2b.map((r) => r.inum)).toEqual(['Q/1', 'Q/2', 'Q/3', 'Q/4', 'Q/5']);

      // A file changed on the way fails its hash check.
      const tampering = createHttpGstPortal({
        ...base,
        baseUrl: '',
        fetch: async (url, init) => {
          const response = await injectOf(standalone)(url, init);
          if (!url.startsWith('/files/')) return response;
          const bytes = Buffer.from(await response.arrayBuffer());
          bytes.writeUInt8(bytes.readUInt8(bytes.length - 1) ^ 1, bytes.length - 1);
          return new Response(bytes, { status: 200 });
        },
        queuedRetry: { attempts: 3, delayMs: () => 0, sleep: async () => {} },
      });
      const tampered = await portalError(tampering.section(buyer, 'GSTR2A', period, 'cdn'));
      expect([tampered.portalCode, tampered.message]).toEqual([
        'BAD_ANSWER',
        'A file of the GST portal could not be opened (the file failed its hash check).',
      ]);

      const impatient = adapter(2);
      const queued = await portalError(impatient.section(buyer, 'GSTR2A', period, 'b2b'));
      expect([queued.portalCode, queued.message]).toEqual([
        'QUEUED',
        'The GST portal is still preparing this download (it estimated 3 minutes): try again later.',
      ]);
    } finally {
      await standalone.close();
      await pg.close();
    }
  }, 60_000);

  it('works over real HTTP against a standalone sandbox (GST_PORTAL_URL)', async () => {
    const pg = new PGlite();
    const standalone = Fastify({ logger: false });
    await standalone.register(portalSandbox, { sql: sandboxSqlOfPglite(pg), now: () => new Date(), otp: OTP, schemaDir: '/nonexistent' });
    const address = await standalone.listen({ port: 0, host: '127.0.0.1' });
    try {
      const portal = createGstPortal(
        { gstPortal: { url: address, timeoutMs: 10_000, sandboxSchemaDir: '', sandboxOtp: OTP } } as Parameters<typeof createGstPortal>[0],
        () => new Date(),
        () => {
          throw new Error('not mounted');
        },
        createSandboxGate(),
      );
      await portal.requestOtp(SUPPLIER, 'remote.user');
      const session = await portal.authenticate(SUPPLIER, 'remote.user', OTP);
      expect(await portal.filingStatus(session, 'GSTR1', '042025')).toEqual({ status: 'NOT_FILED', arn: null, filedOn: null });
      expect(await portal.download(session, 'GSTR2A', '042025')).toEqual({ gstin: SUPPLIER, fp: '042025' });
    } finally {
      await standalone.close();
      await pg.close();
    }
  });
});
