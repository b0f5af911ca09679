// The e-invoicing portal (IRP mode): its login metadata, its own sign-in with the IRP variant of the encryptor (a
// GSTIN's e-invoice user, the irp-auth-token session, never the product's auth-token), load settings, the GSTIN's IRNs
// with search and cancel inside 24 hours, API registration of client systems (the secret once), and the product's
// switch to it: a one-time request token for a location's GSTIN, refused when expired, replayed or tampered.
import { API, HEADERS, IRP_PORTAL_API, IRP_PORTAL_HEADERS } from '@opengst/contracts';
import { buildEinvoice } from '@opengst/domain';
import { and, eq } from 'drizzle-orm';
import { createCipheriv } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { caseOf, gstinOf, SELLER_KA } from '../../../../../packages/domain/src/einvoice/fixtures/einvoice-cases';
import { auditTrail, entities } from '../../db/schema';
import { issueRequestToken } from '../../platform/auth/request-tokens';
import { irpStoreOf } from '../../portal/irp/irp-store';
import { authed, createTenant, ENGINES, signIn, someIp, startHarness, type Harness, type Tenant } from '../../test-support/harness';

const SELLER = SELLER_KA.gstin!;
const USER = { userName: 'bharat_api', password: 'Secret@123' };

const invoiceOf = (documentNumber: string) => {
  const { document, options } = caseOf('B2B', 'INV', false);
  return buildEinvoice({ ...document, documentNumber }, SELLER_KA, options).json;
};

