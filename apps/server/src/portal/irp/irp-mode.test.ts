// IRP mode (IRP_MODE=true): the IRP's API answers other systems at /irp without the sandbox gate, but only a client
// system registered for the GSTIN (NIC 1010 otherwise); the product's own e-invoice client still reaches the gated
// sandbox with its own credentials. Without IRP mode, /irp is not there.
import { gstinCheckCharacter } from '@opengst/domain';
import { registerIrpClient } from '@opengst/portal-sandbox';
import { afterAll, describe, expect, it } from 'vitest';
import { ENGINES, startHarness, type Harness } from '../../test-support/harness';
import { createIrpClient, IrpError } from './irp-client';
import { irpStoreOf } from './irp-store';
import { IRP_API_PREFIX } from './mount';

const gstinOf = (first14: string): string => first14 + gstinCheckCharacter(first14);
const GSTIN = gstinOf('29AAGCB7383J1Z');

describe.each(ENGINES)('IRP mode on %s', (engine) => {
  const started: Harness[] = [];
  afterAll(async () => {
    for (const h of started) await h.close();
  });

  const clientAt = (h: Harness, credentials: { clientId: string; clientSecret: string }) =>
    createIrpClient({
      baseUrl: IRP_API_PREFIX,
      fetch: async (url, init) => {
        const answer = await h.app.inject({
          method: init.method as 'GET' | 'POST',
          url,
          headers: init.headers,
          ...(init.body === undefined ? {} : { payload: init.body }),
        });
        return new Response(answer.rawPayload, { status: answer.statusCode, headers: { 'content-type': 'application/json' } });
      },
      publicKey: async () => (await h.app.inject({ method: 'GET', url: `${IRP_API_PREFIX}/keys/public-key` })).body,
      ...credentials,
    });

  it('opens /irp to a registered client system of the GSTIN and refuses any other pair with 1010', async () => {
    const h = await startHarness(engine, { env: { IRP_MODE: 'true' } });
    started.push(h);
    const erp = await registerIrpClient(await irpStoreOf(h.ctx), { gstin: GSTIN, name: 'Client ERP', now: h.ctx.now() });
    const session = await clientAt(h, erp).authenticate(GSTIN, 'erp_user', 'Secret@123');
    expect(session.authToken.length).toBeGreaterThan(10);
    await expect(clientAt(h, erp).byIrn(session, '0'.repeat(64))).rejects.toMatchObject({ codes: ['2148'] });

    const refused = await clientAt(h, { clientId: 'opengst', clientSecret: 'sandbox' })
      .authenticate(GSTIN, 'erp_user', 'Secret@123')
      .catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(IrpError);
    expect((refused as IrpError).errors).toEqual([{ ErrorCode: '1010', ErrorMessage: 'Invalid Client-ID/Client-Secret' }]);
    // The product's own client keeps the gated sandbox with its own credentials.
    const own = await h.ctx.irp.authenticate(gstinOf('27AAGCB7383J1Z'), 'opengst_api', 'Sandbox@123');
    expect(own.authToken.length).toBeGreaterThan(10);
  }, 120_000);

  it("documents the IRP's API in the OpenAPI page, and the documentation validates nothing (NIC's own errors still answer)", async () => {
    const h = await startHarness(engine, { env: { IRP_MODE: 'true' } });
    started.push(h);
    const docs = (await h.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
      paths: Record<string, Record<string, { summary?: string; tags?: string[]; parameters?: { name: string; in: string }[] }>>;
    };
    const auth = docs.paths[`${IRP_API_PREFIX}/eivital/v1.04/auth`]?.post;
    expect(auth?.summary).toBe('Authenticate');
    expect(auth?.tags).toEqual(['IRP API (IRP mode)']);
    expect(auth?.parameters?.filter((p) => p.in === 'header').map((p) => p.name)).toEqual(['client_id', 'client_secret', 'Gstin']);
    for (const [path, method, summary] of [
      ['/eicore/v1.03/Invoice', 'post', 'Generate IRN'],
      ['/eicore/v1.03/Invoice/irn/{irn}', 'get', 'Get e-invoice by IRN'],
      ['/eicore/v1.03/Invoice/irnbydocdetails', 'get', 'Get IRN by document details'],
      ['/eicore/v1.03/Invoice/Cancel', 'post', 'Cancel IRN'],
    ] as const)
      expect(docs.paths[`${IRP_API_PREFIX}${path}`]?.[method]?.summary, path).toBe(summary);
    expect(Object.keys(docs.paths).some((path) => path.startsWith('/irp-sandbox'))).toBe(false);
    expect(docs.paths['/api/v0.1/irp/loginMetadata']?.get).toBeDefined();
    // A request the documentation would call invalid is the IRP's to refuse, in its own words.
    const bare = await h.app.inject({ method: 'POST', url: `${IRP_API_PREFIX}/eivital/v1.04/auth`, payload: {} });
    expect(bare.statusCode).toBe(200);
    expect(bare.json().ErrorDetails).toEqual([{ ErrorCode: '1011', ErrorMessage: 'Client Id is required' }]);
    expect((await h.app.inject({ method: 'GET', url: `${IRP_API_PREFIX}/keys/public-key` })).body).toContain('BEGIN PUBLIC KEY');
  }, 120_000);

  it('has no /irp without IRP mode', async () => {
    const h = await startHarness(engine);
    started.push(h);
    const answer = await h.app.inject({ method: 'POST', url: `${IRP_API_PREFIX}/eivital/v1.04/auth`, payload: {} });
    expect(answer.statusCode).toBe(404);
  }, 120_000);
});
