// The IP allow-list on both engines (issue 20): /ip-addresses (list, filters, sort, paging, save with the domain's
// messages, status, delete, export read back, audit rows, the right it needs), the sign-in refused from an address
// no active entry allows (recorded in the authentication events), and the lock-out guard on the administrator's own
// address. app.inject's remoteAddress plays the client's address (request.ip).
import { API, DASHBOARD_API, HEADERS, IP_ADDRESS_API as IP, type IpAddress } from '@opengst/contracts';
import { and, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditTrail, authEvents, ipAllowList } from '../../../db/schema';
import {
  createTenant,
  encryptor,
  ENGINES,
  login,
  setSubscriberSettings,
  signIn,
  startHarness,
  type Harness,
  type Tenant,
} from '../../../test-support/harness';
import { otpIn } from '../../../test-support/smtp';
import { clientOf, signInLimitedUser } from '../../../test-support/org-fixtures';

describe.each(ENGINES)('IP allow-list on %s', (engine) => {
  let h: Harness;
  let t: Tenant;
  let token: string;

  /** The administrator's session, calling from `ip`. */
  const from = (ip: string) => ({
    post: (url: string, payload: unknown) =>
      h.app.inject({ method: 'POST', url, payload: payload as object, headers: { [HEADERS.authToken]: token }, remoteAddress: ip }),
    get: (url: string) => h.app.inject({ method: 'GET', url, headers: { [HEADERS.authToken]: token }, remoteAddress: ip }),
  });
  const office = () => from('127.0.0.1');
  const save = async (body: Record<string, unknown>, ip = '127.0.0.1'): Promise<IpAddress> => {
    const res = await from(ip).post(IP.ipAddressSave, body);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as IpAddress;
  };
  const list = async (body: Record<string, unknown> = {}) => {
    const res = await office().post(IP.ipAddressSearch, { start: 0, size: 50, ...body });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as { items: IpAddress[]; totalRecords: number };
  };
  const rows = () => h.ctx.database.db.select().from(ipAllowList).where(eq(ipAllowList.subscriberId, t.subscriberId));
  const audits = (key: number) =>
    h.ctx.database.db
      .select()
      .from(auditTrail)
      .where(
        and(eq(auditTrail.subscriberId, t.subscriberId), eq(auditTrail.entityType, 'IpAddress'), eq(auditTrail.entityKey, String(key))),
      );

  beforeAll(async () => {
    h = await startHarness(engine);
    t = await createTenant(h);
    token = await signIn(h.app, t);
  });
  afterAll(async () => {
    await h.close();
  });

  it('needs the MasterIpAddresses right', async () => {
    const noRight = clientOf(h, (await signInLimitedUser(h, t, ['SalesView'], [])).token);
    for (const res of [
      await noRight.post(IP.ipAddressSearch, { start: 0, size: 10 }),
      await noRight.post(IP.ipAddressSave, { address: '10.0.0.0/8' }),
      await noRight.get(IP.ipAddressCurrent),
    ]) {
      expect(res.statusCode).toBe(403);
    }
    expect(await rows()).toEqual([]);
  });

  it('shows the address the request comes from; with no entry sign-in is not limited', async () => {
    const res = await office().get(IP.ipAddressCurrent);
    expect(res.json().data).toEqual({ address: '127.0.0.1', activeEntries: 0, isAllowed: true });
    expect((await login(h.app, t.userName, t.password, { ip: '192.0.2.5' })).statusCode).toBe(200);
  });

  it('refuses a bad entry with the reason, and a first entry that would shut out the administrator', async () => {
    const hostBits = await office().post(IP.ipAddressSave, { address: '10.0.0.1/8' });
    expect(hostBits.statusCode).toBe(422);
    expect(hostBits.json().errors[0].message).toContain('a /8 range starts at 10.0.0.0/8');
    const garbage = await office().post(IP.ipAddressSave, { address: '10.0.0.300' });
    expect(garbage.statusCode).toBe(422);
    expect(garbage.json().errors[0].message).toContain('300 is above 255');

    const lockOut = await office().post(IP.ipAddressSave, { address: '10.0.0.0/8', description: 'VPN' });
    expect(lockOut.statusCode).toBe(422);
    expect(lockOut.json().errors[0]).toMatchObject({ code: 'AUTH0021' });
    expect(lockOut.json().errors[0].message).toContain('you are signed in from 127.0.0.1');
    expect(await rows()).toEqual([]);
  });

  it('saves entries in canonical form, audited, and refuses the same range written another way', async () => {
    const loopback = await save({ address: ' 127.0.0.0/8 ', description: 'Office' });
    expect(loopback).toMatchObject({ address: '127.0.0.0/8', version: 4, size: '1,67,77,216', description: 'Office', status: 'Active' });
    const vpn = await save({ address: '10.0.0.0/8', description: 'VPN' });
    const v6 = await save({ address: '2001:0DB8:0:0::/32', description: 'Branch IPv6' });
    expect(v6).toMatchObject({ address: '2001:db8::/32', version: 6, size: '2^96' });
    const again = await office().post(IP.ipAddressSave, { address: '::ffff:a00:0/104' });
    expect(again.statusCode).toBe(422);
    expect(again.json().errors[0].message).toBe('10.0.0.0/8 is already listed.');
    const [created] = await audits(vpn.id);
    expect(created).toMatchObject({ action: 'Create', ip: '127.0.0.1' });
    expect(created?.after).toEqual({ address: '10.0.0.0/8', description: 'VPN', status: 'Active' });
    expect((await office().get(IP.ipAddressCurrent)).json().data).toEqual({ address: '127.0.0.1', activeEntries: 3, isAllowed: true });
  });

  it('refuses a sign-in from an address no active entry allows, after the password, and records it', async () => {
    const refused = await login(h.app, t.userName, t.password, { ip: '192.0.2.5' });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors[0]).toMatchObject({ code: 'AUTH0020' });
    expect(refused.json().errors[0].message).toContain('Sign-in from 192.0.2.5 is not allowed');
    const events = await h.ctx.database.db.select().from(authEvents).where(eq(authEvents.subscriberId, t.subscriberId));
    expect(events.filter((e) => e.event === 'AddressNotAllowed').map((e) => e.ip)).toEqual(['192.0.2.5']);
    // A wrong password is answered as a wrong password: the list is not revealed to someone who does not know it.
    const wrong = await login(h.app, t.userName, 'not-the-password', { ip: '192.0.2.8' });
    expect(wrong.json().errors[0].code).toBe('AUTH0001');

    for (const ip of ['10.200.1.2', '::ffff:10.9.9.9', '2001:db8:1::5', '127.8.8.8']) {
      expect((await login(h.app, t.userName, t.password, { ip })).statusCode, ip).toBe(200);
    }
    expect((await login(h.app, t.userName, t.password, { ip: '2001:db9::5' })).statusCode).toBe(422);
  });

  it("refuses to deactivate, delete or narrow the entry that allows the administrator's own address", async () => {
    const [loopback] = (await list({ filters: { text: '127.' } })).items;
    if (!loopback) throw new Error('no loopback entry');
    const deactivate = await office().post(IP.ipAddressUpdateStatus, { ids: [loopback.id], status: 'Inactive' });
    expect(deactivate.statusCode).toBe(422);
    expect(deactivate.json().errors[0].code).toBe('AUTH0021');
    const remove = await office().post(IP.ipAddressDelete, { ids: [loopback.id] });
    expect(remove.json().errors[0].code).toBe('AUTH0021');
    const narrow = await office().post(IP.ipAddressSave, { id: loopback.id, address: '127.0.0.2', description: 'Office' });
    expect(narrow.json().errors[0].code).toBe('AUTH0021');
    const after = (await rows()).find((r) => r.id === loopback.id);
    expect(after).toMatchObject({ address: '127.0.0.0/8', status: 'Active' });
    expect((await audits(loopback.id)).map((a) => a.action)).toEqual(['Create']);

    // Narrowed to the address itself: still allowed, so saved.
    expect(await save({ id: loopback.id, address: '127.0.0.1/32', description: 'Office desk' })).toMatchObject({ address: '127.0.0.1' });
    // From the VPN the administrator may deactivate it: the VPN entry still allows that address.
    const viaVpn = await from('10.0.0.5').post(IP.ipAddressUpdateStatus, { ids: [loopback.id], status: 'Inactive' });
    expect(viaVpn.statusCode, viaVpn.body).toBe(200);
    expect((await audits(loopback.id)).map((a) => a.action)).toEqual(['Create', 'Update', 'StatusChange']);
    expect((await login(h.app, t.userName, t.password, { ip: '127.0.0.1' })).statusCode).toBe(422);
  });

  it('lists with filters, sort and paging, and exports what is filtered', async () => {
    expect((await list()).totalRecords).toBe(3);
    expect((await list({ filters: { status: 'Inactive' } })).items.map((r) => r.address)).toEqual(['127.0.0.1']);
    expect((await list({ filters: { text: 'vpn' } })).items.map((r) => r.address)).toEqual(['10.0.0.0/8']);
    expect((await list({ sortExpression: 'address ASC' })).items.map((r) => r.address)).toEqual([
      '10.0.0.0/8',
      '127.0.0.1',
      '2001:db8::/32',
    ]);
    const first = await list({ size: 2, sortExpression: 'id ASC' });
    const next = await list({ start: 2, size: 2, sortExpression: 'id ASC' });
    expect(first.totalRecords).toBe(3);
    expect([...first.items, ...next.items].map((r) => r.address)).toEqual(['127.0.0.1', '10.0.0.0/8', '2001:db8::/32']);
    expect((await office().post(IP.ipAddressSearch, { start: 0, size: 10, sortExpression: 'subscriberId ASC' })).statusCode).toBe(422);

    const res = await from('10.0.0.5').post(IP.ipAddressExport, { sortExpression: 'address ASC', filters: { status: 'Active' } });
    expect(res.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    expect(sheet?.getRow(1).getCell(1).value).toBe('IP address or range');
    expect(sheet?.rowCount).toBe(3);
    expect([2, 3].map((n) => [sheet?.getRow(n).getCell(1).value, sheet?.getRow(n).getCell(4).value])).toEqual([
      ['10.0.0.0/8', 'VPN'],
      ['2001:db8::/32', 'Branch IPv6'],
    ]);
  });

  it('deleting every active entry lifts the limit; another subscriber is not limited by this list', async () => {
    const active = (await list({ filters: { status: 'Active' } })).items.map((r) => r.id);
    const res = await from('10.0.0.5').post(IP.ipAddressDelete, { ids: active });
    expect(res.json().data).toEqual({ affected: 2 });
    expect((await rows()).map((r) => r.address)).toEqual(['127.0.0.1']);
    expect((await audits(active[0] ?? 0)).at(-1)?.action).toBe('Delete');
    // Another user of the subscriber (the administrator's own name has met its sign-in throttle by now).
    const clerk = await signInLimitedUser(h, t, ['SalesView'], []);
    expect((await login(h.app, clerk.userName, clerk.password, { ip: '192.0.2.6' })).statusCode).toBe(200);
    const other = await createTenant(h);
    expect((await login(h.app, other.userName, other.password, { ip: '192.0.2.7' })).statusCode).toBe(200);
  });

  it('checks the address again at the OTP step of two-factor sign-in', async () => {
    const other = await createTenant(h);
    await setSubscriberSettings(h, other.subscriberId, { security: { twoFactorEnabled: true } });
    const pending = await (async () => {
      const sent = h.smtp.mails.length;
      const step = (await login(h.app, other.userName, other.password, { ip: '10.1.1.1' })).json().data;
      return { step, otp: otpIn(await h.smtp.waitFor(other.email, /one-time password to sign in/, sent)) };
    })();
    // The list is set while the OTP is on its way: only 10.0.0.0/8, where the password step came from.
    const [entry] = await h.ctx.database.db
      .insert(ipAllowList)
      .values({ subscriberId: other.subscriberId, address: '10.0.0.0/8', description: 'VPN' })
      .returning();
    expect(entry?.status).toBe('Active');
    const validateOtp = async (ip: string) => {
      const { encId, encrypt } = await encryptor(h.app, ip);
      return h.app.inject({
        method: 'POST',
        url: API.validateOtp,
        headers: { [HEADERS.encId]: encId, [HEADERS.publicAuthToken]: pending.step.token },
        payload: { otp: encrypt(pending.otp) },
        remoteAddress: ip,
      });
    };
    const refused = await validateOtp('192.0.2.44');
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors[0]).toMatchObject({ code: 'AUTH0020' });
    const events = await h.ctx.database.db.select().from(authEvents).where(eq(authEvents.subscriberId, other.subscriberId));
    expect(events.filter((e) => e.event === 'AddressNotAllowed').map((e) => e.ip)).toEqual(['192.0.2.44']);
    expect(events.some((e) => e.event === 'SignedIn' && e.ip === '192.0.2.44')).toBe(false);
  });

  it('lets only one of two changes made at the same moment pass when together they would shut out their makers', async () => {
    const third = await createTenant(h);
    // Two administrators (two sessions of two users, so neither waits for the other's request slot).
    const tokens = [await signIn(h.app, third), (await signInLimitedUser(h, third, ['MasterIpAddresses'], [])).token];
    const as = (token: string, ip: string) => (url: string, payload: unknown) =>
      h.app.inject({ method: 'POST', url, payload: payload as object, headers: { [HEADERS.authToken]: token }, remoteAddress: ip });
    const [desk, vpn] = await h.ctx.database.db
      .insert(ipAllowList)
      .values([
        { subscriberId: third.subscriberId, address: '127.0.0.1' },
        { subscriberId: third.subscriberId, address: '10.0.0.0/8' },
        { subscriberId: third.subscriberId, address: '203.0.113.0/24' },
      ])
      .returning();
    // From the VPN the desk entry may go, from the desk the VPN entry may go; not both.
    const results = await Promise.all([
      as(tokens[0] ?? '', '10.0.0.5')(IP.ipAddressDelete, { ids: [desk?.id] }),
      as(tokens[1] ?? '', '127.0.0.1')(IP.ipAddressDelete, { ids: [vpn?.id] }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 422]);
    expect(results.find((r) => r.statusCode === 422)?.json().errors[0].code).toBe('AUTH0021');
    const left = await h.ctx.database.db.select().from(ipAllowList).where(eq(ipAllowList.subscriberId, third.subscriberId));
    expect(left).toHaveLength(2);
  });

  it("counts a refused address among the failed sign-ins the user's dashboard reports", async () => {
    const user = await createTenant(h);
    expect((await login(h.app, user.userName, user.password, { ip: '10.3.3.3' })).statusCode).toBe(200);
    await h.ctx.database.db.insert(ipAllowList).values({ subscriberId: user.subscriberId, address: '10.0.0.0/8' });
    expect((await login(h.app, user.userName, user.password, { ip: '192.0.2.9' })).json().errors[0].code).toBe('AUTH0020');
    const signedIn = await login(h.app, user.userName, user.password, { ip: '10.4.4.4' });
    const stats = await h.app.inject({
      method: 'GET',
      url: DASHBOARD_API.statistics,
      headers: { [HEADERS.authToken]: signedIn.json().data.token as string },
      remoteAddress: '10.4.4.4',
    });
    expect(stats.json().data.failedSignInsSinceLastSuccess).toBe(1);
  });
});