describe.each(ENGINES)('the e-invoicing portal on %s', (engine) => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness(engine, { env: { IRP_MODE: 'true', IRP_PORTAL_API_URL: 'https://einvoice.example.test/' } });
  }, 120_000);
  afterAll(async () => h.close());

  const portalLogin = async (gstin: string, userName: string, password: string, ip = someIp()) => {
    const key = await h.app.inject({ method: 'GET', url: IRP_PORTAL_API.encryptor, remoteAddress: ip });
    const { identifier, key: k, iv } = key.json().data as { identifier: string; key: string; iv: string };
    const cipher = createCipheriv('aes-256-cbc', Buffer.from(k, 'base64'), Buffer.from(iv, 'base64'));
    const encrypted = Buffer.concat([cipher.update(password, 'utf8'), cipher.final()]).toString('base64');
    const send = () =>
      h.app.inject({
        method: 'POST',
        url: IRP_PORTAL_API.login,
        headers: { [HEADERS.encId]: identifier },
        payload: { gstin, userName, password: encrypted },
        remoteAddress: ip,
      });
    return { answer: await send(), replay: send };
  };
  const irpAuth = (token: string) => ({ [IRP_PORTAL_HEADERS.authToken]: token });

  it('answers its login metadata: the portal title, environment, no captcha, the GSTIN-user fields', async () => {
    const answer = await h.app.inject({ method: 'GET', url: IRP_PORTAL_API.loginMetadata });
    expect(answer.statusCode).toBe(200);
    const data = answer.json().data;
    expect(data).toMatchObject({ applicationTitle: 'E-Invoice Registration Portal', isCaptchaEnabled: false });
    expect(data.loginFields.map((f: { name: string }) => f.name)).toEqual(['gstin', 'userName', 'password']);
  });

  it("signs in a GSTIN's e-invoice user with its own session; refuses a wrong password, a reused key and the product's token", async () => {
    await h.ctx.irp.authenticate(SELLER, USER.userName, USER.password);
    const wrong = await portalLogin(SELLER, USER.userName, 'not-it');
    expect(wrong.answer.statusCode).toBe(422);
    expect(wrong.answer.json().errors[0].code).toBe('IRP0001');
    const unknownGstin = await portalLogin('27AAGCB7383J1Z4', USER.userName, USER.password);
    expect(unknownGstin.answer.json().errors[0].code).toBe('IRP0001');

    const ok = await portalLogin(SELLER.toLowerCase(), USER.userName, USER.password);
    expect(ok.answer.statusCode, ok.answer.body).toBe(200);
    const session = ok.answer.json().data as { token: string; gstin: string; userName: string };
    expect(session).toMatchObject({ gstin: SELLER, userName: USER.userName });
    expect((await ok.replay()).json().errors[0].code).toBe('AUTH0004');

    const settings = await h.app.inject({ method: 'GET', url: IRP_PORTAL_API.loadSettings, headers: irpAuth(session.token) });
    expect(settings.json().data).toMatchObject({
      gstin: SELLER,
      userName: USER.userName,
      irpPortalApiUrl: 'https://einvoice.example.test',
      irpApiBaseUrl: '/irp',
      cancelHours: 24,
    });
    const noSession = await h.app.inject({ method: 'GET', url: IRP_PORTAL_API.loadSettings });
    expect(noSession.statusCode).toBe(401);
    expect(noSession.json().errors[0].code).toBe('IRP0002');
    // The product's session is not a portal session.
    const tenant = await createTenant(h);
    const productToken = await signIn(h.app, tenant);
    expect((await h.app.inject({ method: 'GET', url: IRP_PORTAL_API.loadSettings, headers: irpAuth(productToken) })).statusCode).toBe(401);

    await h.app.inject({ method: 'GET', url: IRP_PORTAL_API.logout, headers: irpAuth(session.token) });
    expect((await h.app.inject({ method: 'GET', url: IRP_PORTAL_API.loadSettings, headers: irpAuth(session.token) })).statusCode).toBe(401);
  });

  it("lists the GSTIN's IRNs by IRN or document, cancels one with its reason, refuses after 24 hours with the IRP's 2270", async () => {
    const api = await h.ctx.irp.authenticate(SELLER, USER.userName, USER.password);
    const first = await h.ctx.irp.generate(api, invoiceOf('PORTAL/1'));
    const second = await h.ctx.irp.generate(api, invoiceOf('PORTAL/2'));
    const token = ((await portalLogin(SELLER, USER.userName, USER.password)).answer.json().data as { token: string }).token;
    const list = (filters: Record<string, string>) =>
      h.app.inject({ method: 'POST', url: IRP_PORTAL_API.invoices, headers: irpAuth(token), payload: { start: 0, size: 50, filters } });

    const all = (await list({})).json().data as { items: { irn: string; docNo: string; status: string }[]; totalRecords: number };
    expect(all.items.map((i) => i.irn)).toEqual(expect.arrayContaining([first.Irn, second.Irn]));
    expect((await list({ search: 'portal/2' })).json().data.items.map((i: { irn: string }) => i.irn)).toEqual([second.Irn]);
    expect((await list({ search: first.Irn })).json().data.items.map((i: { irn: string }) => i.irn)).toEqual([first.Irn]);

    const cancel = (irn: string) =>
      h.app.inject({
        method: 'POST',
        url: IRP_PORTAL_API.cancel,
        headers: irpAuth(token),
        payload: { irn, reason: '2', remarks: 'Wrong rate' },
      });
    const cancelled = await cancel(first.Irn);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json().data.irn).toBe(first.Irn);
    const listed = (await list({ status: 'CNL' })).json().data.items as { irn: string; cancelReason: string; cancelRemarks: string }[];
    expect(listed.find((i) => i.irn === first.Irn)).toMatchObject({ cancelReason: '2', cancelRemarks: 'Wrong rate' });
    expect((await cancel(first.Irn)).json().errors[0]).toMatchObject({ code: 'IRP0004', message: '9999: Invoice is not active' });

    const sql = await irpStoreOf(h.ctx);
    await sql.query(`UPDATE portal_sandbox.irp_invoices SET ack_at = ack_at - interval '25 hours' WHERE irn = $1`, [second.Irn]);
    expect((await cancel(second.Irn)).json().errors[0].message).toBe(
      '2270: The allowed cancellation time limit is crossed, you cannot cancel the IRN',
    );
  });

  it('registers a client system with its secret once, lists it without the secret, revokes it once, and only its own GSTIN', async () => {
    const token = ((await portalLogin(SELLER, USER.userName, USER.password)).answer.json().data as { token: string }).token;
    const registered = await h.app.inject({
      method: 'POST',
      url: IRP_PORTAL_API.registerClient,
      headers: irpAuth(token),
      payload: { name: 'Tally Prime' },
    });
    expect(registered.statusCode, registered.body).toBe(200);
    const client = registered.json().data as { clientId: string; clientSecret: string };
    expect(client.clientSecret.length).toBeGreaterThanOrEqual(32);
    const listed = await h.app.inject({ method: 'GET', url: IRP_PORTAL_API.clients, headers: irpAuth(token) });
    expect(listed.body).not.toContain(client.clientSecret);
    expect(listed.json().data.find((c: { clientId: string }) => c.clientId === client.clientId)).toMatchObject({
      name: 'Tally Prime',
      revokedAt: null,
    });

    // Another GSTIN's portal user cannot revoke it.
    const other = await h.app.inject({
      method: 'GET',
      url: `${IRP_PORTAL_API.userToken}?request=${encodeURIComponent(
        issueRequestToken(h.ctx.secretKey, { aud: 'irp-switch', sub: '1', sid: 1, gstin: '27AAGCB7383J1Z4' }, h.ctx.now()).token,
      )}`,
    });
    const otherToken = (other.json().data as { token: string }).token;
    const revoke = (as: string) =>
      h.app.inject({ method: 'POST', url: IRP_PORTAL_API.revokeClient, headers: irpAuth(as), payload: { clientId: client.clientId } });
    expect((await revoke(otherToken)).json().errors[0].code).toBe('IRP0005');
    const revoked = await revoke(token);
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json().data.revokedAt).not.toBeNull();
    expect((await revoke(token)).json().errors[0].code).toBe('IRP0005');
  });

  describe('the switch from the product (/portal-redirect)', () => {
    let tenant: Tenant;
    let productToken: string;
    const GSTIN = gstinOf('07AAGCB7383J1Z');
    beforeAll(async () => {
      tenant = await createTenant(h);
      await h.ctx.database.db
        .update(entities)
        .set({ gstin: GSTIN })
        .where(and(eq(entities.id, tenant.entityIds[0]!), eq(entities.subscriberId, tenant.subscriberId)));
      await h.ctx.database.db
        .update(entities)
        .set({ gstin: null })
        .where(and(eq(entities.id, tenant.entityIds[1]!), eq(entities.subscriberId, tenant.subscriberId)));
      productToken = await signIn(h.app, tenant);
    });
    const requestOf = (url: string) => new URL(url, 'http://x').searchParams.get('request') ?? '';
    const swap = (request: string) =>
      h.app.inject({ method: 'GET', url: `${IRP_PORTAL_API.userToken}?request=${encodeURIComponent(request)}`, remoteAddress: someIp() });

    it("gives a request token for a location's GSTIN, swapped once for a portal session of that GSTIN, audited", async () => {
      const switched = await h.app.inject({
        method: 'POST',
        url: IRP_PORTAL_API.irpSwitch,
        headers: authed(productToken),
        payload: { entityId: tenant.entityIds[0] },
      });
      expect(switched.statusCode, switched.body).toBe(200);
      const url = switched.json().data.url as string;
      expect(url.startsWith('https://einvoice.example.test/portal-redirect?request=')).toBe(true);
      const first = await swap(requestOf(url));
      expect(first.statusCode, first.body).toBe(200);
      expect(first.json().data).toMatchObject({ gstin: GSTIN, userName: `API_${GSTIN}` });
      // No IRP user is registered by the switch: the GSTIN's first API authentication still chooses its name and password.
      const irp = await h.ctx.irp.authenticate(GSTIN, 'erp_user', 'Chosen@123');
      expect(irp.userName).toBe('erp_user');
      const replayed = await swap(requestOf(url));
      expect(replayed.statusCode).toBe(401);
      expect(replayed.json().errors[0].code).toBe('IRP0003');
      const audit = await h.ctx.database.db
        .select()
        .from(auditTrail)
        .where(and(eq(auditTrail.subscriberId, tenant.subscriberId), eq(auditTrail.entityType, 'IrpSwitch')));
      expect(audit).toHaveLength(1);
    });

    it('refuses an expired, a tampered and an initialize token, and a location without a GSTIN or of another subscriber', async () => {
      const old = issueRequestToken(
        h.ctx.secretKey,
        { aud: 'irp-switch', sub: '1', sid: 1, gstin: GSTIN },
        new Date(h.ctx.now().getTime() - 121_000),
      );
      expect((await swap(old.token)).json().errors[0].code).toBe('IRP0003');
      const fresh = issueRequestToken(h.ctx.secretKey, { aud: 'irp-switch', sub: '1', sid: 1, gstin: GSTIN }, h.ctx.now()).token;
      const [head, payload, signature] = fresh.split('.') as [string, string, string];
      const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as Record<string, unknown>;
      const forged = Buffer.from(JSON.stringify({ ...claims, gstin: SELLER })).toString('base64url');
      expect((await swap(`${head}.${forged}.${signature}`)).json().errors[0].code).toBe('IRP0003');
      const otherPurpose = issueRequestToken(h.ctx.secretKey, { aud: 'initialize', sub: '1', sid: 1, gstin: GSTIN }, h.ctx.now());
      expect((await swap(otherPurpose.token)).json().errors[0].code).toBe('IRP0003');

      const noGstin = await h.app.inject({
        method: 'POST',
        url: IRP_PORTAL_API.irpSwitch,
        headers: authed(productToken),
        payload: { entityId: tenant.entityIds[1] },
      });
      expect(noGstin.json().errors[0].code).toBe('IRP0006');
      const stranger = await createTenant(h);
      const foreign = await h.app.inject({
        method: 'POST',
        url: IRP_PORTAL_API.irpSwitch,
        headers: authed(productToken),
        payload: { entityId: stranger.entityIds[0] },
      });
      expect(foreign.statusCode).toBe(404);
    });
  });
});

describe('the e-invoicing portal where the IRP is elsewhere and IRP mode is off', () => {
  it('is not served', async () => {
    const h = await startHarness('pglite', {
      env: { IRP_URL: 'https://einv-apisandbox.nic.in', IRP_CLIENT_ID: 'gsp', IRP_CLIENT_SECRET: 'gsp-secret' },
    });
    try {
      expect((await h.app.inject({ method: 'GET', url: IRP_PORTAL_API.loginMetadata })).statusCode).toBe(404);
      expect(API.token).toBeDefined();
    } finally {
      await h.close();
    }
  }, 120_000);
});
