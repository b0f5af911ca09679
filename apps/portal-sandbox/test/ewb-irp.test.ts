// The e-way bill and IRP sandboxes on one database, as the server mounts them: an e-way bill of an e-invoiced document
// shows on its IRN (EwbNo, EwbDt, EwbValidTill of the get by IRN), the IRN is not cancelled while it is active (2230),
// and is once the e-way bill is cancelled.
import { PGlite } from '@electric-sql/pglite';
import { buildEinvoice } from '@opengst/domain';
import Fastify, { type FastifyInstance } from 'fastify';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { caseOf, SELLER_KA } from '../../../packages/domain/src/einvoice/fixtures/einvoice-cases';
import { ewbSandbox } from '../src/ewb/index';
import { irpSandbox } from '../src/irp/index';
import { sandboxSqlOfPglite } from '../src/sql';
import { EwbClient, PREFIX as EWB_PREFIX } from './ewb-client';
import { IrpClient, irpErrorOf, PREFIX as IRP_PREFIX } from './irp-client';

const NOW = new Date('2026-11-25T10:00:00+05:30');
const SELLER = SELLER_KA.gstin!;
const BASE = JSON.parse(
  readFileSync(new URL('../../../packages/domain/src/ewaybill/fixtures/b2b-intra-road.json', import.meta.url), 'utf8'),
) as Record<string, unknown>;

describe('an e-way bill of an e-invoiced document', () => {
  const clock = { at: NOW };
  let app: FastifyInstance;
  let pg: PGlite;
  beforeAll(async () => {
    pg = new PGlite();
    await pg.waitReady;
    const sql = sandboxSqlOfPglite(pg);
    app = Fastify({ logger: false });
    await app.register(irpSandbox, { prefix: IRP_PREFIX, sql, now: () => clock.at });
    await app.register(ewbSandbox, { prefix: EWB_PREFIX, sql, now: () => clock.at });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await pg.close();
  });

  it('shows on its IRN, keeps the IRN from being cancelled (2230) until the e-way bill is cancelled', async () => {
    const irp = new IrpClient(app);
    const ewb = new EwbClient(app);
    const irpSession = (await irp.authenticate(SELLER, 'bharat_api', 'Secret@123')).session!;
    const { document, options } = caseOf('B2B', 'INV', false);
    const invoice = buildEinvoice({ ...document, documentNumber: 'EI/EWB/1' }, SELLER_KA, options).json;
    const irn = (await irp.generate(irpSession, invoice)).data!['Irn'] as string;

    const seller = (await ewb.authenticate(SELLER)).session!;
    const made = await ewb.act(seller, 'GENEWAYBILL', { ...BASE, docNo: 'ei/ewb/1', docDate: invoice.DocDtls.Dt });
    const ewbNo = (made.data as Record<string, unknown>)['ewayBillNo'];
    expect((await irp.byIrn(irpSession, irn)).data).toMatchObject({
      EwbNo: ewbNo,
      EwbDt: '2026-11-25 10:00:00',
      EwbValidTill: '2026-11-26 23:59:59',
    });
    const refused = await irp.cancel(irpSession, { Irn: irn, CnlRsn: '2', CnlRem: 'Order cancelled' });
    expect(irpErrorOf(refused)).toMatch(/^2230 /);

    const cancelled = await ewb.act(seller, 'CANEWB', { ewbNo, cancelRsnCode: 2, cancelRmrk: 'Order cancelled' });
    expect(cancelled.json['status']).toBe('1');
    expect((await irp.byIrn(irpSession, irn)).data).toMatchObject({ EwbNo: null, EwbDt: null, EwbValidTill: null });
    const done = await irp.cancel(irpSession, { Irn: irn, CnlRsn: '2', CnlRem: 'Order cancelled' });
    expect(done.data).toEqual({ Irn: irn, CancelDate: '2026-11-25 10:00:00' });
  });
});
