import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { writeFileSync } from 'node:fs';
import { ADMINISTRATION_API, API, IMPORT_COLUMNS, ORGANIZATION_API, type ImportType, type UserEntity } from '@opengst/contracts';
import { linkOf, otpOf, waitForMail, type Credentials } from './journeys';

// Helpers of the returns journeys (issue 7): a second subscriber registered the way a new customer registers, a
// location and its GST portal user name set through the API, and a CSV import run on the import screen.

export type Headers = Record<string, string>;

/** A CSV of the import type's columns, keyed by IMPORT_COLUMNS keys. */
export const csvOf = (importType: ImportType, rows: readonly Record<string, string>[]): string => {
  const columns = IMPORT_COLUMNS[importType];
  const quote = (value: string) => (/[",\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value);
  return [columns.map((column) => column.name), ...rows.map((row) => columns.map((column) => row[column.key] ?? ''))]
    .map((cells) => cells.map(quote).join(','))
    .join('\n');
};

/** Uploads the file on /import as the given type and waits for the import's final status. */
export const importOnScreen = async (page: Page, importTypeName: string, path: string, csv: string): Promise<string | null> => {
  writeFileSync(path, csv);
  await page.goto('/import');
  await page.getByTestId('import-type').click();
  await page.getByRole('option', { name: importTypeName }).click();
  await page.getByTestId('import-file').setInputFiles(path);
  await page.getByTestId('import-upload').click();
  const result = page.getByTestId('import-result');
  await expect(result).toBeVisible({ timeout: 60_000 });
  return result.getAttribute('data-status');
};

/**
 * Registers a new subscriber by GSTIN (public registration: OTP by mail, then the welcome link to choose a password),
 * so the GSTIN becomes a location of that subscriber. Leaves the page on the reset-password success.
 */
export const registerSubscriber = async (
  page: Page,
  who: { gstin: string; organisationName: string; userName: string; password: string },
): Promise<Credentials> => {
  const email = `${who.userName}@journeys.test`;
  const since = Date.now();
  const started = await page.request.post(ADMINISTRATION_API.registrationRegister, {
    data: {
      gstinOrPan: who.gstin,
      organisationName: who.organisationName,
      userName: who.userName,
      displayName: who.organisationName,
      email,
      mobile: '9876543210',
    },
  });
  expect(started.status(), await started.text()).toBe(200);
  const { token } = (await started.json()).data as { token: string };
  const otp = otpOf(await waitForMail(email, /register/, since));
  const completed = await page.request.post(ADMINISTRATION_API.registrationValidateOtp, { data: { token, otp } });
  expect(completed.status(), await completed.text()).toBe(200);
  const link = new URL(linkOf(await waitForMail(email, /your new account/, since)));
  await page.goto(`${link.pathname}${link.search}`);
  await page.getByTestId('reset-password').fill(who.password);
  await page.getByTestId('reset-confirm').fill(who.password);
  await page.getByTestId('reset-submit').click();
  await expect(page.getByTestId('reset-success')).toBeVisible();
  return { userName: who.userName, password: who.password, email };
};

export const entitiesOf = async (request: APIRequestContext, headers: Headers, financialYear: string): Promise<UserEntity[]> =>
  (await (await request.get(`${API.userEntities}?financialYear=${financialYear}`, { headers })).json()).data as UserEntity[];

/** Creates a location under the business and returns its id. */
export const createLocation = async (
  request: APIRequestContext,
  headers: Headers,
  location: { parentEntityId: number; entityName: string; gstin: string; stateCode: string; pan: string },
): Promise<number> => {
  const saved = await request.post(ORGANIZATION_API.entitySave, {
    headers,
    data: { entityType: 'Location', taxpayerType: 'Regular', status: 'Active', ...location },
  });
  expect(saved.status(), await saved.text()).toBe(200);
  return ((await saved.json()).data as { entityId: number }).entityId;
};

export const setPortalUserName = async (
  request: APIRequestContext,
  headers: Headers,
  entityId: number,
  portalUserName: string,
): Promise<void> => {
  const saved = await request.post(ORGANIZATION_API.entitySetGstPortalCredential, {
    headers,
    data: { entityId, portalUserName, portalPassword: 'sandbox-password' },
  });
  expect(saved.status(), await saved.text()).toBe(200);
};
