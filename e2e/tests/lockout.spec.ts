import { expect, test } from '@playwright/test';
import { fillLogin, fixtures, shot } from '../support/journeys';

test('five wrong passwords lock the user for 15 minutes with a clear message', async ({ page }) => {
  const { lockout } = fixtures();
  await page.goto('/login');
  for (let i = 0; i < 4; i++) {
    await fillLogin(page, lockout.userName, `Wrong#Password${i}`);
    await expect(page.getByText('Invalid user name or password.').first()).toBeVisible();
  }
  await fillLogin(page, lockout.userName, 'Wrong#Password5');
  await expect(page.getByText(/locked after too many failed sign-in attempts/).first()).toBeVisible();
  // The lock ends by itself (issue 16): the message says until when.
  await expect(page.getByText(/until \d\d:\d\d on .* \(India time\), in about 15 minutes/).first()).toBeVisible();
  await shot(page, 'lockout-01-locked');
  // Even the right password is refused now.
  await fillLogin(page, lockout.userName, lockout.password);
  await expect(page.getByText(/locked after too many failed sign-in attempts/).first()).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
});
