import { expect, test } from '@playwright/test';
import { expectAccessible } from '../support/accessibility';
import { authTokenOf, fixtures, shot, signInAs } from '../support/journeys';

test('a logged-out user opening an authenticated route goes Home', async ({ page }) => {
  await page.goto('/quick-access-and-statistics');
  await expect(page).toHaveURL(/\/home$/);
  await shot(page, 'guard-01-home');
});

test('a logged-in user opening Login goes to the home route', async ({ page }) => {
  await signInAs(page, fixtures().guard);
  await page.goto('/login');
  await expect(page).toHaveURL(/\/quick-access-and-statistics$/);
});

test('an unknown path shows Page Not Found', async ({ page }) => {
  await page.goto('/no-such-screen');
  await expect(page.getByText('Page Not Found!')).toBeVisible();
  await expect(page.getByText('We are sorry, but the page you requested was not found.')).toBeVisible();
  // The loader index.html shows until the first render is gone once the app has rendered.
  await expect(page.getByTestId('boot-loader')).toHaveCount(0);
  await expectAccessible(page, 'guard-not-found');
});

test('a user without rights goes to No Rights Assigned', async ({ page }) => {
  const { noRights } = fixtures();
  await page.goto('/login');
  await page.getByTestId('login-username').fill(noRights.userName);
  await page.getByTestId('login-password').fill(noRights.password);
  await page.getByTestId('login-submit').click();
  await expect(page).toHaveURL(/\/no-rights-assigned$/);
  await shot(page, 'guard-02-no-rights');
});

test('maintenance sends the user to Under Maintenance, and back when it ends', async ({ page }) => {
  const { admin } = fixtures();
  await page.clock.install();
  await signInAs(page, admin);
  const headers = { 'auth-token': await authTokenOf(page) };
  expect((await page.request.post('/api/v0.1/admin/maintenance', { headers, data: { enabled: true } })).status()).toBe(204);
  try {
    await page.reload();
    await expect(page).toHaveURL(/\/under-maintenance$/);
    await shot(page, 'guard-03-maintenance');
  } finally {
    expect((await page.request.post('/api/v0.1/admin/maintenance', { headers, data: { enabled: false } })).status()).toBe(204);
  }
  // The page checks every 30000 ms; on a 204 it goes back to the statistics screen.
  await page.clock.fastForward(31_000);
  await expect(page).toHaveURL(/\/quick-access-and-statistics$/);
});
