import { expect, test } from '@playwright/test';
import { authTokenOf, fillLogin, fixtures, shot, signInAs } from '../support/journeys';

test('signs in with the printed credentials and lands in the shell with real counts', async ({ page }) => {
  const { admin } = fixtures();
  const bodies: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/')) bodies.push(`${request.url()} ${request.postData() ?? ''} ${JSON.stringify(request.headers())}`);
  });
  await page.goto('/login');
  await expect(page.getByTestId('login-submit')).toBeVisible();
  await shot(page, 'sign-in-01-login');
  await fillLogin(page, admin.userName, admin.password);
  await expect(page).toHaveURL(/\/quick-access-and-statistics$/);
  await expect(page.getByTestId('page-title')).toContainText('Quick Access');
  await expect(page.getByTestId('sidebar')).toBeVisible();
  // The demo tenant has one business, two locations and one child location: the screen shows what exists.
  await expect(page.getByText('Locations', { exact: false }).first()).toBeVisible();
  await shot(page, 'sign-in-02-statistics');
  // The password never travelled in clear: only its AES ciphertext did.
  expect(bodies.join('\n')).not.toContain(admin.password);
  expect(await authTokenOf(page)).toMatch(/^[A-Za-z0-9_-]{43}$/);
});

test('shows the server field error on the password with a red border', async ({ page }) => {
  const { admin } = fixtures();
  await page.goto('/login');
  await fillLogin(page, admin.userName, 'Not-the-password-1');
  await expect(page.getByText('Invalid user name or password.').first()).toBeVisible();
  await expect(page.getByTestId('login-password')).toHaveAttribute('data-invalid', 'true');
  await shot(page, 'sign-in-03-wrong-password');
});

test('logout revokes the session and goes to Login', async ({ page }) => {
  const { logout } = fixtures();
  await signInAs(page, logout);
  const token = await authTokenOf(page);
  await page.getByTestId('user-menu').click();
  await page.getByTestId('logout-link').click();
  await expect(page).toHaveURL(/\/login$/);
  expect(await authTokenOf(page)).toBe('');
  const res = await page.request.get('/api/v0.1/loadsettings', { headers: { 'auth-token': token } });
  expect(res.status()).toBe(401);
  expect((await res.json()).errors[0].code).toBe('AUTH0013');
});
