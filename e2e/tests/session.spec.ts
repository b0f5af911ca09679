import { expect, test } from '@playwright/test';
import { authTokenOf, fixtures, shot, signInAs } from '../support/journeys';

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
});
