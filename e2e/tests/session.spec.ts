import { expect, test } from '@playwright/test';
import { authTokenOf, fillLogin, fixtures, shot, signInAs } from '../support/journeys';

test('an expired or revoked session returns to Login with the toast', async ({ page }) => {
  const { session } = fixtures();
  await signInAs(page, session);
  const token = await authTokenOf(page);
  // The session ends elsewhere (another tab logs out): the server now answers 401 AUTH0013.
  const out = await page.request.get('/api/v0.1/logout', { headers: { 'auth-token': token } });
  expect(out.status()).toBe(204);
  await page.reload();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText(/session has expired/i).first()).toBeVisible();
  expect(await authTokenOf(page)).toBe('');
  await shot(page, 'session-01-expired');
  // The reason stays on Login until the next sign-in, a reload of the page included.
  await page.reload();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByTestId('login-session-ended')).toHaveText(/session has expired/i);
});

test('with single session on, signing in elsewhere offers to end the other session', async ({ page, browser }) => {
  const { singleSession } = fixtures();
  await signInAs(page, singleSession);
  // A context of its own (axe's checks need a page of a context made with newContext).
  const other = await (await browser.newContext()).newPage();
  try {
    await other.goto('/login');
    await fillLogin(other, singleSession.userName, singleSession.password);
    await expect(other.getByText(/already signed in elsewhere/i).first()).toBeVisible();
    await shot(other, 'session-02-signed-in-elsewhere');
    await other.getByTestId('login-force').click();
    await expect(other).toHaveURL(/\/quick-access-and-statistics$/);
  } finally {
    await other.context().close();
  }
  // The first browser's session was ended: it returns to Login and says why.
  await page.reload();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText(/signed in elsewhere/i).first()).toBeVisible();
});
