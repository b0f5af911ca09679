// The server's IRP client against the IRP sandbox: mounted (through inject with the sandbox gate's secret, as the
// server reaches it) and standalone over HTTP; authenticate, generate, duplicate (2150 with DUPIRN), get by IRN and by
// document details, cancel, and a second cancel refused (9999).
import { PGlite } from '@electric-sql/pglite';
import { buildEinvoice, irnOf, verifySignedJws } from '@opengst/domain';
import { irpSandbox, sandboxSqlOfPglite } from '@opengst/portal-sandbox';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { caseOf, SELLER_KA } from '../../../../../packages/domain/src/einvoice/fixtures/einvoice-cases';
import type { AppContext } from '../../platform/context';
import { createSandboxGate } from '../index';
import { sandboxInjectFetch } from '../sandbox-mount';
import { createIrpClientOf, IrpError, type IrpClient } from './irp-client';
import { IRP_SANDBOX_PREFIX, mountIrpSandbox } from './mount';

const NOW = new Date('2026-11-25T10:00:00+05:30');
const SELLER = SELLER_KA.gstin!;
const invoiceOf = (documentNumber: string) => {
  const { document, options } = caseOf('B2B', 'INV', false);
  return buildEinvoice({ ...document, documentNumber }, SELLER_KA, options).json;
};

const flow = async (irp: IrpClient, certificate: () => Promise<string>) => {
  const session = await irp.authenticate(SELLER, 'bharat_api', 'Secret@123');
  const made = await irp.generate(session, invoiceOf('ADP/0001'));
  expect(made.Irn).toBe(irnOf({ sellerGstin: SELLER, documentType: 'INV', documentNumber: 'ADP/0001', documentDate: '2026-11-20' }));
  expect(made.Status).toBe('ACT');
  expect(verifySignedJws(made.SignedQRCode, await certificate())).toBe(true);

  const duplicate = await irp.generate(session, invoiceOf('ADP/0001')).catch((e: unknown) => e);
  expect(duplicate).toBeInstanceOf(IrpError);
  expect((duplicate as IrpError).codes).toEqual(['2150']);
  expect((duplicate as IrpError).info).toEqual([{ InfCd: 'DUPIRN', Desc: { AckNo: made.AckNo, AckDt: made.AckDt, Irn: made.Irn } }]);

  expect(await irp.byIrn(session, made.Irn)).toEqual(made);
  expect(await irp.byDocument(session, 'INV', 'ADP/0001', '20/11/2026')).toEqual(made);
  expect(await irp.cancel(session, made.Irn, '2', 'Data entry mistake')).toEqual({ Irn: made.Irn, CancelDate: '2026-11-25 10:00:00' });
  expect((await irp.byIrn(session, made.Irn)).Status).toBe('CNL');
  const again = await irp.cancel(session, made.Irn, '1', 'Again').catch((e: unknown) => e);
  expect((again as IrpError).message).toBe('9999: Invoice is not active');
};

describe('the IRP client', () => {
  describe('against the mounted sandbox', () => {
    let app: FastifyInstance;
    let pg: PGlite;
    const gate = createSandboxGate();
    beforeAll(async () => {
      pg = new PGlite();
      await pg.waitReady;
      app = Fastify({ logger: false });
      const ctx = {
        config: { irp: {}, gstPortal: { sandboxClockControl: false } },
        database: { db: { $client: pg } },
        now: () => NOW,
      } as unknown as AppContext;
      await mountIrpSandbox(app, ctx, gate);
      await app.ready();
    });
    afterAll(async () => {
      await app.close();
      await pg.close();
    });

    it('authenticates, generates, gets and cancels through the gate', async () => {
      const irp = createIrpClientOf(undefined, () => app, gate, { clientId: 'opengst', clientSecret: 'sandbox' });
      const fetcher = sandboxInjectFetch(() => app, gate);
      await flow(irp, async () => (await fetcher(`${IRP_SANDBOX_PREFIX}/keys/signing-certificate`, { method: 'GET', headers: {} })).text());
    });

    it('is refused without the gate’s secret', async () => {
      const irp = createIrpClientOf(undefined, () => app, createSandboxGate(), { clientId: 'opengst', clientSecret: 'sandbox' });
      await expect(irp.authenticate(SELLER, 'bharat_api', 'Secret@123')).rejects.toThrow(/public key could not be fetched \(HTTP 404\)/);
    });
  });

  describe('against a standalone sandbox over HTTP', () => {
    let app: FastifyInstance;
    let pg: PGlite;
    let url: string;
    beforeAll(async () => {
      pg = new PGlite();
      await pg.waitReady;
      app = Fastify({ logger: false });
      await app.register(irpSandbox, { prefix: IRP_SANDBOX_PREFIX, sql: sandboxSqlOfPglite(pg), now: () => NOW });
      url = `${await app.listen({ port: 0, host: '127.0.0.1' })}${IRP_SANDBOX_PREFIX}`;
    });
    afterAll(async () => {
      await app.close();
      await pg.close();
    });

    it('runs the same flow with IRP_URL set', async () => {
      const irp = createIrpClientOf(url, () => app, createSandboxGate(), { clientId: 'opengst', clientSecret: 'sandbox' });
      await flow(irp, async () => (await fetch(`${url}/keys/signing-certificate`)).text());
    });
  });
});
