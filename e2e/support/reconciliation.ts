// Helpers of the reconciliation journey (issue 18): the API calls a supplier makes to file its GSTR-1 through the
// portal sandbox, the sandbox's date, and the buyer's location ids by GSTIN.
import { expect, type APIRequestContext } from '@playwright/test';
import { financialYearOfPeriod } from '@opengst/domain';
import { ORGANIZATION_API, RETURN_API as R, type ReturnDetail } from '@opengst/contracts';
import { entitiesOf, type Headers } from './returns';

export const SANDBOX_OTP = '575757';
/** Mounted-sandbox date control (PORTAL_SANDBOX_CLOCK_CONTROL, set by global-setup). */
const SANDBOX_CLOCK = '/portal-sandbox/testing/clock';

/** An instant in India time: day `day` of the month after `period`, at hh:mm IST. */
export const istAfter = (period: string, day: number, hour: number, minute: number): string => {
  const month = Number(period.slice(0, 2)); // the next month, 0-based
  return new Date(Date.UTC(Number(period.slice(2)), month, day, hour, minute) - 330 * 60_000).toISOString();
};

/** Runs the portal sandbox at this date (null: the server's own). */
export const setSandboxDate = async (request: APIRequestContext, at: string | null): Promise<void> => {
  const res = await request.post(SANDBOX_CLOCK, { data: { at } });
  expect(res.status(), await res.text()).toBe(200);
};

const ok = async (response: Awaited<ReturnType<APIRequestContext['post']>>, what: string): Promise<unknown> => {
  expect(response.status(), `${what}: ${await response.text()}`).toBe(200);
  return ((await response.json()) as { data: unknown }).data;
};

/** The location of this GSTIN among the user's entities. */
export const locationOf = async (request: APIRequestContext, headers: Headers, gstin: string, period: string): Promise<number> => {
  const found = (await entitiesOf(request, headers, financialYearOfPeriod(period))).find((e) => e.gstin === gstin);
  if (!found) throw new Error(`no location ${gstin}`);
  return found.entityId;
};

/** Sets the location's portal user name and signs in to the portal sandbox with its OTP, as the portal card does. */
export const connectPortal = async (request: APIRequestContext, headers: Headers, entityId: number, userName: string) => {
  await ok(
    await request.post(ORGANIZATION_API.entitySetGstPortalCredential, {
      headers,
      data: { entityId, portalUserName: userName, portalPassword: 'Portal#Pass1' },
    }),
    'portal credential',
  );
  await ok(await request.post(R.portalOtp, { headers, data: { entityId } }), 'portal OTP');
  await ok(await request.post(R.portalAuthenticate, { headers, data: { entityId, otp: SANDBOX_OTP } }), 'portal sign-in');
};

const detailOf = async (request: APIRequestContext, headers: Headers, entityId: number, period: string): Promise<ReturnDetail> =>
  (await (await request.get(`${R.detail}?entityId=${entityId}&returnType=GSTR1&returnPeriod=${period}`, { headers })).json())
    .data as ReturnDetail;

/** Generates, saves (waiting for the portal's answer), submits and files the location's GSTR-1 of the period. */
export const fileGstr1 = async (request: APIRequestContext, headers: Headers, entityId: number, period: string): Promise<void> => {
  await ok(await request.post(R.generate, { headers, data: { entityId, returnType: 'GSTR1', returnPeriod: period } }), 'generate');
  await expect
    .poll(async () => (await detailOf(request, headers, entityId, period)).generationStatus, { timeout: 60_000 })
    .toBe('Completed');
  const { id } = await detailOf(request, headers, entityId, period);
  await ok(await request.post(R.save, { headers, data: { id } }), 'save');
  await expect.poll(async () => (await detailOf(request, headers, entityId, period)).portalSaveStatus, { timeout: 60_000 }).toBe('P');
  await ok(await request.post(R.submit, { headers, data: { id } }), 'submit');
  await ok(await request.post(R.fileOtp, { headers, data: { id } }), 'file OTP');
  await ok(await request.post(R.file, { headers, data: { id, otp: SANDBOX_OTP } }), 'file');
  expect((await detailOf(request, headers, entityId, period)).status).toBe('Filed');
};
