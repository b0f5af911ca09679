// /initialize's API: a system holding a user's API key gets a one-time request token for that user, and the browser
// swaps it for a session of the user; expired, replayed, tampered tokens, another purpose's, and one of a user no
// longer active are refused (401 IRP0003); a browser session cannot mint one (403 IRP0007); the session belongs to the
// token's user and subscriber only.
import { HEADERS, REQUEST_TOKEN_API } from '@opengst/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema';
import { issueApiKey } from '../../platform/auth/api-keys';
import { issueRequestToken } from '../../platform/auth/request-tokens';
import { authed, createTenant, ENGINES, signIn, someIp, startHarness, type Harness, type Tenant } from '../../test-support/harness';

describe.each(ENGINES)('request tokens for /initialize on %s', (engine) => {
  let h: Harness;
  let tenant: Tenant;
  let apiKey: string;
  beforeAll(async () => {
    h = await startHarness(engine);
    tenant = await createTenant(h);
    apiKey = (
      await issueApiKey(h.ctx.database.db, { subscriberId: tenant.subscriberId, userId: tenant.adminUserId }, 'AuthKey', h.ctx.now())
    ).secret;
  }, 120_000);
  afterAll(async () => h.close());

  const ask = async (token: string) => h.app.inject({ method: 'POST', url: REQUEST_TOKEN_API.requestToken, headers: authed(token) });
  const swap = (request: string) =>
    h.app.inject({ method: 'GET', url: `${REQUEST_TOKEN_API.userToken}?request=${encodeURIComponent(request)}`, remoteAddress: someIp() });
  const whoIs = async (sessionToken: string) =>
    (await h.app.inject({ method: 'GET', url: '/api/v0.1/loadsettings', headers: { [HEADERS.authToken]: sessionToken } })).json().data;

  it("issues a token to an API key for its user; the token swaps once for a session of that user, in the user's subscriber", async () => {
    const asked = await ask(apiKey);
    expect(asked.statusCode, asked.body).toBe(200);
    const { request, url, expiresAt } = asked.json().data as { request: string; url: string; expiresAt: string };
    expect(url).toBe(`/initialize?request=${encodeURIComponent(request)}`);
    expect(new Date(expiresAt).getTime() - h.ctx.now().getTime()).toBeLessThanOrEqual(120_000);

    const swapped = await swap(request);
    expect(swapped.statusCode, swapped.body).toBe(200);
    const session = swapped.json().data as { type: string; token: string };
    expect(session.type).toBe('Success');
    const settings = await whoIs(session.token);
    expect(JSON.stringify(settings)).toContain(tenant.userName);

    const replay = await swap(request);
    expect(replay.statusCode).toBe(401);
    expect(replay.json().errors[0].code).toBe('IRP0003');
  });

  it('refuses a browser session asking for a token (403 IRP0007) and anyone not signed in', async () => {
    const browser = await ask(await signIn(h.app, tenant));
    expect(browser.statusCode).toBe(403);
    expect(browser.json().errors[0].code).toBe('IRP0007');
    expect((await h.app.inject({ method: 'POST', url: REQUEST_TOKEN_API.requestToken })).statusCode).toBe(401);
  });

  it("refuses an expired, a tampered, another purpose's token, another subscriber's user, and a deactivated user", async () => {
    const claims = { sub: String(tenant.adminUserId), sid: tenant.subscriberId };
    const expired = issueRequestToken(h.ctx.secretKey, { aud: 'initialize', ...claims }, new Date(h.ctx.now().getTime() - 121_000));
    expect((await swap(expired.token)).json().errors[0].code).toBe('IRP0003');

    const other = await createTenant(h);
    const fresh = issueRequestToken(h.ctx.secretKey, { aud: 'initialize', ...claims }, h.ctx.now()).token;
    const [head, payload, signature] = fresh.split('.') as [string, string, string];
    const forged = JSON.parse(Buffer.from(payload, 'base64url').toString()) as Record<string, unknown>;
    const toOther = Buffer.from(JSON.stringify({ ...forged, sub: String(other.adminUserId), sid: other.subscriberId })).toString(
      'base64url',
    );
    expect((await swap(`${head}.${toOther}.${signature}`)).json().errors[0].code).toBe('IRP0003');
    const unsigned = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
    expect((await swap(`${unsigned}.${payload}.`)).json().errors[0].code).toBe('IRP0003');

    const irpSwitch = issueRequestToken(h.ctx.secretKey, { aud: 'irp-switch', ...claims }, h.ctx.now());
    expect((await swap(irpSwitch.token)).json().errors[0].code).toBe('IRP0003');
    // A token naming a user under another subscriber than the user's own (a token minted wrong, or keys mixed).
    const mixed = issueRequestToken(
      h.ctx.secretKey,
      { aud: 'initialize', sub: String(other.adminUserId), sid: tenant.subscriberId },
      h.ctx.now(),
    );
    expect((await swap(mixed.token)).json().errors[0].code).toBe('IRP0003');

    const beforeDeactivation = (await ask(apiKey)).json().data.request as string;
    await h.ctx.database.db.update(users).set({ status: 'Inactive' }).where(eq(users.id, other.adminUserId));
    const ofInactive = issueRequestToken(
      h.ctx.secretKey,
      { aud: 'initialize', sub: String(other.adminUserId), sid: other.subscriberId },
      h.ctx.now(),
    );
    expect((await swap(ofInactive.token)).json().errors[0].code).toBe('IRP0003');
    expect((await swap(beforeDeactivation)).statusCode).toBe(200);
  });
});
